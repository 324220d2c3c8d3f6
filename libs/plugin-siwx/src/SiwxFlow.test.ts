import { createMemoryStorage } from '@portico/kernel';
import { verifyMessage } from 'viem';
import { describe, expect, it, vi } from 'vitest';
import type { SiwxServerConfig, SiwxSession } from './api';
import { SIWX_INIT_ALERT } from './SiwxFlow';
import { SiwxNotEnabledError } from './siwxErrors';
import { setupSiwx, startSiwx } from './test/setupSiwx';

type Setup = Awaited<ReturnType<typeof setupSiwx>>;
const start = startSiwx;

/** Opens the modal, connects the test wallet, and waits until the message is prepared. */
async function connect(s: Setup) {
  const closed = s.portico.open('Connect');
  await s.portico.connect('test-wallet');
  await vi.waitFor(() => expect(s.service.state.getSnapshot().message ?? s.service.state.getSnapshot().error).toBeDefined());
  return { closed };
}

describe('sign-in flow through a real kernel', () => {
  it('opens SIWXSignMessage on connect, signs a real EIP-4361 message, stores the session and closes with "connected"', async () => {
    const s = await start();
    const added = vi.fn();
    s.portico.kernel.events.on('siwx:session-added', added);
    const { closed } = await connect(s);
    expect(s.isOpen()).toBe(true);
    expect(s.view()).toBe('SIWXSignMessage');
    const { message } = s.service.state.getSnapshot();
    expect(message).toMatch(new RegExp(`^app\\.example\\.com wants you to sign in with your Ethereum account:\\n${s.account.address}\\n`));
    expect(message).toMatch(/\nNonce: [A-Za-z0-9]{24}\n/);

    const session = await s.service.signIn();
    await expect(closed).resolves.toBe('connected');
    expect(s.isOpen()).toBe(false);
    expect(await verifyMessage({ address: s.account.address, message: session.message, signature: session.signature as `0x${string}` })).toBe(true);
    expect(session.data).toMatchObject({ chainId: 'eip155:1', accountAddress: s.account.address, domain: 'app.example.com', version: '1' });
    expect(Date.parse(session.data.expirationTime!) - Date.parse(session.data.issuedAt)).toBe(24 * 60 * 60 * 1000);
    expect(await s.service.getSession(s.caipAddress)).toEqual(session);
    expect(added).toHaveBeenCalledWith({ caipAddress: s.caipAddress, session });
    expect(s.portico.kernel.connection.get('eip155').status).toBe('connected');
  });

  it('keeps the view and shows "Signature declined" when the wallet rejects, then succeeds on retry', async () => {
    const s = await start();
    await connect(s);
    s.behaviour.decline = true;
    await expect(s.service.signIn()).rejects.toThrow('Signature declined');
    expect(s.service.state.getSnapshot()).toMatchObject({ status: 'error', error: 'Signature declined' });
    expect(s.view()).toBe('SIWXSignMessage');
    expect(await s.service.getSession(s.caipAddress)).toBeUndefined();
    s.behaviour.decline = false;
    await s.service.signIn();
    expect(s.isOpen()).toBe(false);
  });

  it('treats a signature that does not verify as declined', async () => {
    const s = await start();
    await connect(s);
    s.behaviour.signWithWrongKey = true;
    await expect(s.service.signIn()).rejects.toThrow('Signature declined');
    expect(s.view()).toBe('SIWXSignMessage');
    expect(await s.service.getSession(s.caipAddress)).toBeUndefined();
  });

  it('waits while the wallet is on a network the app does not list, and asks once it switches to one it does', async () => {
    const network = (caipNetworkId: string) => ({ caipNetworkId, name: caipNetworkId, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } });
    // The test wallet connects on eip155:1, which this app does not list.
    const nonces: string[] = [];
    const server: SiwxServerConfig = {
      getNonce: async ({ chainId }) => (nonces.push(chainId), `Nonce${nonces.length}abcdefgh`),
      verify: async () => true,
      getSessions: async () => [],
      revoke: async () => undefined,
    };
    const s = await start({ server }, { networks: [network('eip155:10'), network('eip155:8453')] });
    s.portico.open('Connect');
    await s.portico.connect('test-wallet');
    expect(s.portico.kernel.connection.get('eip155')).toMatchObject({ status: 'connected', network: 'eip155:1' });
    await new Promise((r) => setTimeout(r, 20));
    expect(s.view()).not.toBe('SIWXSignMessage');
    expect(s.service.state.getSnapshot().message).toBeUndefined();
    await s.portico.switchNetwork('eip155:10');
    await vi.waitFor(() => expect(s.service.state.getSnapshot().message).toContain('Chain ID: 10'));
    expect(s.view()).toBe('SIWXSignMessage');
    expect(s.isOpen()).toBe(true);
    await new Promise((r) => setTimeout(r, 20));
    expect(nonces).toEqual(['eip155:10']);
    // The wallet moves itself back onto the unlisted network, the message still unsigned: that sign-in ends.
    s.portico.kernel.connection.setNetwork('eip155', 'eip155:1');
    s.portico.kernel.connection.setAccounts('eip155', [{ address: `eip155:1:${s.account.address}`, type: 'eoa' }]);
    expect(s.service.state.getSnapshot()).toEqual({ status: 'idle' });
    expect(s.view()).toBe('Account');
    expect(nonces).toEqual(['eip155:10']);
  });

  it('tells smart-account users the app might not support them', async () => {
    const s = await start({}, { accountType: 'smartAccount' });
    await connect(s);
    s.behaviour.decline = true;
    await expect(s.service.signIn()).rejects.toThrow('This application might not support Smart Accounts');
    expect(s.service.state.getSnapshot().error).toBe('This application might not support Smart Accounts');
  });

  it('cancel disconnects when sign-in is required, and the view resets to Connect', async () => {
    const s = await start({ required: true });
    await connect(s);
    await s.service.cancel();
    expect(s.calls).toContain('disconnect');
    expect(s.portico.kernel.connection.get('eip155').status).toBe('disconnected');
    expect(s.portico.kernel.router.getSnapshot().stack).toEqual([{ view: 'Connect' }]);
  });

  it('cancel only closes when sign-in is optional', async () => {
    const s = await start();
    const { closed } = await connect(s);
    await s.service.cancel();
    await expect(closed).resolves.toBe('cancelled');
    expect(s.calls).not.toContain('disconnect');
    expect(s.portico.kernel.connection.get('eip155').status).toBe('connected');
    expect(s.portico.kernel.router.getSnapshot().current.view).toBe('Connect');
  });

  it('blocks closing the sign-in and approve views while required and unsigned', async () => {
    const s = await start({ required: true });
    const blocked = vi.fn();
    s.portico.kernel.events.on('modal:close-blocked', blocked);
    await connect(s);
    expect(s.portico.close()).toBe(false);
    expect(blocked).toHaveBeenCalledWith({ view: 'SIWXSignMessage' });
    s.portico.kernel.router.push('ApproveTransaction', undefined, { force: true });
    expect(s.portico.close()).toBe(false);
    s.portico.kernel.router.back({ force: true });
    await s.service.signIn();
    expect(s.isOpen()).toBe(false);
  });

  it('lets the modal close when sign-in is optional', async () => {
    const s = await start();
    await connect(s);
    expect(s.portico.close()).toBe(true);
  });

  it('does nothing on a namespace without a verifier (unsupported network)', async () => {
    const s = await start({}, { withVerifier: false });
    const closed = s.portico.open('Connect');
    await s.portico.connect('test-wallet');
    await expect(closed).resolves.toBe('connected');
    expect(s.service.state.getSnapshot()).toEqual({ status: 'idle' });
  });

  it('on an initialisation failure shows the error, disconnects and resets to Connect', async () => {
    const server: SiwxServerConfig = {
      getNonce: async () => {
        throw new Error('server down');
      },
      verify: async () => true,
      getSessions: async () => [],
      revoke: async () => undefined,
    };
    const s = await start({ server, required: true });
    await connect(s);
    await vi.waitFor(() => expect(s.portico.kernel.connection.get('eip155').status).toBe('disconnected'));
    expect(s.service.state.getSnapshot()).toMatchObject({ status: 'error', error: 'A problem occurred while trying initialize authentication' });
    expect(s.portico.kernel.alerts.getSnapshot().map((a) => a.message)).toContain('A problem occurred while trying initialize authentication');
    expect(s.portico.kernel.alerts.getSnapshot()[0]?.id).toBe(SIWX_INIT_ALERT);
    expect(s.view()).toBe('Connect');
  });

  it('the initialisation failure’s alert goes when the next sign-in starts, which then succeeds', async () => {
    let nonces = 0;
    const server: SiwxServerConfig = {
      getNonce: async () => {
        nonces += 1;
        if (nonces === 1) throw new Error('server down');
        return 'ServerNonce12345';
      },
      verify: async () => true,
      getSessions: async () => [],
      revoke: async () => undefined,
    };
    const s = await start({ server, required: true });
    await connect(s);
    await vi.waitFor(() => expect(s.portico.kernel.connection.get('eip155').status).toBe('disconnected'));
    expect(s.portico.kernel.alerts.getSnapshot().map((a) => a.id)).toEqual([SIWX_INIT_ALERT]);
    await s.portico.connect('test-wallet');
    await vi.waitFor(() => expect(s.service.state.getSnapshot().message).toContain('Nonce: ServerNonce12345'));
    expect(s.view()).toBe('SIWXSignMessage');
    expect(s.service.state.getSnapshot()).toMatchObject({ status: 'idle' });
    expect(s.portico.kernel.alerts.getSnapshot()).toEqual([]);
    await s.service.signIn();
    expect(s.isOpen()).toBe(false);
  });

  it('keeps what the wallet threw (a plain object) as the failure’s cause, and a retry clears the error', async () => {
    const s = await start();
    await connect(s);
    const thrown = { code: 4001, message: 'User denied message signature' };
    s.behaviour.rejectWith = thrown;
    await expect(s.service.signIn()).rejects.toThrow('Signature declined');
    expect(s.service.state.getSnapshot()).toMatchObject({ status: 'error', error: 'Signature declined', cause: thrown });
    s.behaviour.rejectWith = undefined;
    let release!: () => void;
    s.behaviour.gate = new Promise<void>((resolve) => (release = resolve));
    const retry = s.service.signIn();
    expect(s.service.state.getSnapshot()).toMatchObject({ status: 'signing' });
    expect(s.service.state.getSnapshot().error).toBeUndefined();
    release();
    await retry;
    expect(s.isOpen()).toBe(false);
  });

  it('uses the server’s nonce and verification when a server is configured', async () => {
    const verified: SiwxSession[] = [];
    let accept = false;
    const server: SiwxServerConfig = {
      getNonce: async () => 'ServerNonce12345',
      verify: async (session) => (verified.push(session), accept),
      getSessions: async () => [],
      revoke: async () => undefined,
    };
    const s = await start({ server });
    await connect(s);
    expect(s.service.state.getSnapshot().message).toContain('Nonce: ServerNonce12345');
    await expect(s.service.signIn()).rejects.toThrow('Signature declined');
    expect(verified).toHaveLength(1);
    accept = true;
    await s.service.signIn();
    expect(verified).toHaveLength(2);
    expect(s.isOpen()).toBe(false);
  });
});

describe('sign out', () => {
  it('drops every local session and tries every server revocation even when one fails', async () => {
    const revoked: string[] = [];
    const server: SiwxServerConfig = {
      getNonce: async () => 'ServerNonce12345',
      verify: async () => true,
      getSessions: async () => [],
      revoke: async (chainId) => {
        revoked.push(chainId);
        throw new Error('server down');
      },
    };
    const s = await start({ server });
    await connect(s);
    await s.service.signIn();
    await expect(s.service.signOut()).rejects.toThrow('Signed out locally; 1 server revocation(s) failed');
    expect(revoked).toHaveLength(1);
    expect(await s.service.getSession(s.portico.kernel.connection.get('eip155').address!)).toBeUndefined();
  });
});

describe('sessions across page loads', () => {
  async function signedStorage() {
    const storage = createMemoryStorage();
    const first = await setupSiwx({}, {}, storage);
    await connect(first);
    await first.service.signIn();
    await first.portico.dispose();
    return { storage, caipAddress: first.caipAddress };
  }
  const sessionKey = (storage: ReturnType<typeof createMemoryStorage>) => Object.keys(storage.dump()).find((k) => k.endsWith('/plugin/siwx/sessions'))!;

  it('does not ask again while a valid session exists', async () => {
    const { storage, caipAddress } = await signedStorage();
    const s = await start({}, {}, storage);
    const closed = s.portico.open('Connect');
    await s.portico.connect('test-wallet');
    await expect(closed).resolves.toBe('connected');
    expect((await s.service.getSession(caipAddress))?.data.accountAddress).toBe(s.account.address);
  });

  it('drops a tampered session on load', async () => {
    const { storage, caipAddress } = await signedStorage();
    const key = sessionKey(storage);
    storage.set(key, storage.get(key)!.replace('app.example.com wants', 'evil.example.com wants'));
    const s = await start({}, {}, storage);
    await vi.waitFor(() => expect(storage.get(key)).toBeNull());
    expect(await s.service.getSession(caipAddress)).toBeUndefined();
  });

  it('drops an expired session on load', async () => {
    const { storage } = await signedStorage();
    const key = sessionKey(storage);
    const sessions = JSON.parse(storage.get(key)!) as Record<string, SiwxSession>;
    for (const session of Object.values(sessions)) Object.assign(session.data, { expirationTime: new Date(Date.now() - 1000).toISOString() });
    storage.set(key, JSON.stringify(sessions));
    await start({}, {}, storage);
    await vi.waitFor(() => expect(storage.get(key)).toBeNull());
  });

  it('signOut drops the sessions', async () => {
    const { storage, caipAddress } = await signedStorage();
    const s = await start({}, {}, storage);
    await s.service.signOut();
    expect(await s.service.getSession(caipAddress)).toBeUndefined();
  });
});

describe('when the plugin is not active', () => {
  it('the service API throws "SIWX is not enabled"', async () => {
    const s = await setupSiwx();
    await s.portico.dispose();
    await expect(s.service.signIn()).rejects.toThrow(SiwxNotEnabledError);
    await expect(s.service.getSession(s.caipAddress)).rejects.toThrow('SIWX is not enabled');
    await expect(s.service.cancel()).rejects.toThrow('SIWX is not enabled');
  });
});
