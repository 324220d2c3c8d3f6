import { chainAdapterRef, createKernel, createMemoryStorage, createWalletStandardAdapter, definePlugin, kernelRefs, LINKED_WALLETS_FEATURE, type Account, type Kernel, type StandardWallet, type StandardWalletAccount, type StoragePort } from '@portico/kernel';
import { shellPlugin } from '@portico/kernel/testing';
import { AdapterNotFoundError } from '@portico/kernel/errors';
import { afterEach, describe, expect, it } from 'vitest';
import { createEip155Plugin } from '../plugin';

const NAME = 'Acme Wallet';
const ICON = 'data:image/svg+xml;base64,PHN2Zy8+';
const RDNS = 'com.acme.wallet';
const EVM_ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const uuid = (n: number) => `${String(n).padStart(8, '0')}-9a3c-4d6b-8e2f-0c1d2e3f4a5b`;

/** An EIP-1193 provider that answers like an authorised wallet on chain 31337 and records every call. */
function evmProvider(label: string, log: string[]) {
  const provider = {
    linkedWallets: [] as object[],
    async request({ method }: { method: string }) {
      log.push(`${label}:${method}`);
      if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [EVM_ADDRESS];
      if (method === 'eth_chainId') return '0x7a69';
      return null;
    },
  };
  return provider;
}

/** A Wallet Standard wallet for the "acme" chain, recording its connects. */
function acmeWallet(label: string, log: string[], linked: object[] = []): StandardWallet {
  const account: StandardWalletAccount = { address: 'alice', publicKey: new Uint8Array(32), chains: ['acme:main'], features: [] };
  return {
    name: NAME,
    icon: ICON,
    chains: ['acme:main'],
    accounts: [],
    features: {
      'standard:connect': {
        version: '1.0.0',
        connect: async () => (log.push(`${label}:connect`), { accounts: [account] }),
      },
      [LINKED_WALLETS_FEATURE]: { version: '1.0.0', wallets: linked },
    },
  };
}

/** A minimal Wallet Standard chain plugin (namespace "acme"), standing in for chain-solana. */
const acmePlugin = definePlugin({
  manifest: { id: 'chain-acme', version: '1.0.0', kernel: '^0.1.0', namespaces: [{ id: 'acme', name: 'Acme', defaultAccountType: 'eoa' }] },
  activate(ctx) {
    const adapter = createWalletStandardAdapter(
      { connection: ctx.services.get(kernelRefs.connection), connectors: ctx.services.get(kernelRefs.connectors), logger: ctx.logger, pluginId: ctx.pluginId },
      {
        namespace: 'acme',
        supports: (w) => w.chains.includes('acme:main'),
        requestAccounts: async (w) => (await (w.features['standard:connect'] as { connect(): Promise<{ accounts: StandardWalletAccount[] }> }).connect()).accounts,
        toAccounts: (accounts, network) => accounts.map((a): Account => ({ address: `${network}:${a.address}`, type: 'eoa' })),
        pickNetwork: () => 'acme:main',
      },
    );
    ctx.services.register(chainAdapterRef('acme'), { useValue: adapter as never });
    ctx.onDispose(() => adapter.dispose());
  },
});

const kernels: Kernel[] = [];
afterEach(async () => {
  await Promise.all(kernels.splice(0).map((k) => k.dispose()));
});

async function setUp(options: { storage?: StoragePort; before?: (target: EventTarget) => void; approvalRequired?: string[] } = {}) {
  const target = new EventTarget();
  options.before?.(target);
  const plugins = [createEip155Plugin({ target, approvalRequired: options.approvalRequired }), acmePlugin];
  const kernel = createKernel({ plugins: [shellPlugin, ...plugins], storage: options.storage ?? createMemoryStorage(), logLevel: 'silent' });
  kernels.push(kernel);
  await kernel.start();
  const evm = kernel.getService(chainAdapterRef('eip155'));
  // The listing's code is there (as once a wallet has announced): each announcement below is listed as it arrives.
  await (evm as unknown as { preload(): Promise<void> }).preload();
  const acme = kernel.getService(chainAdapterRef('acme')) as unknown as { addWallet(w: StandardWallet): void; connect(id: string): Promise<void> };
  const listed = () => kernel.connectors.getSnapshot().map((c) => [c.id, c.namespaces.join('+'), c.contested === true]);
  return { target, kernel, evm, acme, listed };
}

/** Announces like a wallet: now and on every requestProvider. */
function announce(target: EventTarget, provider: object, info: { uuid: string; name?: string; icon?: string; rdns?: string }) {
  const detail = Object.freeze({ info: Object.freeze({ name: NAME, icon: ICON, rdns: RDNS, ...info }), provider });
  const send = () => target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
  target.addEventListener('eip6963:requestProvider', send);
  send();
}

describe('multi-chain entries need evidence a look-alike cannot copy', () => {
  for (const order of ['wallet first', 'impostor first'] as const) {
    it(`an EIP-6963 copy of a Wallet Standard wallet's name and icon is a separate entry (${order}); EVM connect on the wallet's entry never reaches it`, async () => {
      const log: string[] = [];
      const { target, kernel, evm, acme, listed } = await setUp();
      const wallet = acmeWallet('wallet', log);
      const impostor = evmProvider('impostor', log);
      // The impostor even claims the wallet as its other half: one-sided, so no evidence.
      impostor.linkedWallets.push(wallet);
      if (order === 'wallet first') acme.addWallet(wallet);
      announce(target, impostor, { uuid: uuid(1), rdns: 'com.impostor' });
      if (order === 'impostor first') acme.addWallet(wallet);
      expect(listed()).toEqual(
        order === 'wallet first'
          ? [
              ['ws:acme-wallet', 'acme', false],
              ['com.impostor', 'eip155', false],
            ]
          : [
              ['com.impostor', 'eip155', false],
              ['ws:acme-wallet', 'acme', false],
            ],
      );
      // What one click on the wallet's entry does: connect every namespace it lists.
      const entry = kernel.connectors.get('ws:acme-wallet')!;
      expect(entry.namespaces).toEqual(['acme']);
      await expect(evm.connect('ws:acme-wallet')).rejects.toBeInstanceOf(AdapterNotFoundError);
      await acme.connect('ws:acme-wallet');
      expect(log).toEqual(['wallet:connect']);
      expect(kernel.connection.get('eip155').status).toBe('disconnected');
    });
  }

  for (const order of ['provider first', 'Wallet Standard first'] as const) {
    it(`halves that name each other are one entry that connects both namespaces (${order}); a copy beside them stays apart`, async () => {
      const log: string[] = [];
      const { target, kernel, evm, acme, listed } = await setUp();
      const provider = evmProvider('real', log);
      const wallet = acmeWallet('real', log, [provider]);
      provider.linkedWallets.push(wallet);
      const copy = evmProvider('copy', log);
      copy.linkedWallets.push(wallet);
      if (order === 'provider first') announce(target, provider, { uuid: uuid(1) });
      acme.addWallet(wallet);
      if (order === 'Wallet Standard first') announce(target, provider, { uuid: uuid(1) });
      announce(target, copy, { uuid: uuid(2), rdns: 'com.copy' });
      const id = order === 'provider first' ? RDNS : 'ws:acme-wallet';
      expect(listed()).toEqual([
        [id, order === 'provider first' ? 'eip155+acme' : 'acme+eip155', false],
        ['com.copy', 'eip155', false],
      ]);
      expect(kernel.connectors.get(id)?.type).toBe('MULTI_CHAIN');
      await evm.connect(id);
      await acme.connect(id);
      expect(log).toEqual(['real:eth_requestAccounts', 'real:eth_chainId', 'real:connect']);
      expect(kernel.connection.get('eip155')).toMatchObject({ status: 'connected', connectorId: id });
      expect(kernel.connection.get('acme')).toMatchObject({ status: 'connected', connectorId: id });
    });
  }
});

describe('one rdns announced by two providers is a conflict, never a silent winner', () => {
  it('lists every claimant with a warning under its own id; the bare rdns connects nothing; an explicit choice connects that one only', async () => {
    const log: string[] = [];
    const { target, evm, listed } = await setUp();
    const first = evmProvider('first', log);
    const second = evmProvider('second', log);
    announce(target, first, { uuid: uuid(1) });
    expect(listed()).toEqual([[RDNS, 'eip155', false]]);
    announce(target, second, { uuid: uuid(2), name: 'Acme Wallet (copy)' });
    expect(listed()).toEqual([
      [`${RDNS}#1`, 'eip155', true],
      [`${RDNS}#2`, 'eip155', true],
    ]);
    await expect(evm.connect(RDNS)).rejects.toBeInstanceOf(AdapterNotFoundError);
    await evm.connect(`${RDNS}#2`);
    expect(log).toEqual(['second:eth_requestAccounts', 'second:eth_chainId']);
  });

  it('a re-announcement of the same provider (on every requestProvider, even with a new uuid) is not a conflict', async () => {
    const log: string[] = [];
    const { target, listed } = await setUp();
    const provider = evmProvider('wallet', log);
    announce(target, provider, { uuid: uuid(1) });
    target.dispatchEvent(new Event('eip6963:requestProvider'));
    target.dispatchEvent(new Event('eip6963:requestProvider'));
    announce(target, provider, { uuid: uuid(3) });
    expect(listed()).toEqual([[RDNS, 'eip155', false]]);
  });

  it('a known uuid reused by another provider under the same rdns is a conflict too', async () => {
    const { target, listed } = await setUp();
    announce(target, evmProvider('first', []), { uuid: uuid(1) });
    announce(target, evmProvider('second', []), { uuid: uuid(1) });
    expect(listed()).toEqual([
      [`${RDNS}#1`, 'eip155', true],
      [`${RDNS}#2`, 'eip155', true],
    ]);
  });

  it('after a reload with both claimants, reconnect touches neither and leaves the chain disconnected at once', async () => {
    const storage = createMemoryStorage();
    const log: string[] = [];
    const real = evmProvider('real', log);
    const first = await setUp({ storage, before: (t) => announce(t, real, { uuid: uuid(1) }) });
    await first.evm.connect(RDNS);
    expect(first.kernel.connection.get('eip155').status).toBe('connected');
    await first.kernel.dispose();
    log.length = 0;

    const started = Date.now();
    // The impostor announces first this time: order must not decide.
    const second = await setUp({
      storage,
      before: (t) => {
        announce(t, evmProvider('impostor', log), { uuid: uuid(2) });
        announce(t, real, { uuid: uuid(3) });
      },
    });
    await expect.poll(() => second.kernel.connection.get('eip155').status).toBe('disconnected');
    expect(Date.now() - started).toBeLessThan(2500);
    expect(log).toEqual([]);
    expect(second.listed()).toEqual([
      [`${RDNS}#1`, 'eip155', true],
      [`${RDNS}#2`, 'eip155', true],
    ]);
  });

  it('a claimant announcing after a silent reconnect ends that restored session; a wallet the user chose stays connected', async () => {
    const storage = createMemoryStorage();
    const real = evmProvider('real', []);
    const first = await setUp({ storage, before: (t) => announce(t, real, { uuid: uuid(1) }) });
    await first.evm.connect(RDNS);
    await first.kernel.dispose();

    const restored = await setUp({ storage, before: (t) => announce(t, real, { uuid: uuid(2) }) });
    await expect.poll(() => restored.kernel.connection.get('eip155').status).toBe('connected');
    announce(restored.target, evmProvider('late', []), { uuid: uuid(3) });
    expect(restored.kernel.connection.get('eip155').status).toBe('disconnected');

    const chosen = await setUp({ before: (t) => announce(t, real, { uuid: uuid(4) }) });
    await chosen.evm.connect(RDNS);
    announce(chosen.target, evmProvider('late', []), { uuid: uuid(5) });
    expect(chosen.kernel.connection.get('eip155').status).toBe('connected');
    expect(chosen.listed()).toEqual([
      [`${RDNS}#1`, 'eip155', true],
      [`${RDNS}#2`, 'eip155', true],
    ]);
  });

  it('a wallet the host marked as having no confirmation UI (by rdns) still goes through Portico\'s approval when contested', async () => {
    const log: string[] = [];
    const { target, kernel, evm } = await setUp({ approvalRequired: [RDNS] });
    announce(target, evmProvider('first', log), { uuid: uuid(1) });
    announce(target, evmProvider('second', log), { uuid: uuid(2) });
    await evm.connect(`${RDNS}#2`);
    const provider = evm.getProvider!() as { request(a: { method: string; params?: unknown[] }): Promise<unknown> };
    const signing = provider.request({ method: 'personal_sign', params: ['0x6869', EVM_ADDRESS] });
    await expect.poll(() => kernel.router.getSnapshot().current.view).toBe('ApproveTransaction');
    expect(log).not.toContain('second:personal_sign');
    kernel.requestGate.reject(kernel.requestGate.getSnapshot().pending[0]!.id);
    await expect(signing).rejects.toBeDefined();
  });

  it('a contested provider leaves the multi-chain entry it had joined', async () => {
    const { target, acme, listed } = await setUp();
    const provider = evmProvider('real', []);
    const wallet = acmeWallet('real', [], [provider]);
    provider.linkedWallets.push(wallet);
    acme.addWallet(wallet);
    announce(target, provider, { uuid: uuid(1) });
    expect(listed()).toEqual([['ws:acme-wallet', 'acme+eip155', false]]);
    announce(target, evmProvider('impostor', []), { uuid: uuid(2) });
    expect(listed()).toEqual([
      ['ws:acme-wallet', 'acme', false],
      [`${RDNS}#1`, 'eip155', true],
      [`${RDNS}#2`, 'eip155', true],
    ]);
  });
});
