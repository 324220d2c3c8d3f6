import { startMailCatcher, type MailCatcher } from '@portico/mail-catcher';
import { startAnvil, type AnvilNode } from '@portico/chain-eip155/testing/node';
import { FARCASTER_MISBEHAVING, farcasterAccount, MISBEHAVING_LOGINS, STAND_IN_PROVIDERS, startOidcProvider } from '@portico/oidc-provider';
import { approveFarcaster, signInAt } from '@portico/oidc-provider/testing';
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthService, HOST_ORIGIN_HEADER, PROJECT_HEADER } from './createAuthService';
import { openDatabase, type DatabaseOptions } from './db/openDatabase';
import { createSmtpMailer } from './mailer';
import { freePort, startTestPostgres, type TestPostgres } from './testing/startTestPostgres';

const PROJECT = 'acme';
const HOST = 'https://app.acme.example';
const CLIENT = { clientId: 'acme-at-the-provider', clientSecret: 'the-secret-acme-registered-with-the-provider' };
// Apple: no secret, a Sign in with Apple key (the .p8 stays with the service, Apple has the public half).
const APPLE_KEY = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const APPLE = { clientId: 'com.acme.signin', teamId: 'ACMETEAM01', keyId: 'ACMEKEY001' };

let catcher: MailCatcher;
let postgres: TestPostgres;
/** The chain with the Farcaster ID registry (the stand-in puts it there). */
let anvil: AnvilNode;
beforeAll(async () => {
  // Side by side; when one fails, afterAll still stops those that started (nothing outlives the suite).
  const [mail, pg, chain] = await Promise.allSettled([startMailCatcher(), startTestPostgres(), startAnvil()]);
  if (mail.status === 'fulfilled') catcher = mail.value;
  if (pg.status === 'fulfilled') postgres = pg.value;
  if (chain.status === 'fulfilled') anvil = chain.value;
  const failed = [mail, pg, chain].find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
});
afterAll(async () => {
  await Promise.all([catcher?.stop(), postgres?.stop(), anvil?.stop()]);
});

/** The service on `database`, with Google and Apple stood in for by the local OpenID provider. */
async function startStack(database: DatabaseOptions) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const registered = [{ ...CLIENT, redirectUris: [`${url}/social/callback`] }];
  const apple = [{ clientId: APPLE.clientId, redirectUris: [`${url}/social/callback`], apple: { teamId: APPLE.teamId, keyId: APPLE.keyId, publicKey: APPLE_KEY.publicKey.export({ type: 'spki', format: 'pem' }).toString() } }];
  const provider = await startOidcProvider({ providers: { ...Object.fromEntries(STAND_IN_PROVIDERS.map((name) => [name, registered])), apple }, farcaster: { rpcUrl: anvil.url } });
  const opened = await openDatabase(database);
  const mailer = createSmtpMailer({ host: '127.0.0.1', port: catcher.smtpPort, from: 'Portico <no-reply@portico.test>' });
  const service = createAuthService({
    db: opened.db,
    projects: [{ id: PROJECT, allowedOrigins: [HOST] }],
    frameOrigins: ['http://127.0.0.1:4500'],
    jwtSecret: new TextEncoder().encode('j'.repeat(32)),
    pepper: new TextEncoder().encode('p'.repeat(32)),
    mailer,
    publicUrl: url,
    cooldownMs: 0,
    social: {
      [PROJECT]: {
        ...Object.fromEntries(STAND_IN_PROVIDERS.filter((name) => name !== 'apple').map((name) => [name, { issuer: provider.issuer(name), ...CLIENT }])),
        apple: { issuer: provider.issuer('apple'), ...APPLE, privateKey: APPLE_KEY.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() },
        farcaster: { relay: provider.farcasterRelay!, rpcUrl: anvil.url },
      },
    },
    allowHttpIssuers: true,
  });
  const server = await service.listen(port);
  const call = async <T = Record<string, unknown>>(method: string, path: string, body?: unknown) => {
    const response = await fetch(`${url}${path}`, { method, headers: { [PROJECT_HEADER]: PROJECT, [HOST_ORIGIN_HEADER]: HOST, 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    return { status: response.status, body: (await response.json()) as T };
  };
  return {
    url,
    call,
    async stop() {
      await server.close();
      await provider.close();
      mailer.close();
      await opened.close();
    },
  };
}
type Stack = Awaited<ReturnType<typeof startStack>>;
const device = () => randomBytes(16).toString('base64url');
let counter = 0;
const person = (tag: string) => `${tag}-${Date.now()}-${++counter}@example.com`;

/** What only the wallet frame that starts a flow holds: a PKCE verifier, and the challenge it sends. */
const binding = () => {
  const codeVerifier = randomBytes(32).toString('base64url');
  return { codeVerifier, codeChallenge: createHash('sha256').update(codeVerifier).digest('base64url') };
};

/** What the callback page hands the window that opened the popup (its `postMessage`): the answer and the origin it may go to. */
const handedOver = (page: string) => {
  const block = /<script type="application\/json" id="answer">([^<]*)<\/script>/.exec(page)?.[1];
  return block ? (JSON.parse(block) as { protocol: string; uri: string; origin: string }) : undefined;
};

/** The provider's answer reaching the callback in the popup (Apple posts it). */
const land = (answer: Awaited<ReturnType<typeof signInAt>>) =>
  fetch(answer.url, answer.method === 'POST' ? { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://appleid.apple.com' }, body: new URLSearchParams(answer.form).toString() } : {});

/** A social login as the frame, the popup and the host page make it; the session's answer. */
async function socialLogin(stack: Stack, provider: (typeof STAND_IN_PROVIDERS)[number], login: string) {
  const frame = binding();
  const started = await stack.call<{ flowId: string; uri: string }>('POST', '/v1/social/start', { provider, deviceId: device(), codeChallenge: frame.codeChallenge });
  expect(started.status).toBe(200);
  expect(new URL(started.body.uri).searchParams.get('code_challenge')).toBe(frame.codeChallenge);
  expect((await stack.call<{ step: string }>('POST', '/v1/social/status', { flowId: started.body.flowId })).body.step).toBe('pending');
  const answer = await signInAt(started.body.uri, login);
  expect(answer.url.href.startsWith(`${stack.url}/social/callback`)).toBe(true);
  const back = await land(answer);
  const page = await back.text();
  const message = handedOver(page);
  const done = await stack.call<{ token?: string; user?: { id: string; email: string; userName?: string }; provider?: string; error?: string }>('POST', '/v1/social/complete', { flowId: started.body.flowId, codeVerifier: frame.codeVerifier, callback: message?.uri });
  const status = await stack.call<{ step: string; error?: string }>('POST', '/v1/social/status', { flowId: started.body.flowId });
  return { back, page, message, status: status.body, done, flowId: started.body.flowId, answer, frame };
}

const engines: Array<[string, () => DatabaseOptions]> = [
  ['PGlite', () => ({})],
  ['PostgreSQL', () => ({ url: postgres.url })],
];

describe.each(engines)('social login through the auth service (OpenID stand-in), on %s', (_name, database) => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack(database());
  });
  afterAll(() => stack?.stop());

  it('Google: the popup signs in, the callback checks the ID token, the frame takes one session; the same person again is the same user', async () => {
    const email = person('ada');
    const first = await socialLogin(stack, 'google', email);
    expect(first.back.status).toBe(200);
    expect(first.page).toContain('Signed in at Google');
    // The page hands the answer only to the host page the flow was started for.
    expect(first.message).toMatchObject({ protocol: 'portico-social/1', origin: HOST });
    expect(first.back.headers.get('content-security-policy')).toMatch(/default-src 'none'; script-src 'nonce-[A-Za-z0-9_-]+'.*form-action 'none'; base-uri 'none'; frame-ancestors 'none'/);
    expect(first.done.status).toBe(200);
    expect(first.status.step).toBe('used');
    expect(first.done.body).toMatchObject({ token: expect.any(String), user: { email } });
    // Once: the flow's session cannot be taken twice, nor can its answer be replayed.
    expect((await stack.call('POST', '/v1/social/complete', { flowId: first.flowId, codeVerifier: first.frame.codeVerifier, callback: first.message!.uri })).status).toBe(409);
    const replay = await fetch(first.answer.url);
    expect(replay.status).toBe(400);
    expect(await replay.text()).toContain('was finished already');
    const again = await socialLogin(stack, 'google', email);
    expect(again.done.body.user?.id).toBe(first.done.body.user?.id);
  });

  it('the same verified address through an e-mail login and a social one reaches the same user (so the same wallet)', async () => {
    const email = person('grace');
    const social = await socialLogin(stack, 'apple', email);
    expect(social.answer.method).toBe('POST');
    const started = await stack.call<{ flowId: string; step: string }>('POST', '/v1/email/login', { email, deviceId: device() });
    const link = new URL(/(http:\/\/127\.0\.0\.1:\d+\/device\/confirm\?token=[A-Za-z0-9_-]+)/.exec(catcher.mails(email)[0]!.text)![1]!);
    await fetch(`${link.origin}/device/confirm`, { method: 'POST', body: new URLSearchParams({ token: link.searchParams.get('token')! }) });
    const code = /\b(\d{6})\b/.exec(catcher.mails(email)[0]!.text)![1]!;
    const otp = await stack.call<{ user: { id: string } }>('POST', '/v1/email/otp', { flowId: started.body.flowId, code });
    expect(otp.body.user.id).toBe(social.done.body.user?.id);
  });

  it('Apple: the token endpoint takes the ES256 secret signed from the key, the name comes from the first form_post and stays', async () => {
    const email = `grace.hopper-${Date.now()}@example.com`;
    const first = await socialLogin(stack, 'apple', email);
    expect(first.answer.form?.user).toBeDefined();
    expect(first.done.status).toBe(200);
    expect(first.done.body.user).toMatchObject({ email, userName: expect.stringMatching(/^Grace Hopper \d+$/) });
    // Apple names the person once; the second sign-in has no `user` field and keeps the name.
    const again = await socialLogin(stack, 'apple', email);
    expect(again.answer.form?.user).toBeUndefined();
    expect(again.done.body.user).toMatchObject({ id: first.done.body.user!.id, userName: first.done.body.user!.userName });
  });

  it('Apple’s private relay address is a user of its own (the real address never reaches the app)', async () => {
    const relay = await socialLogin(stack, 'apple', `${person('hidden').replace('@', '+relay@')}`);
    expect(relay.done.body.user?.email).toMatch(/@privaterelay\.appleid\.com$/);
  });

  it('refuses a tampered or unknown state, a provider error (its words shown as text), and a provider the project has not configured', async () => {
    const frame = binding();
    const started = await stack.call<{ flowId: string; uri: string }>('POST', '/v1/social/start', { provider: 'google', deviceId: device(), codeChallenge: frame.codeChallenge });
    const answer = await signInAt(started.body.uri, person('mallory'));
    const tampered = new URL(answer.url);
    tampered.searchParams.set('state', `${tampered.searchParams.get('state')!.slice(0, -2)}xx`);
    const refused = await fetch(tampered);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('Sign-in not valid');
    expect((await stack.call<{ step: string }>('POST', '/v1/social/status', { flowId: started.body.flowId })).body.step).toBe('pending');
    // The frame cannot be handed another address, nor the answer with another state.
    expect(await stack.call('POST', '/v1/social/complete', { flowId: started.body.flowId, codeVerifier: frame.codeVerifier, callback: tampered.href })).toMatchObject({ status: 400 });
    expect(await stack.call('POST', '/v1/social/complete', { flowId: started.body.flowId, codeVerifier: frame.codeVerifier, callback: answer.url.href.replace(stack.url, 'https://evil.example') })).toMatchObject({ status: 400 });
    expect((await stack.call<{ step: string }>('POST', '/v1/social/status', { flowId: started.body.flowId })).body.step).toBe('pending');
    // The provider says no (the person cancelled): the flow fails with its words, shown as text.
    const cancelled = new URL(answer.url);
    cancelled.searchParams.delete('code');
    cancelled.searchParams.set('error', 'access_denied');
    cancelled.searchParams.set('error_description', 'End-User aborted interaction');
    expect((await fetch(cancelled)).status).toBe(400);
    const status = await stack.call<{ step: string; error: string }>('POST', '/v1/social/status', { flowId: started.body.flowId });
    expect(status.body).toEqual({ step: 'failed', error: 'The provider said: End-User aborted interaction' });
    expect((await stack.call<{ error: string }>('POST', '/v1/social/complete', { flowId: started.body.flowId, codeVerifier: frame.codeVerifier })).body.error).toBe('The provider said: End-User aborted interaction');
    expect((await stack.call<{ error: string }>('POST', '/v1/social/start', { provider: 'myspace', deviceId: device(), codeChallenge: frame.codeChallenge })).status).toBe(400);
    expect((await stack.call<{ error: string }>('POST', '/v1/social/start', { provider: 'google', deviceId: device() })).body.error).toContain('codeChallenge');
    expect((await stack.call('POST', '/v1/social/status', { flowId: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
  });

  it('attack: a crafted error_description is text on the callback page, never markup (no form, no refresh, no base)', async () => {
    const started = await stack.call<{ flowId: string; uri: string }>('POST', '/v1/social/start', { provider: 'github', deviceId: device(), codeChallenge: binding().codeChallenge });
    const answer = await signInAt(started.body.uri, person('victim'));
    const crafted = new URL(answer.url);
    crafted.searchParams.delete('code');
    crafted.searchParams.set('error', 'access_denied');
    crafted.searchParams.set('error_description', '<meta http-equiv="refresh" content="0;url=https://evil.example"><form action="https://evil.example"><input name="password"></form><base href="https://evil.example/">');
    const response = await fetch(crafted);
    const html = await response.text();
    expect(response.status).toBe(400);
    expect(html).not.toMatch(/<meta http-equiv|<form|<input|<base/i);
    expect(html).toContain('&#60;meta http-equiv=&#34;refresh&#34;');
    expect(response.headers.get('content-security-policy')).toContain("form-action 'none'");
    expect(response.headers.get('content-security-policy')).toContain("base-uri 'none'");
  });

  it('attack: a flow started by someone else and signed in by a victim gives that someone nothing', async () => {
    // The attacker starts a flow (as its own frame: it holds the verifier) and sends the victim the provider's URL.
    const attacker = binding();
    const started = await stack.call<{ flowId: string; uri: string }>('POST', '/v1/social/start', { provider: 'google', deviceId: device(), codeChallenge: attacker.codeChallenge });
    const victim = person('victim');
    // The victim signs in at the provider; the browser lands on the callback, opened from the link (no opener).
    const answer = await signInAt(started.body.uri, victim);
    const landed = await land(answer);
    expect(landed.status).toBe(200);
    // The page hands the answer to no window but the host page's origin, and only to the window that opened the popup.
    expect(handedOver(await landed.text())?.origin).toBe(HOST);
    // The attacker polls and completes as the old protocol let it: no answer, no session.
    expect((await stack.call<{ step: string }>('POST', '/v1/social/status', { flowId: started.body.flowId })).body.step).toBe('pending');
    const taken = await stack.call<{ token?: string }>('POST', '/v1/social/complete', { flowId: started.body.flowId, codeVerifier: attacker.codeVerifier });
    expect(taken.status).toBe(409);
    expect(taken.body.token).toBeUndefined();
    // Someone who learned the answer (a leaked URL) but is not the frame that started the flow: refused.
    const stolen = await stack.call<{ token?: string; error?: string }>('POST', '/v1/social/complete', { flowId: started.body.flowId, codeVerifier: binding().codeVerifier, callback: answer.url.href });
    expect(stolen).toMatchObject({ status: 403, body: { error: 'This sign-in was started by another session' } });
    expect(stolen.body.token).toBeUndefined();
    // No user was made for the victim's address by any of this.
    const login = await stack.call<{ flowId: string; step: string }>('POST', '/v1/email/login', { email: victim, deviceId: device() });
    expect(login.body.step).toBe('device');
  });

  it('attack: twelve parallel completes of one answer give exactly one session', async () => {
    const frame = binding();
    const started = await stack.call<{ flowId: string; uri: string }>('POST', '/v1/social/start', { provider: 'google', deviceId: device(), codeChallenge: frame.codeChallenge });
    const answer = await signInAt(started.body.uri, person('parallel'));
    const message = handedOver(await (await land(answer)).text())!;
    const results = await Promise.all(Array.from({ length: 12 }, () => stack.call<{ token?: string }>('POST', '/v1/social/complete', { flowId: started.body.flowId, codeVerifier: frame.codeVerifier, callback: message.uri })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(11);
  });

  it('e-mail identity: a provider-verified look-alike (Kelvin sign) reaches no one, padded spaces reach the same user, markup is no address', async () => {
    const kate = person('kate');
    const first = await socialLogin(stack, 'google', kate);
    expect(first.done.status).toBe(200);
    // U+212A KELVIN SIGN lower-cases to "k": once it reached Kate's wallet.
    const lookalike = await socialLogin(stack, 'github', `\u212A${kate.slice(1)}`);
    expect(lookalike.done.status).toBe(400);
    expect(lookalike.done.body.error).toMatch(/^The e-mail address of your GitHub account cannot be used/);
    expect(lookalike.done.body.token).toBeUndefined();
    // The same mailbox with white space around it: the same user, not a second account.
    const padded = await socialLogin(stack, 'discord', ` ${kate} `);
    expect(padded.done.body.user?.id).toBe(first.done.body.user?.id);
    const markup = await socialLogin(stack, 'facebook', `not an address<script>`);
    expect(markup.done.status).toBe(400);
    expect(markup.done.body.error).toMatch(/cannot be used \(Invalid email\)/);
  });

  it.each(['x', 'discord', 'github', 'facebook'] as const)('%s (OAuth 2.0 and its user API): signs in with the verified address; the same account again is the same user', async (provider) => {
    const email = person(provider);
    const first = await socialLogin(stack, provider, email);
    expect(first.status).toEqual({ step: 'used' });
    // The account's name at the provider comes with the session (the Account view shows it).
    expect(first.done.body).toMatchObject({ token: expect.any(String), user: { email, userName: expect.stringMatching(/^[A-Z]/) }, provider });
    const again = await socialLogin(stack, provider, email);
    expect(again.done.body.user?.id).toBe(first.done.body.user?.id);
    // Another provider with the same verified address: the same user.
    const google = await socialLogin(stack, 'google', email);
    expect(google.done.body.user?.id).toBe(first.done.body.user?.id);
  });

  it.each([
    ['x', 'X'],
    ['discord', 'Discord'],
    ['github', 'GitHub'],
    ['facebook', 'Facebook'],
  ] as const)('%s: an account without a verified e-mail address is refused with the reason, no session', async (provider, name) => {
    const result = await socialLogin(stack, provider, MISBEHAVING_LOGINS.unverified);
    expect(result.done).toMatchObject({ status: 400, body: { error: `Your ${name} account has no verified e-mail address, which the wallet is tied to` } });
    expect(result.status).toEqual({ step: 'failed', error: `Your ${name} account has no verified e-mail address, which the wallet is tied to` });
  });

  it.each([
    ['a wrong nonce', MISBEHAVING_LOGINS.wrongNonce, /nonce|unexpected JWT claim value/i],
    ['an expired ID token', MISBEHAVING_LOGINS.expired, /exp|timestamp|expired/i],
    ['a wrong audience', MISBEHAVING_LOGINS.wrongAudience, /aud|unexpected JWT claim value/i],
    ['a forged signature', MISBEHAVING_LOGINS.badSignature, /signature|JWS|key/i],
  ] as const)('refuses an ID token with %s from the provider: the flow fails, no session', async (_what, login, reason) => {
    const result = await socialLogin(stack, 'google', login);
    expect(result.done.status).toBe(400);
    expect(result.done.body.error).toMatch(/^The google answer was refused: /);
    expect(result.done.body.error).toMatch(reason);
    expect(result.done.body.token).toBeUndefined();
    expect(result.status).toEqual({ step: 'failed', error: result.done.body.error });
  });
});


/** A Sign In With Farcaster as the frame and the Farcaster app make it: the channel, the app's answer, the status, the session. */
async function farcasterLogin(stack: Stack, username: string) {
  const frame = binding();
  const started = await stack.call<{ flowId: string; uri: string }>('POST', '/v1/social/start', { provider: 'farcaster', deviceId: device(), codeChallenge: frame.codeChallenge });
  expect(started.status).toBe(200);
  expect((await stack.call<{ step: string }>('POST', '/v1/social/status', { flowId: started.body.flowId })).body.step).toBe('pending');
  const app = await approveFarcaster(started.body.uri, username);
  const status = await stack.call<{ step: string; error?: string }>('POST', '/v1/social/status', { flowId: started.body.flowId });
  const done = await stack.call<{ token?: string; user?: { id: string; email?: string; userName?: string }; provider?: string; error?: string }>('POST', '/v1/social/complete', { flowId: started.body.flowId, codeVerifier: frame.codeVerifier });
  return { started: started.body, app, status: status.body, done, frame };
}

describe.each(engines)('Sign In With Farcaster through the auth service (relay stand-in, ID registry on anvil), on %s', (_name, database) => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack(database());
  });
  afterAll(() => stack?.stop());

  it('the channel URL for the QR code, the Farcaster app signs, the service verifies against the ID registry; one user per fid, without an e-mail address', async () => {
    const username = `fc${Date.now() % 1_000_000}${++counter}`;
    const first = await farcasterLogin(stack, username);
    expect(first.started.uri).toMatch(/\/farcaster\/~\/siwf\?channelToken=[A-Za-z0-9_-]+$/);
    expect(first.app.status).toBe(200);
    expect(first.status).toEqual({ step: 'done' });
    expect(first.done.status).toBe(200);
    expect(first.done.body).toMatchObject({ token: expect.any(String), provider: 'farcaster', user: { userName: farcasterAccount(username).displayName } });
    expect(first.done.body.user).not.toHaveProperty('email');
    // The session is an ordinary one; the account has no address to change.
    const auth = { authorization: `Bearer ${first.done.body.token}`, [PROJECT_HEADER]: PROJECT, [HOST_ORIGIN_HEADER]: HOST, 'content-type': 'application/json' };
    const session = await fetch(`${stack.url}/v1/session`, { headers: auth });
    expect(((await session.json()) as { user: Record<string, unknown> }).user).toEqual({ id: first.done.body.user!.id });
    const change = await fetch(`${stack.url}/v1/email/change`, { method: 'POST', headers: auth, body: JSON.stringify({ newEmail: person('fc') }) });
    expect(change.status).toBe(409);
    expect(((await change.json()) as { error: string }).error).toBe('This account has no e-mail address to change: it signs in with Farcaster');
    // The same fid again: the same user (so the same wallet); a channel answers once.
    const again = await farcasterLogin(stack, username);
    expect(again.done.body.user?.id).toBe(first.done.body.user!.id);
    expect((await approveFarcaster(again.started.uri, username)).status).toBe(409);
    const other = await farcasterLogin(stack, `${username}x`);
    expect(other.done.body.user?.id).not.toBe(first.done.body.user!.id);
  });

  it.each([
    ['a signer that does not own the fid on the ID registry', FARCASTER_MISBEHAVING.unregistered, /does not own fid/],
    ['another nonce than the channel’s', FARCASTER_MISBEHAVING.wrongNonce, /Invalid nonce/],
    ['another domain than the host page’s', FARCASTER_MISBEHAVING.wrongDomain, /Invalid domain/],
    ['a signature by another key', FARCASTER_MISBEHAVING.forged, /Failed to verify message/],
  ] as const)('refuses an answer with %s: the flow fails with the reason, no session', async (_what, username, reason) => {
    const result = await farcasterLogin(stack, username);
    expect(result.app.status).toBe(200);
    expect(result.status.step).toBe('failed');
    expect(result.status.error).toMatch(/^The Farcaster answer was refused: /);
    expect(result.status.error).toMatch(reason);
    expect(result.done.status).toBe(409);
    expect(result.done.body.token).toBeUndefined();
  });

  it('attack: whoever sees the QR code (the host page, over the shoulder) but is not the frame that started the flow gets nothing', async () => {
    const frame = binding();
    const started = await stack.call<{ flowId: string; uri: string }>('POST', '/v1/social/start', { provider: 'farcaster', deviceId: device(), codeChallenge: frame.codeChallenge });
    const username = `fcv${Date.now() % 1_000_000}${++counter}`;
    expect((await approveFarcaster(started.body.uri, username)).status).toBe(200);
    expect((await stack.call<{ step: string }>('POST', '/v1/social/status', { flowId: started.body.flowId })).body).toEqual({ step: 'done' });
    for (const verifier of [binding().codeVerifier, frame.codeVerifier.slice(0, -1) + (frame.codeVerifier.endsWith('A') ? 'B' : 'A')]) {
      const stolen = await stack.call<{ token?: string }>('POST', '/v1/social/complete', { flowId: started.body.flowId, codeVerifier: verifier });
      expect(stolen).toMatchObject({ status: 403, body: { error: 'This sign-in was started by another session' } });
    }
    expect((await stack.call<{ error: string }>('POST', '/v1/social/complete', { flowId: started.body.flowId })).body.error).toContain('codeVerifier');
    // The frame that started it still takes its session.
    expect((await stack.call<{ token?: string }>('POST', '/v1/social/complete', { flowId: started.body.flowId, codeVerifier: frame.codeVerifier })).body.token).toEqual(expect.any(String));
  });

  it('a channel nobody answers stays pending; a project without Farcaster, or an unreachable relay, is refused at the start', async () => {
    const frame = binding();
    const started = await stack.call<{ flowId: string; uri: string }>('POST', '/v1/social/start', { provider: 'farcaster', deviceId: device(), codeChallenge: frame.codeChallenge });
    expect((await stack.call<{ step: string }>('POST', '/v1/social/status', { flowId: started.body.flowId })).body).toEqual({ step: 'pending' });
    expect((await stack.call<{ error: string }>('POST', '/v1/social/complete', { flowId: started.body.flowId, codeVerifier: frame.codeVerifier })).body.error).toBe('The sign-in is not finished');
    expect((await approveFarcaster(started.body.uri, 'x', 'cancel')).text).toContain('Sign-in cancelled');
    expect((await stack.call<{ step: string }>('POST', '/v1/social/status', { flowId: started.body.flowId })).body).toEqual({ step: 'pending' });
  });
});

describe('Sign In With Farcaster, misconfigured', () => {
  it('says which: not configured for the project (404), the relay unreachable (400)', async () => {
    const opened = await openDatabase({});
    const mailer = createSmtpMailer({ host: '127.0.0.1', port: catcher.smtpPort, from: 'Portico <no-reply@portico.test>' });
    const service = createAuthService({
      db: opened.db,
      projects: [{ id: PROJECT, allowedOrigins: [HOST] }, { id: 'other', allowedOrigins: [HOST] }],
      frameOrigins: [],
      jwtSecret: new TextEncoder().encode('j'.repeat(32)),
      pepper: new TextEncoder().encode('p'.repeat(32)),
      mailer,
      publicUrl: 'http://127.0.0.1:1',
      social: { [PROJECT]: { farcaster: { relay: `http://127.0.0.1:${await freePort()}`, rpcUrl: anvil.url } } },
    });
    const start = (project: string) =>
      service.app.request('/v1/social/start', { method: 'POST', headers: { [PROJECT_HEADER]: project, [HOST_ORIGIN_HEADER]: HOST, 'content-type': 'application/json' }, body: JSON.stringify({ provider: 'farcaster', deviceId: device(), codeChallenge: binding().codeChallenge }) });
    const unreachable = await start(PROJECT);
    expect(unreachable.status).toBe(400);
    expect(await unreachable.json()).toEqual({ error: 'The Farcaster relay cannot be reached' });
    const missing = await start('other');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'Social login with farcaster is not configured for this project' });
    mailer.close();
    await opened.close();
  });
});
