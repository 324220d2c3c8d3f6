import { createEip155SiweMessage, createEip155Verifier } from '@portico/chain-eip155/siwx';
import { startAnvil } from '@portico/chain-eip155/testing/node';
import { HttpError } from '@portico/kernel/errors';
import { createSiwxServerClient, type SiwxMessageFields, type SiwxSession } from '@portico/plugin-siwx';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSiwxServer, type SiwxServerHandle } from './createSiwxServer';

const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
const chainId = 'eip155:1';

let handle: SiwxServerHandle;
beforeAll(async () => {
  handle = await createSiwxServer({ domain: 'app.example.com', verifiers: [createEip155Verifier({ domain: 'app.example.com' })], allowedOrigins: ['https://app.example.com'] }).listen(0);
});
afterAll(async () => handle?.close());

async function signedSession(nonce: string, overrides: Partial<SiwxMessageFields> = {}): Promise<SiwxSession> {
  const data: SiwxMessageFields = {
    domain: 'app.example.com',
    uri: 'https://app.example.com',
    version: '1',
    nonce,
    issuedAt: new Date().toISOString(),
    expirationTime: new Date(Date.now() + 60_000).toISOString(),
    chainId,
    accountAddress: account.address,
    ...overrides,
  };
  const message = createEip155SiweMessage(data);
  return { data, message, signature: await account.signMessage({ message }) };
}

const raw = (path: string, init?: RequestInit) => fetch(`${handle.url}${path}`, init);
const json = { 'content-type': 'application/json' };

describe('siwx-server with createSiwxServerClient (real server on 127.0.0.1)', () => {
  it('listens on loopback on a free port', () => {
    expect(handle.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('issues CSPRNG nonces, verifies a real signature once, stores and revokes the session', async () => {
    const client = createSiwxServerClient(handle.url);
    const nonce = await client.getNonce({ chainId, accountAddress: account.address });
    expect(nonce).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(await client.getNonce({ chainId, accountAddress: account.address })).not.toBe(nonce);

    const session = await signedSession(nonce);
    expect(await client.verify(session)).toBe(true);
    expect(await client.verify(session)).toBe(false); // the nonce is single use
    expect(await client.getSessions(chainId, account.address)).toEqual([session]);
    expect(await client.getSessions(chainId, account.address.toLowerCase())).toHaveLength(1);

    await client.revoke(chainId, account.address);
    expect(await client.getSessions(chainId, account.address)).toEqual([]);
  });

  it('verifies a message written by another library: a scheme before the domain, Issued At without fractions', async () => {
    const client = createSiwxServerClient(handle.url);
    const nonce = await client.getNonce({ chainId, accountAddress: account.address });
    const session = await signedSession(nonce, { scheme: 'https', issuedAt: `${new Date().toISOString().slice(0, 19)}Z` });
    expect(session.message.startsWith('https://app.example.com wants you to sign in')).toBe(true);
    expect(await client.verify(session)).toBe(true);
  });

  it('rejects nonces it did not issue, another account’s nonce, tampering and a foreign domain', async () => {
    const client = createSiwxServerClient(handle.url);
    expect(await client.verify(await signedSession('NeverIssued123'))).toBe(false);
    const forOther = await client.getNonce({ chainId, accountAddress: '0x0000000000000000000000000000000000000001' });
    expect(await client.verify(await signedSession(forOther))).toBe(false);
    const nonce = await client.getNonce({ chainId, accountAddress: account.address });
    const session = await signedSession(nonce);
    expect(await client.verify({ ...session, message: session.message.replace('Version: 1', 'Version: 1 ') })).toBe(false);
    const foreign = await client.getNonce({ chainId, accountAddress: account.address });
    expect(await client.verify(await signedSession(foreign, { domain: 'evil.example.com' }))).toBe(false);
  });

  it('a nonce asked for without an account signs in whichever account uses it, once (one-click sign-in)', async () => {
    const client = createSiwxServerClient(handle.url);
    const nonce = await client.getNonce({ chainId });
    expect(nonce).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(await client.verify(await signedSession(nonce, { domain: 'evil.example.com' }))).toBe(false);
    expect(await client.verify(await signedSession(nonce))).toBe(true);
    expect(await client.verify(await signedSession(nonce))).toBe(false); // used
    expect((await client.getSessions(chainId, account.address)).map((s) => s.data.nonce)).toContain(nonce);
    await client.revoke(chainId, account.address);
  });

  it('answers bad input with 400 and the reason, never crashing', async () => {
    const missing = await raw('/nonce?address=0xabc');
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: string }).error).toContain('chainId');
    const badAddress = await raw('/nonce?chainId=eip155:1&address=not%20an%20address');
    expect(badAddress.status).toBe(400);
    expect(((await badAddress.json()) as { error: string }).error).toContain('address');

    const notJson = await raw('/verify', { method: 'POST', body: '{nope', headers: { 'content-type': 'application/json' } });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ error: 'Body is not valid JSON' });

    const wrongShape = await raw('/verify', { method: 'POST', body: JSON.stringify({ data: { nonce: 1 } }), headers: json });
    expect(wrongShape.status).toBe(400);
    expect(((await wrongShape.json()) as { error: string }).error).toMatch(/nonce|message|signature/);

    const badChain = await raw('/sessions?chainId=EIP155&address=0xabc');
    expect(badChain.status).toBe(400);

    const huge = await raw('/verify', { method: 'POST', body: 'x'.repeat(70 * 1024), headers: json });
    expect(huge.status).toBe(413);

    expect((await raw('/nonce', { method: 'POST' })).status).toBe(405);
    expect((await raw('/elsewhere')).status).toBe(404);
    expect((await raw('/nonce?chainId=eip155:1&address=0xabc')).status).toBe(200);
  });

  it('surfaces server errors through the client as HttpError', async () => {
    const client = createSiwxServerClient(handle.url);
    await expect(client.getNonce({ chainId: 'not-caip', accountAddress: 'x' })).rejects.toThrow(HttpError);
    await expect(client.getNonce({ chainId: 'not-caip', accountAddress: 'x' })).rejects.toThrow('HTTP status code: 400');
  });
});

describe('reading and revoking sessions needs the account’s bearer token', () => {
  const sessionsPath = (address = account.address) => `/sessions?chainId=${chainId}&address=${address}`;
  const signIn = async () => {
    const answer = await (await raw('/nonce?chainId=eip155:1&address=' + account.address)).json() as { nonce: string };
    const verified = await raw('/verify', { method: 'POST', body: JSON.stringify(await signedSession(answer.nonce)), headers: json });
    return ((await verified.json()) as { valid: boolean; token: string }).token;
  };

  it('answers 401 without a token, with a made-up one and with another account’s', async () => {
    const token = await signIn();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const bare = await raw(sessionsPath());
    expect(bare.status).toBe(401);
    expect(bare.headers.get('www-authenticate')).toBe('Bearer');
    expect(await bare.json()).toEqual({ error: 'Sign-in token missing, expired or not for this account' });
    expect((await raw(sessionsPath(), { headers: { authorization: `Bearer ${'A'.repeat(43)}` } })).status).toBe(401);
    expect((await raw(sessionsPath('0x0000000000000000000000000000000000000001'), { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    expect((await raw(sessionsPath(), { method: 'DELETE' })).status).toBe(401);
    const read = await raw(sessionsPath(), { headers: { authorization: `Bearer ${token}` } });
    expect(read.status).toBe(200);
    expect(((await read.json()) as { sessions: unknown[] }).sessions.length).toBeGreaterThan(0);
  });

  it('a client that never signed in sees no sessions and cannot revoke the signed-in one', async () => {
    const signedIn = createSiwxServerClient(handle.url);
    const stranger = createSiwxServerClient(handle.url);
    const nonce = await signedIn.getNonce({ chainId, accountAddress: account.address });
    expect(await signedIn.verify(await signedSession(nonce))).toBe(true);
    expect(await stranger.getSessions(chainId, account.address)).toEqual([]);
    await stranger.revoke(chainId, account.address);
    expect((await signedIn.getSessions(chainId, account.address)).length).toBeGreaterThan(0);
    await signedIn.revoke(chainId, account.address);
    expect(await signedIn.getSessions(chainId, account.address)).toEqual([]);
  });

  it('revoking ends every token of the account; a reload with a stored token finds the sessions', async () => {
    const stored = new Map<string, string>();
    const tokenStorage = { getItem: (k: string) => stored.get(k) ?? null, setItem: (k: string, v: string) => void stored.set(k, v), removeItem: (k: string) => void stored.delete(k) };
    const first = createSiwxServerClient(handle.url, { tokenStorage });
    expect(await first.verify(await signedSession(await first.getNonce({ chainId, accountAddress: account.address })))).toBe(true);
    const other = await signIn();
    // "After a reload": a new client over the same storage.
    const reloaded = createSiwxServerClient(handle.url, { tokenStorage });
    expect((await reloaded.getSessions(chainId, account.address)).length).toBeGreaterThan(0);
    await reloaded.revoke(chainId, account.address);
    expect(stored.size).toBe(0);
    expect((await raw(sessionsPath(), { headers: { authorization: `Bearer ${other}` } })).status).toBe(401);
  });

  it('a token ends with its session’s expirationTime (the server answers 401 to it)', async () => {
    const stored = new Map<string, string>();
    const tokenStorage = { getItem: (k: string) => stored.get(k) ?? null, setItem: (k: string, v: string) => void stored.set(k, v), removeItem: (k: string) => void stored.delete(k) };
    const client = createSiwxServerClient(handle.url, { tokenStorage });
    const nonce = await client.getNonce({ chainId, accountAddress: account.address });
    expect(await client.verify(await signedSession(nonce, { expirationTime: new Date(Date.now() + 400).toISOString() }))).toBe(true);
    const [token] = [...stored.values()];
    const withToken = () => raw(sessionsPath(), { headers: { authorization: `bearer ${token}` } });
    expect((await withToken()).status).toBe(200); // the scheme is case-insensitive
    await new Promise((r) => setTimeout(r, 500));
    expect((await withToken()).status).toBe(401);
    expect(await client.getSessions(chainId, account.address)).toEqual([]);
    expect(stored.size).toBe(0); // a refused token is forgotten
  });

  it('keeps at most maxTokens tokens and maxSessionsPerAccount sessions (the oldest go)', async () => {
    const small = await createSiwxServer({ domain: 'app.example.com', verifiers: [createEip155Verifier({ domain: 'app.example.com' })], maxTokens: 2, maxSessionsPerAccount: 2 }).listen(0);
    try {
      const issued: string[] = [];
      for (let i = 0; i < 3; i++) {
        const { nonce } = (await (await fetch(`${small.url}/nonce?chainId=${chainId}&address=${account.address}`)).json()) as { nonce: string };
        const answer = (await (await fetch(`${small.url}/verify`, { method: 'POST', body: JSON.stringify(await signedSession(nonce)), headers: json })).json()) as { token: string };
        issued.push(answer.token);
      }
      const read = (token: string) => fetch(`${small.url}${sessionsPath()}`, { headers: { authorization: `Bearer ${token}` } });
      expect((await read(issued[0]!)).status).toBe(401);
      const latest = await read(issued[2]!);
      expect(latest.status).toBe(200);
      expect(((await latest.json()) as { sessions: unknown[] }).sessions).toHaveLength(2);
    } finally {
      await small.close();
    }
  });

  it('a client whose storage refuses the token still reads and revokes for the page’s life', async () => {
    const refusing = { getItem: () => null, setItem: () => { throw new DOMException('full', 'QuotaExceededError'); }, removeItem: () => undefined };
    const client = createSiwxServerClient(handle.url, { tokenStorage: refusing });
    expect(await client.verify(await signedSession(await client.getNonce({ chainId, accountAddress: account.address })))).toBe(true);
    expect((await client.getSessions(chainId, account.address)).length).toBeGreaterThan(0);
    await client.revoke(chainId, account.address);
    expect(await client.getSessions(chainId, account.address)).toEqual([]);
  });
});

describe('a signed sign-in replayed in parallel (attack, #36)', () => {
  const NONCE_REFUSAL = 'Nonce unknown, expired or already used; ask for a new one';
  type VerifyAnswer = { status: number; body: { valid: boolean; token?: string; error?: string } };
  const postInParallel = (url: string, body: string, times: number) =>
    Promise.all(
      Array.from({ length: times }, async (): Promise<VerifyAnswer> => {
        const response = await fetch(`${url}/verify`, { method: 'POST', body, headers: json });
        return { status: response.status, body: (await response.json()) as VerifyAnswer['body'] };
      }),
    );

  const nonceFor = async (url: string, chain = chainId) => ((await (await fetch(`${url}/nonce?chainId=${chain}&address=${account.address}`)).json()) as { nonce: string }).nonce;

  /** Posts one message signed for `chain` 12 times at once and checks exactly one session results. */
  async function replay(url: string, chain = chainId) {
    const nonce = await nonceFor(url, chain);
    const answers = await postInParallel(url, JSON.stringify(await signedSession(nonce, { chainId: chain })), 12);
    const accepted = answers.filter((a) => a.body.valid);
    expect(accepted.length).toBe(1);
    expect(accepted[0]).toMatchObject({ status: 200, body: { valid: true, token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) } });
    const refused = answers.filter((a) => !a.body.valid);
    expect(refused).toHaveLength(11);
    for (const answer of refused) expect(answer).toEqual({ status: 200, body: { valid: false, error: NONCE_REFUSAL } });
    const read = await fetch(`${url}/sessions?chainId=${chain}&address=${account.address}`, { headers: { authorization: `Bearer ${accepted[0]!.body.token}` } });
    expect(((await read.json()) as { sessions: SiwxSession[] }).sessions.filter((s) => s.data.nonce === nonce)).toHaveLength(1);
  }

  it('12 parallel POSTs of one signed message: exactly one 200 with a session, 11 refused as a used nonce', async () => {
    await replay(handle.url);
  });

  it('the same when signatures are checked through the chain’s RPC (EIP155_RPC_URLS; a real anvil node)', { timeout: 30_000 }, async () => {
    const node = await startAnvil();
    const verifier = createEip155Verifier({ domain: 'app.example.com', getRpcUrl: (id) => (id === `eip155:${node.chainId}` ? node.url : undefined) });
    const overRpc = await createSiwxServer({ domain: 'app.example.com', verifiers: [verifier] }).listen(0);
    try {
      // A server that has been up a while: one sign-in first opens its RPC connection, so the checks overlap.
      const chain = `eip155:${node.chainId}`;
      const [warm] = await postInParallel(overRpc.url, JSON.stringify(await signedSession(await nonceFor(overRpc.url, chain), { chainId: chain })), 1);
      expect(warm!.body.valid).toBe(true);
      await replay(overRpc.url, chain);
    } finally {
      await overRpc.close();
      await node.stop();
    }
  });

  it('a forged signature spends the nonce: the real one posted after it is refused, with the reason', async () => {
    const session = await signedSession(await nonceFor(handle.url));
    const forged = await raw('/verify', { method: 'POST', body: JSON.stringify({ ...session, signature: `0x${'11'.repeat(65)}` }), headers: json });
    expect(forged.status).toBe(200);
    expect(await forged.json()).toEqual({ valid: false, error: 'Signature does not verify; the nonce is used up, ask for a new one' });
    const real = await raw('/verify', { method: 'POST', body: JSON.stringify(session), headers: json });
    expect(await real.json()).toEqual({ valid: false, error: NONCE_REFUSAL });
  });
});

describe('CORS', () => {
  it('answers a preflight from an allowed origin and echoes that origin', async () => {
    const preflight = await raw('/verify', { method: 'OPTIONS', headers: { origin: 'https://app.example.com', 'access-control-request-method': 'POST' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, POST, DELETE');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('authorization');
    const nonce = await raw(`/nonce?chainId=${chainId}&address=${account.address}`, { headers: { origin: 'https://app.example.com' } });
    expect(nonce.status).toBe(200);
    expect(nonce.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
  });

  it('refuses any other origin with 403 Origin not allowed', async () => {
    const response = await raw(`/nonce?chainId=${chainId}&address=${account.address}`, { headers: { origin: 'https://evil.example' } });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: 'Origin not allowed' });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('nonce limits', () => {
  it('refuses new nonces past the cap with 429, and frees expired ones', async () => {
    // The server's clock is moved past the nonces' lifetime, not waited on (a 150 ms lifetime ran out
    // between two requests on a busy machine).
    vi.useFakeTimers({ toFake: ['Date'] });
    const small = await createSiwxServer({ domain: 'app.example.com', verifiers: [createEip155Verifier()], maxNonces: 2, nonceTtlMs: 60_000 }).listen(0);
    try {
      const get = () => fetch(`${small.url}/nonce?chainId=${chainId}&address=${account.address}`);
      expect((await get()).status).toBe(200);
      expect((await get()).status).toBe(200);
      const refused = await get();
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({ error: 'Too many outstanding nonces; try again later' });
      vi.setSystemTime(Date.now() + 59_000);
      expect((await get()).status).toBe(429);
      vi.setSystemTime(Date.now() + 2_000);
      expect((await get()).status).toBe(200);
    } finally {
      vi.useRealTimers();
      await small.close();
    }
  });
});

describe('operations: health, readiness, a drained stop, a data folder that survives a restart', () => {
  it('GET /healthz answers while the process runs; GET /readyz once the database answers', async () => {
    expect(await (await raw('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await raw('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
    expect((await raw('/readyz', { method: 'POST' })).status).toBe(405);
  });

  it('close() lets a sign-in in flight finish, refuses new connections, then ends', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const eip155 = createEip155Verifier({ domain: 'app.example.com' });
    const slow = { ...eip155, namespace: 'eip155', verify: async (session: SiwxSession) => (await held, eip155.verify(session)) };
    const server = await createSiwxServer({ domain: 'app.example.com', verifiers: [slow] }).listen(0);
    const { nonce } = (await (await fetch(`${server.url}/nonce?chainId=${chainId}&address=${account.address}`)).json()) as { nonce: string };
    const inFlight = fetch(`${server.url}/verify`, { method: 'POST', body: JSON.stringify(await signedSession(nonce)), headers: { ...json, connection: 'close' } });
    await new Promise((r) => setTimeout(r, 200));
    let closed = false;
    const closing = server.close().then(() => (closed = true));
    await new Promise((r) => setTimeout(r, 200));
    expect(closed).toBe(false);
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
    release();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ valid: true });
    await closing;
    expect(closed).toBe(true);
  });

  it('with a data folder (SIWX_DATA_DIR), a restarted server still knows the session and its token', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dataDir = mkdtempSync(join(tmpdir(), 'siwx-data-'));
    try {
      const options = { domain: 'app.example.com', verifiers: [createEip155Verifier({ domain: 'app.example.com' })], database: { dataDir } };
      const first = await createSiwxServer(options).listen(0);
      const { nonce } = (await (await fetch(`${first.url}/nonce?chainId=${chainId}&address=${account.address}`)).json()) as { nonce: string };
      const { token } = (await (await fetch(`${first.url}/verify`, { method: 'POST', body: JSON.stringify(await signedSession(nonce)), headers: json })).json()) as { token: string };
      await first.close();
      const second = await createSiwxServer(options).listen(0);
      try {
        const read = await fetch(`${second.url}/sessions?chainId=${chainId}&address=${account.address}`, { headers: { authorization: `Bearer ${token}` } });
        expect(read.status).toBe(200);
        expect(((await read.json()) as { sessions: SiwxSession[] }).sessions.map((s) => s.data.nonce)).toEqual([nonce]);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('logs and metrics (#40)', () => {
  it('a JSON log line per request carrying its X-Request-Id, and Prometheus counts of nonces, sign-ins and live sessions on the metrics port', async () => {
    const { createTelemetry } = await import('@portico/service-kit');
    const { Writable } = await import('node:stream');
    const logged: Record<string, unknown>[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) logged.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    const telemetry = createTelemetry({ service: 'siwx-server', destination });
    const server = await createSiwxServer({ domain: 'app.example.com', verifiers: [createEip155Verifier({ domain: 'app.example.com' })], telemetry }).listen(0);
    const metrics = await telemetry.serveMetrics(0);
    try {
      const asked = await fetch(`${server.url}/nonce?chainId=${chainId}&address=${account.address}`, { headers: { 'x-request-id': 'lb-request-000123' } });
      expect(asked.headers.get('x-request-id')).toBe('lb-request-000123');
      const { nonce } = (await asked.json()) as { nonce: string };
      expect(await (await fetch(`${server.url}/verify`, { method: 'POST', body: JSON.stringify(await signedSession(nonce)), headers: json })).json()).toMatchObject({ valid: true });
      expect(await (await fetch(`${server.url}/verify`, { method: 'POST', body: JSON.stringify(await signedSession(nonce)), headers: json })).json()).toMatchObject({ valid: false });
      await fetch(`${server.url}/no/such/path/123`);
      await new Promise((r) => setTimeout(r, 50));
      expect(logged.filter((l) => l['msg'] === 'request').map((l) => [l['reqId'] === 'lb-request-000123' ? 'given' : typeof l['reqId'], l['route'], l['status']])).toEqual([
        ['given', '/nonce', 200],
        ['string', '/verify', 200],
        ['string', '/verify', 200],
        ['string', 'other', 404],
      ]);
      const text = await (await fetch(metrics.url)).text();
      expect(text).toContain('siwx_nonces_issued_total{service="siwx-server"} 1');
      expect(text).toContain('siwx_signins_total{result="valid",service="siwx-server"} 1');
      expect(text).toContain('siwx_signins_total{result="unknown",service="siwx-server"} 1');
      expect(text).toContain('siwx_active_sessions{service="siwx-server"} 1');
      expect(text).toContain('http_requests_total{route="/verify",method="POST",status="200",service="siwx-server"} 2');
      // The raw path never becomes a label.
      expect(text).not.toContain('/no/such/path');
    } finally {
      await metrics.close();
      await server.close();
    }
  });
});
