import { createEip155SiweMessage, createEip155Verifier } from '@portico/chain-eip155/siwx';
import fc from 'fast-check';
import { privateKeyToAccount } from 'viem/accounts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSiwxServer, type SiwxServerHandle, type SiwxServerOptions } from './createSiwxServer';
import { requestFrom } from './testing/requestFrom';

const domain = 'app.example.com';
const chainId = 'eip155:1';
const wallet = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
/** Made-up accounts a client may ask nonces for (the server does not check they exist). */
const accounts = Array.from({ length: 40 }, (_, i) => `0x${(i + 1).toString(16).padStart(40, '0')}`);

const CLIENT_REFUSAL = 'Too many outstanding nonces from this client; use one or try again later';
const ACCOUNT_REFUSAL = 'Too many outstanding nonces from this client for this account; use one or try again later';

const running: SiwxServerHandle[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(running.splice(0).map((h) => h.close()));
});

async function start(options: Partial<SiwxServerOptions> = {}): Promise<SiwxServerHandle> {
  const handle = await createSiwxServer({ domain, verifiers: [createEip155Verifier({ domain })], ...options }).listen(0);
  running.push(handle);
  return handle;
}

const nonceFrom = (handle: SiwxServerHandle, from: string, address: string = wallet.address) =>
  requestFrom(`${handle.url}/nonce?chainId=${chainId}&address=${address}`, { from });

async function signIn(handle: SiwxServerHandle, from: string, nonce: string) {
  const data = { domain, uri: `https://${domain}`, version: '1' as const, nonce, issuedAt: new Date().toISOString(), chainId, accountAddress: wallet.address };
  const message = createEip155SiweMessage(data);
  const body = JSON.stringify({ data, message, signature: await wallet.signMessage({ message }) });
  return requestFrom(`${handle.url}/verify`, { from, method: 'POST', headers: { 'content-type': 'application/json' }, body });
}

describe('outstanding nonces are limited per client (remote address)', () => {
  it('with the defaults, a client past 100 gets 429 while another client still gets nonces', async () => {
    const handle = await start();
    const statuses: number[] = [];
    for (let i = 0; i < 150; i++) statuses.push((await nonceFrom(handle, '127.0.0.2', accounts[i % accounts.length])).status);
    expect(statuses.slice(0, 100)).toEqual(Array(100).fill(200));
    expect(statuses.slice(100)).toEqual(Array(50).fill(429));

    const refused = await nonceFrom(handle, '127.0.0.2', accounts[0]);
    expect(refused.body).toEqual({ error: CLIENT_REFUSAL });
    expect(refused.headers['content-type']).toBe('application/json');
    // The oldest of its nonces frees up within the 10-minute lifetime.
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(600);

    const other = await nonceFrom(handle, '127.0.0.3', accounts[0]);
    expect(other.status).toBe(200);
    expect((other.body as { nonce: string }).nonce).toMatch(/^[A-Za-z0-9]{24}$/);
  });

  it('with the defaults, one client holds at most 10 for one account; other accounts and clients are unaffected', async () => {
    const handle = await start();
    for (let i = 0; i < 10; i++) expect((await nonceFrom(handle, '127.0.0.2')).status).toBe(200);
    const refused = await nonceFrom(handle, '127.0.0.2');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: ACCOUNT_REFUSAL });
    expect((await nonceFrom(handle, '127.0.0.2', accounts[0])).status).toBe(200);
    // The same account from another client: the limit is not a lock on the account.
    expect((await nonceFrom(handle, '127.0.0.3')).status).toBe(200);
  });

  it('a used nonce frees its slot, whichever client posts the sign-in; a forged sign-in spends it too', async () => {
    const handle = await start({ maxNoncesPerClientAccount: 1 });
    const { nonce } = (await nonceFrom(handle, '127.0.0.2')).body as { nonce: string };
    expect((await nonceFrom(handle, '127.0.0.2')).status).toBe(429);
    expect((await signIn(handle, '127.0.0.3', nonce)).body).toMatchObject({ valid: true });
    const next = await nonceFrom(handle, '127.0.0.2');
    expect(next.status).toBe(200);

    // A nonce is single use even when its sign-in fails: the forgery spends it (and frees its
    // slot, as any use does), so the real signature cannot follow with the same nonce.
    const forged = await requestFrom(`${handle.url}/verify`, {
      from: '127.0.0.2',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: { domain, uri: `https://${domain}`, version: '1', nonce: (next.body as { nonce: string }).nonce, issuedAt: new Date().toISOString(), chainId, accountAddress: wallet.address }, message: 'not it', signature: '0x1234' }),
    });
    expect(forged.body).toEqual({ valid: false, error: 'Signature does not verify; the nonce is used up, ask for a new one' });
    expect((await signIn(handle, '127.0.0.2', (next.body as { nonce: string }).nonce)).body).toEqual({ valid: false, error: 'Nonce unknown, expired or already used; ask for a new one' });
    expect((await nonceFrom(handle, '127.0.0.2')).status).toBe(200);
  });

  it('an expired nonce frees its slot', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const handle = await start({ nonceTtlMs: 60_000, maxNoncesPerClient: 2 });
    expect((await nonceFrom(handle, '127.0.0.2', accounts[0])).status).toBe(200);
    vi.setSystemTime(Date.now() + 30_000);
    expect((await nonceFrom(handle, '127.0.0.2', accounts[1])).status).toBe(200);
    const refused = await nonceFrom(handle, '127.0.0.2', accounts[2]);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('30');
    vi.setSystemTime(Date.now() + 30_000);
    expect((await nonceFrom(handle, '127.0.0.2', accounts[2])).status).toBe(200);
    expect((await nonceFrom(handle, '127.0.0.2', accounts[3])).status).toBe(429);
  });

  it('generated request sequences: a client is refused only past its own limits, never because of another', async () => {
    const limits = { maxNoncesPerClient: 4, maxNoncesPerClientAccount: 2 };
    // One server (its database) for every run; each run's clients are addresses no other run uses.
    const handle = await start(limits);
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.nat(2), fc.nat(2)), { maxLength: 30 }), async (requests) => {
        run++;
        const clients = [2, 3, 4].map((host) => `127.0.${run}.${host}`);
        const perClient = new Map<number, number>();
        const perClientAccount = new Map<string, number>();
        for (const [client, account] of requests) {
          const held = perClient.get(client) ?? 0;
          const heldForAccount = perClientAccount.get(`${client}/${account}`) ?? 0;
          const expected = heldForAccount >= limits.maxNoncesPerClientAccount ? ACCOUNT_REFUSAL : held >= limits.maxNoncesPerClient ? CLIENT_REFUSAL : undefined;
          const answer = await nonceFrom(handle, clients[client]!, accounts[account]);
          if (expected) {
            expect(answer).toMatchObject({ status: 429, body: { error: expected } });
          } else {
            expect(answer.status).toBe(200);
            perClient.set(client, held + 1);
            perClientAccount.set(`${client}/${account}`, heldForAccount + 1);
          }
        }
        // Whatever the others did, a client that has asked for nothing gets its nonce.
        expect((await nonceFrom(handle, `127.0.${run}.5`, accounts[0])).status).toBe(200);
      }),
      { numRuns: 40 },
    );
  });
});

describe('behind a proxy (#40)', () => {
  const fromProxy = (handle: SiwxServerHandle, forwardedFor: string) => requestFrom(`${handle.url}/nonce?chainId=${chainId}&address=${wallet.address}`, { from: '127.0.0.9', headers: { 'x-forwarded-for': forwardedFor } });

  it('with the proxy trusted (SIWX_TRUSTED_PROXIES), each client named by X-Forwarded-For has its own limit', async () => {
    const handle = await start({ maxNoncesPerClient: 2, maxNoncesPerClientAccount: 2, trustedProxies: ['127.0.0.9'] });
    expect([await fromProxy(handle, '198.51.100.1'), await fromProxy(handle, '198.51.100.1'), await fromProxy(handle, '198.51.100.1')].map((a) => a.status)).toEqual([200, 200, 429]);
    // Another client through the same proxy is not held by the first one's limit; what a client writes on the left is not believed.
    expect((await fromProxy(handle, '198.51.100.2')).status).toBe(200);
    expect((await fromProxy(handle, '203.0.113.66, 198.51.100.1')).status).toBe(429);
  });

  it('without it, X-Forwarded-For is ignored: a client cannot choose how it is counted', async () => {
    const handle = await start({ maxNoncesPerClient: 2, maxNoncesPerClientAccount: 2 });
    const answers = await Promise.all(['198.51.100.1', '198.51.100.2', '198.51.100.3'].map((xff) => fromProxy(handle, xff)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 429]);
  });
});

describe('an IPv6 client is counted by its /64 (attack, #36)', () => {
  /**
   * The server listens on 127.0.0.1 only, so no test can connect from IPv6: each loopback address
   * in `peers` is given, on the socket the server accepts, the address it stands for. The server
   * reads the peer from that socket as it would any other.
   */
  async function startWithPeers(peers: Record<string, string>, options: Partial<SiwxServerOptions>) {
    const handle = await start(options);
    handle.server.on('connection', (socket) => {
      const peer = peers[socket.remoteAddress ?? ''];
      if (peer) Object.defineProperty(socket, 'remoteAddress', { value: peer });
    });
    return handle;
  }

  it('three addresses of one /64 share one client’s limits; an address of another /64 is another client', async () => {
    const handle = await startWithPeers(
      { '127.0.0.2': '2001:db8:1:2::1', '127.0.0.3': '2001:db8:1:2:ffff:ffff:ffff:fffe', '127.0.0.4': '2001:db8:1:2:a:b:c:d', '127.0.0.5': '2001:db8:1:3::1' },
      { maxNoncesPerClient: 3, maxNoncesPerClientAccount: 2 },
    );
    const sameSubnet = ['127.0.0.2', '127.0.0.3', '127.0.0.4'];
    expect((await nonceFrom(handle, sameSubnet[0]!)).status).toBe(200);
    expect((await nonceFrom(handle, sameSubnet[1]!)).status).toBe(200);
    // A third address of the /64 asking for the same account: that client already holds two for it.
    expect(await nonceFrom(handle, sameSubnet[2]!)).toMatchObject({ status: 429, body: { error: ACCOUNT_REFUSAL } });
    expect((await nonceFrom(handle, sameSubnet[2]!, accounts[0])).status).toBe(200);
    for (const from of sameSubnet) expect(await nonceFrom(handle, from, accounts[1])).toMatchObject({ status: 429, body: { error: CLIENT_REFUSAL } });

    expect((await nonceFrom(handle, '127.0.0.5')).status).toBe(200);
    expect((await nonceFrom(handle, '127.0.0.5', accounts[1])).status).toBe(200);
  });

  it('an IPv4-mapped IPv6 peer (::ffff:a.b.c.d) is the same client as that IPv4 address', async () => {
    const handle = await startWithPeers({ '127.0.0.2': '::ffff:198.51.100.7', '127.0.0.3': '198.51.100.7', '127.0.0.4': '198.51.100.8' }, { maxNoncesPerClient: 2 });
    expect((await nonceFrom(handle, '127.0.0.2', accounts[0])).status).toBe(200);
    expect((await nonceFrom(handle, '127.0.0.3', accounts[1])).status).toBe(200);
    expect(await nonceFrom(handle, '127.0.0.2', accounts[2])).toMatchObject({ status: 429, body: { error: CLIENT_REFUSAL } });
    expect(await nonceFrom(handle, '127.0.0.3', accounts[2])).toMatchObject({ status: 429, body: { error: CLIENT_REFUSAL } });
    expect((await nonceFrom(handle, '127.0.0.4', accounts[2])).status).toBe(200);
  });
});
