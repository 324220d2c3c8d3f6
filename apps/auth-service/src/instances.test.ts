// Several instances on one PostgreSQL (#40): two auth services and two sign-in servers, each a
// real process (as `npm start` runs them), behind a small round-robin proxy that moves on to the
// next instance when one does not answer (a load balancer's passive health check). Each flow's
// steps land on both instances; the limits hold over both; a parallel replay gives one session;
// an instance killed mid-flow leaves the flow to the other.
import { createEip155SiweMessage } from '@portico/chain-eip155/siwx';
import { startMailCatcher, type MailCatcher } from '@portico/mail-catcher';
import { startOidcProvider } from '@portico/oidc-provider';
import { signInAt } from '@portico/oidc-provider/testing';
import { startAuthService, startRoundRobinProxy, startSiwxServer, type LocalService } from '@portico/tools/services';
import { createHash, randomBytes } from 'node:crypto';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOST_ORIGIN_HEADER, PROJECT_HEADER } from './createAuthService';
import { startTestPostgres, type TestPostgres } from './testing/startTestPostgres';

const PROJECT = 'acme';
const HOST = 'https://app.acme.example';
const FRAME = 'http://127.0.0.1:4500';
const DOMAIN = 'app.acme.example';
const wallet = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');

const CLIENT = { clientId: 'acme-at-the-provider', clientSecret: 'the-secret-acme-registered-with-the-provider' };

let postgres: TestPostgres;
let provider: Awaited<ReturnType<typeof startOidcProvider>>;
let catcher: MailCatcher;
const auth: LocalService[] = [];
const siwx: LocalService[] = [];
let authProxy: Awaited<ReturnType<typeof startRoundRobinProxy>>;
let siwxProxy: Awaited<ReturnType<typeof startRoundRobinProxy>>;

beforeAll(async () => {
  [postgres, catcher] = await Promise.all([startTestPostgres(), startMailCatcher()]);
  // The proxies first (their upstreams filled in as the instances start): the site's public URL is the auth proxy's.
  const authUpstreams: string[] = [];
  const siwxUpstreams: string[] = [];
  authProxy = await startRoundRobinProxy(authUpstreams);
  siwxProxy = await startRoundRobinProxy(siwxUpstreams);
  // Google stood in for by the local OpenID provider, the site registered there with its public callback.
  provider = await startOidcProvider({ providers: { google: [{ ...CLIENT, redirectUris: [`${authProxy.url}/social/callback`] }] } });
  // What every instance of a site shares: the database, the secrets, its public URL, its social login configuration.
  const shared = {
    AUTH_JWT_SECRET: randomBytes(32).toString('base64url'),
    AUTH_PEPPER: randomBytes(32).toString('base64url'),
    AUTH_PUBLIC_URL: authProxy.url,
    AUTH_TRUSTED_PROXIES: '127.0.0.1',
    AUTH_SOCIAL: JSON.stringify({ [PROJECT]: { google: { issuer: provider.issuer('google'), ...CLIENT } } }),
    AUTH_ALLOW_HTTP_ISSUERS: '1',
  };
  // One at a time: the first applies the migrations (the others wait on the advisory lock anyway).
  for (let i = 0; i < 2; i++) {
    auth.push(await startAuthService({ smtpPort: catcher.smtpPort, projects: { [PROJECT]: [HOST] }, frameOrigins: [FRAME], databaseUrl: postgres.url, cooldownMs: 3_000, mailPerClientPerMinute: 1_000, env: shared }));
    siwx.push(await startSiwxServer({ domain: DOMAIN, databaseUrl: postgres.url, env: { SIWX_MAX_NONCES_PER_CLIENT: '6', SIWX_MAX_NONCES_PER_CLIENT_ACCOUNT: '6' } }));
  }
  authUpstreams.push(...auth.map((s) => s.url));
  siwxUpstreams.push(...siwx.map((s) => s.url));
}, 180_000);

afterAll(async () => {
  await Promise.all([authProxy?.stop(), siwxProxy?.stop()]);
  await Promise.all([...auth, ...siwx].map((s) => s.stop()));
  await Promise.all([catcher?.stop(), postgres?.stop(), provider?.close()]);
}, 60_000);

const call = async <T = Record<string, unknown>>(base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { [PROJECT_HEADER]: PROJECT, [HOST_ORIGIN_HEADER]: HOST, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as T };
};
let counter = 0;
const newEmail = (tag: string) => `${tag}-${Date.now()}-${++counter}@example.com`;
const newDevice = () => randomBytes(16).toString('base64url');
const codeIn = (to: string) => /\b(\d{6})\b/.exec(catcher.mails(to)[0]!.text)![1]!;
/** The device link's token, wherever the link points. */
const tokenIn = (to: string) => /device\/confirm\?token=([A-Za-z0-9_-]+)/.exec(catcher.mails(to)[0]!.text)![1]!;
/** The two instances the last `n` proxied requests went to. */
const lastServed = (proxy: { served: string[] }, n: number) => new Set(proxy.served.slice(-n));

describe('two auth services on one PostgreSQL, behind a round-robin proxy', () => {
  it('each answers /healthz and /readyz', async () => {
    for (const instance of auth) {
      expect(await (await fetch(`${instance.url}/healthz`)).json()).toEqual({ status: 'ok' });
      expect(await (await fetch(`${instance.url}/readyz`)).json()).toEqual({ status: 'ready' });
    }
  });

  it('an e-mail login whose steps land on both instances; its session is good on either', async () => {
    const email = newEmail('spread');
    const started = await call<{ flowId: string; step: string }>(authProxy.url, 'POST', '/v1/email/login', { email, deviceId: newDevice() });
    expect(started.body.step).toBe('device');
    expect((await fetch(`${authProxy.url}/device/confirm`, { method: 'POST', body: new URLSearchParams({ token: tokenIn(email) }) })).status).toBe(200);
    expect((await call(authProxy.url, 'POST', '/v1/email/status', { flowId: started.body.flowId })).body).toEqual({ step: 'otp' });
    const done = await call<{ token: string }>(authProxy.url, 'POST', '/v1/email/otp', { flowId: started.body.flowId, code: codeIn(email) });
    expect(done.status).toBe(200);
    expect(lastServed(authProxy, 4)).toEqual(new Set(auth.map((s) => s.url)));
    for (const instance of auth) expect(await call(instance.url, 'GET', '/v1/session', undefined, { authorization: `Bearer ${done.body.token}` })).toMatchObject({ status: 200, body: { user: { email } } });
  });

  it('the passcode attempt limit and the mail cooldown hold over both instances', async () => {
    const email = newEmail('limits');
    const device = newDevice();
    const started = await call<{ flowId: string }>(authProxy.url, 'POST', '/v1/email/login', { email, deviceId: device });
    await fetch(`${authProxy.url}/device/confirm`, { method: 'POST', body: new URLSearchParams({ token: tokenIn(email) }) });
    const code = codeIn(email);
    const wrong = code === '000000' ? '111111' : '000000';
    // Five wrong codes, alternately to each instance, use up the code's five attempts.
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await call(auth[i % 2]!.url, 'POST', '/v1/email/otp', { flowId: started.body.flowId, code: wrong })).body);
    expect(answers.map((a) => a['attemptsLeft'])).toEqual([4, 3, 2, 1, 0]);
    expect(await call(auth[1]!.url, 'POST', '/v1/email/otp', { flowId: started.body.flowId, code })).toMatchObject({ status: 429 });
    // Asking for a new mail at once, from the other instance: the address's cooldown counts there too.
    for (const instance of auth) expect((await call(instance.url, 'POST', '/v1/email/login', { email, deviceId: device })).body['error']).toMatch(/^Please try again after \d+ seconds?$/);
  });

  it('a social login (Google, stood in for) whose start, callback and completion land on both instances', async () => {
    const codeVerifier = randomBytes(32).toString('base64url');
    const codeChallenge = createHash('sha256').update(codeVerifier).digest('base64url');
    const started = await call<{ flowId: string; uri: string }>(authProxy.url, 'POST', '/v1/social/start', { provider: 'google', deviceId: newDevice(), codeChallenge });
    expect(started.status).toBe(200);
    const email = newEmail('social');
    // The popup: the provider signs the person in and sends the browser to the site's callback (through the proxy).
    const answer = await signInAt(started.body.uri, email);
    expect(answer.url.href.startsWith(`${authProxy.url}/social/callback`)).toBe(true);
    const page = await (await fetch(answer.url)).text();
    const callback = (JSON.parse(/<script type="application\/json" id="answer">([^<]*)<\/script>/.exec(page)![1]!) as { uri: string }).uri;
    const done = await call<{ token: string; user: { email: string } }>(authProxy.url, 'POST', '/v1/social/complete', { flowId: started.body.flowId, codeVerifier, callback });
    expect(done).toMatchObject({ status: 200, body: { user: { email } } });
    expect(lastServed(authProxy, 3)).toEqual(new Set(auth.map((s) => s.url)));
    for (const instance of auth) expect((await call(instance.url, 'GET', '/v1/session', undefined, { authorization: `Bearer ${done.body.token}` })).status).toBe(200);
  });

  it('an instance killed mid-flow: the proxy sends the next step to the other, and the login completes', async () => {
    const email = newEmail('failover');
    const started = await call<{ flowId: string }>(auth[0]!.url, 'POST', '/v1/email/login', { email, deviceId: newDevice() });
    // The instance that started the flow dies without warning.
    process.kill(-auth[0]!.pid, 'SIGKILL');
    expect((await fetch(`${authProxy.url}/device/confirm`, { method: 'POST', body: new URLSearchParams({ token: tokenIn(email) }) })).status).toBe(200);
    const done = await call<{ token: string }>(authProxy.url, 'POST', '/v1/email/otp', { flowId: started.body.flowId, code: codeIn(email) });
    expect(done.status).toBe(200);
    expect(await call(auth[1]!.url, 'GET', '/v1/session', undefined, { authorization: `Bearer ${done.body.token}` })).toMatchObject({ status: 200 });
  });
});

describe('two sign-in servers on one PostgreSQL, behind a round-robin proxy', () => {
  const chainId = 'eip155:1';
  const nonce = async (base: string) => (await fetch(`${base}/nonce?chainId=${chainId}&address=${wallet.address}`)).json() as Promise<{ nonce?: string; error?: string }>;
  const signed = async (value: string) => {
    const data = { domain: DOMAIN, uri: `https://${DOMAIN}`, version: '1' as const, nonce: value, issuedAt: new Date().toISOString(), chainId, accountAddress: wallet.address };
    const message = createEip155SiweMessage(data);
    return JSON.stringify({ data, message, signature: await wallet.signMessage({ message }) });
  };
  const verify = (base: string, body: string) => fetch(`${base}/verify`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then((r) => r.json() as Promise<{ valid: boolean; token?: string; error?: string }>);

  it('a nonce from one instance signs in on the other; the session reads on both', async () => {
    const { nonce: value } = await nonce(siwx[0]!.url);
    const answer = await verify(siwx[1]!.url, await signed(value!));
    expect(answer.valid).toBe(true);
    for (const instance of siwx) {
      const read = await fetch(`${instance.url}/sessions?chainId=${chainId}&address=${wallet.address}`, { headers: { authorization: `Bearer ${answer.token}` } });
      expect(read.status).toBe(200);
    }
  });

  it('one signed message posted 12 times in parallel, to both instances: exactly one session', async () => {
    const { nonce: value } = await nonce(siwxProxy.url);
    const body = await signed(value!);
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => verify(siwx[i % 2]!.url, body)));
    expect(answers.filter((a) => a.valid)).toHaveLength(1);
    expect(answers.filter((a) => !a.valid).map((a) => a.error)).toEqual(Array(11).fill('Nonce unknown, expired or already used; ask for a new one'));
  });

  /** A nonce the limit test got from the first instance, for the failover test after it. */
  let kept: string | undefined;

  it('the per-client nonce limit holds over both instances', async () => {
    // This client (127.0.0.1) holds no outstanding nonce now (the ones above were used); at most 6 alternately, then 429 from either.
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await nonce(siwx[i % 2]!.url));
    expect(answers.map((a) => Boolean(a.nonce))).toEqual([true, true, true, true, true, true, false, false]);
    expect(answers[6]!.error).toMatch(/^Too many outstanding nonces from this client/);
    kept = answers[0]!.nonce;
  });

  it('an instance killed between the nonce and the sign-in: the other verifies it', async () => {
    process.kill(-siwx[0]!.pid, 'SIGKILL');
    expect((await verify(siwxProxy.url, await signed(kept!))).valid).toBe(true);
  });
});
