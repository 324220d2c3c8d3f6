import { startMailCatcher, type MailCatcher } from '@portico/mail-catcher';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthService, HOST_ORIGIN_HEADER, PROJECT_HEADER } from './createAuthService';
import { openDatabase, type DatabaseOptions } from './db/openDatabase';
import { createSmtpMailer } from './mailer';
import { startTestPostgres, type TestPostgres } from './testing/startTestPostgres';

const PROJECT = 'acme';
const HOST = 'https://app.acme.example';
const FRAME = 'http://127.0.0.1:4500';

let catcher: MailCatcher;
let postgres: TestPostgres;
beforeAll(async () => {
  // Side by side; when one fails, the one that started is stopped (nothing outlives the suite).
  const [mail, pg] = await Promise.allSettled([startMailCatcher(), startTestPostgres()]);
  if (mail.status === 'fulfilled') catcher = mail.value;
  if (pg.status === 'fulfilled') postgres = pg.value;
  const failed = [mail, pg].find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
});
afterAll(async () => {
  await Promise.all([catcher?.stop(), postgres?.stop()]);
});

/** A running service over one engine, with a clock the test moves. */
async function startService(database: DatabaseOptions, limits: Partial<Pick<Parameters<typeof createAuthService>[0], 'mailPerClientPerMinute' | 'mailPerProjectPerMinute' | 'wrongCodesPerHour' | 'trustedProxies' | 'jwtSecret' | 'previousJwtSecrets' | 'telemetry'>> = {}) {
  const clock = { offset: 0 };
  const opened = await openDatabase(database);
  const mailer = createSmtpMailer({ host: '127.0.0.1', port: catcher.smtpPort, from: 'Portico <no-reply@portico.test>' });
  const service = createAuthService({
    db: opened.db,
    projects: [{ id: PROJECT, allowedOrigins: [HOST] }],
    frameOrigins: [FRAME],
    jwtSecret: new TextEncoder().encode('j'.repeat(32)),
    pepper: new TextEncoder().encode('p'.repeat(32)),
    mailer,
    publicUrl: 'http://auth.test',
    now: () => Date.now() + clock.offset,
    // The tests below log in many times from one address (this machine): the client limit is tested on its own.
    mailPerClientPerMinute: 1000,
    ...limits,
  });
  const server = await service.listen(0);
  const call = async <T = Record<string, unknown>>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { [PROJECT_HEADER]: PROJECT, [HOST_ORIGIN_HEADER]: HOST, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: (text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as T, headers: response.headers };
  };
  return {
    clock,
    call,
    url: server.url,
    async stop() {
      await server.close();
      mailer.close();
      await opened.close();
    },
  };
}
type Service = Awaited<ReturnType<typeof startService>>;

let counter = 0;
const newEmail = (tag: string) => `${tag}-${Date.now()}-${++counter}@example.com`;
const newDevice = () => randomBytes(16).toString('base64url');
const lastMail = (to: string) => catcher.mails(to)[0]!;
const codeIn = (to: string) => /\b(\d{6})\b/.exec(lastMail(to).text)![1]!;
const linkIn = (to: string) => /(http:\/\/auth\.test\/device\/confirm\?token=[A-Za-z0-9_-]+)/.exec(lastMail(to).text)![1]!;
/** The person's click on the device page's button: the form posts the link's token. */
const confirmDevice = (service: Service, link: string) =>
  fetch(`${service.url}/device/confirm`, { method: 'POST', body: new URLSearchParams({ token: new URL(link).searchParams.get('token')! }) });

/** Logs in on a new device: the device link from the mail, then the passcode. */
async function login(service: Service, email: string, device = newDevice()) {
  const started = await service.call<{ flowId: string; step: string }>('POST', '/v1/email/login', { email, deviceId: device });
  expect(started.status).toBe(200);
  if (started.body.step === 'device') {
    const confirmed = await confirmDevice(service, linkIn(email));
    expect(confirmed.status).toBe(200);
  }
  const done = await service.call<{ token: string; user: { id: string; email: string } }>('POST', '/v1/email/otp', { flowId: started.body.flowId, code: codeIn(email) });
  expect(done.status).toBe(200);
  return { ...done.body, device, flowId: started.body.flowId };
}
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const engines: Array<[string, () => DatabaseOptions]> = [
  ['PGlite', () => ({})],
  ['PostgreSQL', () => ({ url: postgres.url })],
];

describe.each(engines)('auth service on %s', (_engine, database) => {
  let service: Service;
  beforeAll(async () => {
    service = await startService(database());
  });
  afterAll(async () => service?.stop());

  it('a new device: the e-mailed link confirms it, then the passcode logs in; the session answers', async () => {
    const email = newEmail('new');
    const device = newDevice();
    const started = await service.call<{ flowId: string; step: string }>('POST', '/v1/email/login', { email: email.toUpperCase(), deviceId: device });
    expect(started.body.step).toBe('device');
    expect(lastMail(email).subject).toBe('Confirm this device');
    expect((await service.call('POST', '/v1/email/status', { flowId: started.body.flowId })).body).toEqual({ step: 'device' });

    const link = linkIn(email).replace('http://auth.test', service.url);
    // Opening the link (a mail scanner, a link preview: GET or HEAD) only shows the page with its button.
    for (const method of ['HEAD', 'GET', 'GET']) expect((await fetch(link, { method })).status).toBe(200);
    const shown = await fetch(link);
    expect(shown.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'");
    expect(await shown.text()).toMatch(/Someone is logging in with [^ ]+ on a new device[\s\S]*<form method="post" action="\/device\/confirm">[\s\S]*Confirm this device/);
    expect((await service.call('POST', '/v1/email/status', { flowId: started.body.flowId })).body).toEqual({ step: 'device' });
    expect(lastMail(email).subject).toBe('Confirm this device');
    // The person's click confirms it.
    const page = await confirmDevice(service, link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Device confirmed');
    expect((await service.call('POST', '/v1/email/status', { flowId: started.body.flowId })).body).toEqual({ step: 'otp' });
    expect(lastMail(email).subject).toMatch(/^Your code: \d{6}$/);
    // The link works once.
    expect((await fetch(link)).status).toBe(400);
    expect((await confirmDevice(service, link)).status).toBe(400);

    const code = codeIn(email);
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await service.call('POST', '/v1/email/otp', { flowId: started.body.flowId, code: wrong })).toMatchObject({ status: 400, body: { error: 'Invalid code', attemptsLeft: 4 } });
    const done = await service.call<{ token: string; user: { email: string } }>('POST', '/v1/email/otp', { flowId: started.body.flowId, code });
    expect(done.status).toBe(200);
    expect(done.body.user.email).toBe(email);
    expect(await service.call('GET', '/v1/session', undefined, bearer(done.body.token))).toMatchObject({ status: 200, body: { user: { email } } });
    // A replayed passcode: the step is over.
    expect(await service.call('POST', '/v1/email/otp', { flowId: started.body.flowId, code })).toMatchObject({ status: 404 });
  });

  it('the same device next time goes straight to the passcode; the same account', async () => {
    const email = newEmail('again');
    const first = await login(service, email);
    service.clock.offset += 31_000; // past the mail cooldown
    const started = await service.call<{ flowId: string; step: string }>('POST', '/v1/email/login', { email, deviceId: first.device });
    expect(started.body.step).toBe('otp');
    const second = await service.call<{ user: { id: string } }>('POST', '/v1/email/otp', { flowId: started.body.flowId, code: codeIn(email) });
    expect(second.body.user.id).toBe(first.user.id);
  });

  it('mail to one address at most every 30 s: "Please try again after N seconds"', async () => {
    const email = newEmail('cooldown');
    const device = newDevice();
    await service.call('POST', '/v1/email/login', { email, deviceId: device });
    const again = await service.call('POST', '/v1/email/login', { email, deviceId: device });
    expect(again).toMatchObject({ status: 429, body: { error: 'Please try again after 30 seconds', retryAfter: 30 } });
    expect(again.headers.get('retry-after')).toBe('30');
    service.clock.offset += 12_000;
    expect((await service.call('POST', '/v1/email/login', { email, deviceId: device })).body).toMatchObject({ error: 'Please try again after 18 seconds' });
  });

  it('a passcode expires after 10 minutes, and allows 5 wrong tries', async () => {
    const email = newEmail('expiry');
    const device = newDevice();
    const known = await login(service, email, device);
    expect(known.user.email).toBe(email);
    service.clock.offset += 31_000;
    const started = await service.call<{ flowId: string }>('POST', '/v1/email/login', { email, deviceId: device });
    const code = codeIn(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let left = 4; left >= 0; left--) expect((await service.call('POST', '/v1/email/otp', { flowId: started.body.flowId, code: wrong })).body).toMatchObject({ error: 'Invalid code', attemptsLeft: left });
    expect(await service.call('POST', '/v1/email/otp', { flowId: started.body.flowId, code })).toMatchObject({ status: 429, body: { error: 'Too many attempts: ask for a new code' } });

    service.clock.offset += 31_000;
    const later = await service.call<{ flowId: string }>('POST', '/v1/email/login', { email, deviceId: device });
    const fresh = codeIn(email);
    service.clock.offset += 10 * 60_000 + 1;
    expect(await service.call('POST', '/v1/email/otp', { flowId: later.body.flowId, code: fresh })).toMatchObject({ status: 400, body: { error: 'Code expired' } });
  });

  it('sessions: "JWT not yet valid" for a clock behind, expiry after 7 days, revoked by logging out', async () => {
    const { token } = await login(service, newEmail('session'));
    service.clock.offset -= 5 * 60_000;
    expect(await service.call('GET', '/v1/session', undefined, bearer(token))).toMatchObject({ status: 401, body: { error: 'JWT not yet valid' } });
    service.clock.offset += 5 * 60_000 + 7 * 24 * 3600_000 + 1000;
    expect(await service.call('GET', '/v1/session', undefined, bearer(token))).toMatchObject({ status: 401, body: { error: 'Session expired' } });
    service.clock.offset -= 7 * 24 * 3600_000 + 1000;
    expect((await service.call('POST', '/v1/logout', undefined, bearer(token))).status).toBe(204);
    expect(await service.call('GET', '/v1/session', undefined, bearer(token))).toMatchObject({ status: 401, body: { error: 'Session expired' } });
    expect(await service.call('GET', '/v1/session', undefined, bearer(`${token.slice(0, -4)}AAAA`))).toMatchObject({ status: 401, body: { error: 'Invalid session' } });
    expect(await service.call('GET', '/v1/session')).toMatchObject({ status: 401, body: { error: 'Sign-in required' } });
  });

  it('changing the e-mail address: a passcode to the current one, then one to the new one', async () => {
    const email = newEmail('change-old');
    const next = newEmail('change-new');
    const { token, device, user } = await login(service, email);
    service.clock.offset += 31_000; // the login's mail was just sent
    const started = await service.call<{ flowId: string; step: string }>('POST', '/v1/email/change', { newEmail: next }, bearer(token));
    expect(started.body.step).toBe('primary');
    expect((await service.call('POST', '/v1/email/change/otp', { flowId: started.body.flowId, code: codeIn(email) }, bearer(token))).body).toEqual({ step: 'secondary' });
    expect(catcher.mails(next)).toHaveLength(1);
    const done = await service.call('POST', '/v1/email/change/otp', { flowId: started.body.flowId, code: codeIn(next) }, bearer(token));
    expect(done.body).toEqual({ step: 'done', user: { id: user.id, email: next } });
    expect((await service.call('GET', '/v1/session', undefined, bearer(token))).body).toMatchObject({ user: { email: next } });
    // The confirmed device carried over; the old address is free.
    service.clock.offset += 31_000;
    expect((await service.call('POST', '/v1/email/login', { email: next, deviceId: device })).body).toMatchObject({ step: 'otp' });
    const other = await login(service, newEmail('other'));
    service.clock.offset += 31_000;
    expect(await service.call('POST', '/v1/email/change', { newEmail: next }, bearer(other.token))).toMatchObject({ status: 409 });
  });

  it('the auth key share: kept for the account, given back only to its live sessions', async () => {
    const alice = await login(service, newEmail('alice'));
    const bob = await login(service, newEmail('bob'));
    const share = randomBytes(48).toString('base64url');
    expect((await service.call('PUT', '/v1/keys/auth-share', { share }, bearer(alice.token))).status).toBe(204);
    expect((await service.call('GET', '/v1/keys/auth-share', undefined, bearer(alice.token))).body).toEqual({ share });
    const sealedRecovery = `${randomBytes(16).toString('base64url')}.${randomBytes(60).toString('base64url')}`;
    expect((await service.call('PUT', '/v1/keys/auth-share', { share, sealedRecovery }, bearer(alice.token))).status).toBe(204);
    expect((await service.call('GET', '/v1/keys/auth-share', undefined, bearer(alice.token))).body).toEqual({ share, sealedRecovery });
    expect((await service.call('PUT', '/v1/keys/auth-share', { share: 'short' }, bearer(alice.token))).status).toBe(400);
    expect(await service.call('GET', '/v1/keys/auth-share', undefined, bearer(bob.token))).toMatchObject({ status: 404 });
    expect((await service.call('GET', '/v1/keys/auth-share')).status).toBe(401);
    await service.call('POST', '/v1/logout', undefined, bearer(alice.token));
    expect((await service.call('GET', '/v1/keys/auth-share', undefined, bearer(alice.token))).status).toBe(401);
  });

  it('projects and origins: unknown project, host origin not on its list, a browser origin other than the frame', async () => {
    const body = { email: newEmail('origin'), deviceId: newDevice() };
    expect(await service.call('POST', '/v1/email/login', body, { [PROJECT_HEADER]: 'nope' })).toMatchObject({ status: 401, body: { error: 'Invalid project ID' } });
    expect(await service.call('POST', '/v1/email/login', body, { [HOST_ORIGIN_HEADER]: 'https://evil.example' })).toMatchObject({ status: 403, body: { error: 'origin not allowed' } });
    expect(await service.call('POST', '/v1/email/login', body, { origin: 'https://evil.example' })).toMatchObject({ status: 403, body: { error: 'origin not allowed' } });
    const preflight = await fetch(`${service.url}/v1/email/login`, { method: 'OPTIONS', headers: { origin: FRAME } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(FRAME);
    expect(preflight.headers.get('access-control-allow-headers')).toContain(PROJECT_HEADER);
    expect(catcher.mails(body.email)).toEqual([]);
  });

  it('attack: a resend storm inside the cooldown changes nothing: no new code, no attempts back, 5 guesses in all', async () => {
    const email = newEmail('storm');
    const device = newDevice();
    await login(service, email, device);
    service.clock.offset += 31_000;
    const started = await service.call<{ flowId: string }>('POST', '/v1/email/login', { email, deviceId: device });
    const code = codeIn(email);
    const mailsBefore = catcher.mails(email).length;
    // 100 guesses, each followed by a resend, as fast as the service answers: only 5 are ever compared.
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
    const answers: number[] = [];
    for (let i = 0; i < 100; i++) {
      answers.push((await service.call('POST', '/v1/email/otp', { flowId: started.body.flowId, code: wrong(i) })).status);
      const resent = await service.call('POST', '/v1/email/resend', { flowId: started.body.flowId });
      expect(resent.status).toBe(429);
      expect(resent.headers.get('retry-after')).toMatch(/^\d+$/);
    }
    expect(answers.filter((status) => status === 400)).toHaveLength(5);
    expect(answers.filter((status) => status === 429)).toHaveLength(95);
    expect(catcher.mails(email)).toHaveLength(mailsBefore);
    // The right code is refused too now: the limit held, whatever the resends.
    expect((await service.call('POST', '/v1/email/otp', { flowId: started.body.flowId, code })).status).toBe(429);
    // After the cooldown a resend is a real one: a new code and five tries for it.
    service.clock.offset += 31_000;
    expect((await service.call('POST', '/v1/email/resend', { flowId: started.body.flowId })).status).toBe(200);
    expect(catcher.mails(email)).toHaveLength(mailsBefore + 1);
    expect((await service.call('POST', '/v1/email/otp', { flowId: started.body.flowId, code: codeIn(email) })).status).toBe(200);
  });

  it('attack: parallel guesses share the limits (five per code)', async () => {
    const email = newEmail('parallel');
    const device = newDevice();
    await login(service, email, device);
    service.clock.offset += 31_000;
    const started = await service.call<{ flowId: string }>('POST', '/v1/email/login', { email, deviceId: device });
    const code = codeIn(email);
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => service.call('POST', '/v1/email/otp', { flowId: started.body.flowId, code: String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0') })));
    expect(results.filter((r) => r.status === 400)).toHaveLength(5);
  });

  it('attack: guessing across many flows of one address stops at 20 wrong codes an hour', async () => {
    const email = newEmail('many-flows');
    const device = newDevice();
    await login(service, email, device);
    let wrongAnswered = 0;
    let refused: { status: number; body: Record<string, unknown>; headers: Headers } | undefined;
    for (let flow = 0; flow < 10 && !refused; flow++) {
      service.clock.offset += 31_000;
      const started = await service.call<{ flowId: string }>('POST', '/v1/email/login', { email, deviceId: device });
      const code = codeIn(email);
      for (let i = 0; i < 5; i++) {
        const answer = await service.call('POST', '/v1/email/otp', { flowId: started.body.flowId, code: String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0') });
        if (answer.status === 400) wrongAnswered++;
        else {
          refused = answer;
          break;
        }
      }
    }
    expect(wrongAnswered).toBe(20);
    expect(refused).toMatchObject({ status: 429, body: { error: expect.stringMatching(/^Too many wrong codes for this address: please try again after \d+ minutes$/) } });
    // Even the right code of a new flow waits until the hour is over.
    service.clock.offset += 31_000;
    const next = await service.call<{ flowId: string }>('POST', '/v1/email/login', { email, deviceId: device });
    expect((await service.call('POST', '/v1/email/otp', { flowId: next.body.flowId, code: codeIn(email) })).status).toBe(429);
    service.clock.offset += 3600_000;
    service.clock.offset += 31_000;
    const later = await service.call<{ flowId: string }>('POST', '/v1/email/login', { email, deviceId: device });
    expect((await service.call('POST', '/v1/email/otp', { flowId: later.body.flowId, code: codeIn(email) })).status).toBe(200);
  });

  it('addresses: one rule for typed ones (trim, NFKC, case): padded is the same account, look-alikes and markup are refused', async () => {
    const email = newEmail('typed');
    const first = await login(service, email);
    service.clock.offset += 31_000;
    const padded = await service.call<{ step: string }>('POST', '/v1/email/login', { email: `  ${email.toUpperCase()} `, deviceId: first.device });
    expect(padded.body.step).toBe('otp');
    const lookalike = await service.call<{ error: string }>('POST', '/v1/email/login', { email: `\u212A${email.slice(1)}`, deviceId: newDevice() });
    expect(lookalike.status).toBe(400);
    expect(lookalike.body.error).toContain('characters that stand for others');
    expect((await service.call<{ error: string }>('POST', '/v1/email/login', { email: 'not an address<script>', deviceId: newDevice() })).body.error).toContain('Invalid email');
  });

  it('bad input gets a clear 4xx: malformed JSON, wrong shapes, huge bodies, other content types, bad links', async () => {
    expect(await service.call('POST', '/v1/email/login', '{nope')).toMatchObject({ status: 400, body: { error: 'Malformed JSON' } });
    expect((await service.call('POST', '/v1/email/login', { email: 'not-an-email', deviceId: newDevice() })).body.error).toContain('Invalid email');
    expect((await service.call('POST', '/v1/email/login', { email: newEmail('x') })).body.error).toContain('deviceId');
    expect((await service.call('POST', '/v1/email/otp', { flowId: 'x', code: '12' })).body.error).toMatch(/flow id[\s\S]*6-digit/);
    expect((await service.call('POST', '/v1/email/login', { email: newEmail('big'), deviceId: 'x'.repeat(40_000) })).status).toBe(413);
    expect(await service.call('POST', '/v1/email/login', 'email=a', { 'content-type': 'text/plain' })).toMatchObject({ status: 415 });
    expect((await fetch(`${service.url}/device/confirm?token=<script>`)).status).toBe(400);
    expect((await fetch(`${service.url}/device/confirm?token=${'A'.repeat(43)}`)).status).toBe(400);
    expect((await fetch(`${service.url}/device/confirm`, { method: 'POST', body: new URLSearchParams({ token: 'A'.repeat(43) }) })).status).toBe(400);
    expect((await fetch(`${service.url}/device/confirm`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' })).status).toBe(400);
    expect((await service.call('GET', '/v1/elsewhere')).status).toBe(404);
  });
});

describe('attack: mail bombing', () => {
  it('one client may cause 10 passcode or link mails a minute, one project 300 (429 with Retry-After); the limits hold across addresses', async () => {
    const service = await startService({}, { mailPerClientPerMinute: 10, mailPerProjectPerMinute: 15, trustedProxies: ['127.0.0.1'] });
    try {
      const from = (client: string) => ({ 'x-forwarded-for': client });
      const answers = [];
      for (let i = 0; i < 25; i++) answers.push(await service.call('POST', '/v1/email/login', { email: newEmail('bomb'), deviceId: newDevice() }, from('203.0.113.7')));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
      const refused = answers.find((a) => a.status === 429)!;
      expect(refused.body).toMatchObject({ error: expect.stringMatching(/^Too many mails from this client: please try again after \d+ seconds$/) });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      // Another /64 of IPv6 is another client; the same /64 is the same one.
      for (let i = 0; i < 3; i++) expect((await service.call('POST', '/v1/email/login', { email: newEmail('v6'), deviceId: newDevice() }, from(`2001:db8:1:2::${i + 1}`))).status).toBe(200);
      // The project's 15: 10 + 3 are taken, two more from a third client, then none.
      expect((await service.call('POST', '/v1/email/login', { email: newEmail('p'), deviceId: newDevice() }, from('198.51.100.1'))).status).toBe(200);
      expect((await service.call('POST', '/v1/email/login', { email: newEmail('p'), deviceId: newDevice() }, from('198.51.100.1'))).status).toBe(200);
      expect((await service.call('POST', '/v1/email/login', { email: newEmail('p'), deviceId: newDevice() }, from('198.51.100.2'))).body).toMatchObject({ error: expect.stringMatching(/^Too many mails for this app right now/) });
      // A minute later the client may mail again.
      service.clock.offset += 61_000;
      expect((await service.call('POST', '/v1/email/login', { email: newEmail('later'), deviceId: newDevice() }, from('203.0.113.7'))).status).toBe(200);
    } finally {
      await service.stop();
    }
  });

  it('X-Forwarded-For counts only from a trusted proxy: a client cannot pick its own address', async () => {
    const service = await startService({}, { mailPerClientPerMinute: 3 });
    try {
      const statuses = [];
      for (let i = 0; i < 6; i++) statuses.push((await service.call('POST', '/v1/email/login', { email: newEmail('spoof'), deviceId: newDevice() }, { 'x-forwarded-for': `198.51.100.${i}` })).status);
      expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
    } finally {
      await service.stop();
    }
  });
});

describe('a restart loses no account', () => {
  it.each([
    ['PGlite (a data folder)', () => ({ dataDir: `/tmp/portico-auth-${randomBytes(6).toString('hex')}` })],
    ['PostgreSQL', () => ({ url: postgres.url })],
  ])('%s: after a restart the device is still confirmed and the login is the same account', async (_name, options) => {
    const database: DatabaseOptions = options();
    const email = newEmail('restart');
    const first = await startService(database);
    let before: Awaited<ReturnType<typeof login>>;
    try {
      before = await login(first, email);
    } finally {
      await first.stop();
    }
    const second = await startService(database);
    try {
      const started = await second.call<{ flowId: string; step: string }>('POST', '/v1/email/login', { email, deviceId: before.device });
      // The cooldown row survived the restart too.
      expect(started).toMatchObject({ status: 429 });
      second.clock.offset += 31_000;
      const retried = await second.call<{ flowId: string; step: string }>('POST', '/v1/email/login', { email, deviceId: before.device });
      expect(retried.body.step).toBe('otp');
      const again = await second.call<{ user: { id: string } }>('POST', '/v1/email/otp', { flowId: retried.body.flowId, code: codeIn(email) });
      expect(again.body.user.id).toBe(before.user.id);
    } finally {
      await second.stop();
      if (database.dataDir) await rm(database.dataDir, { recursive: true, force: true });
    }
  });
});

describe('rotating the JWT secret (AUTH_JWT_SECRET_PREVIOUS)', () => {
  it('a session signed with the old secret stays good where the old one is listed as previous, and new ones are signed with the new; without it, the session is refused', async () => {
    const oldSecret = new TextEncoder().encode('o'.repeat(32));
    const newSecret = new TextEncoder().encode('n'.repeat(32));
    const before = await startService({ url: postgres.url }, { jwtSecret: oldSecret });
    const after = await startService({ url: postgres.url }, { jwtSecret: newSecret, previousJwtSecrets: [oldSecret] });
    const forgotten = await startService({ url: postgres.url }, { jwtSecret: newSecret });
    try {
      const { token } = await login(before, newEmail('rotate'));
      expect((await after.call('GET', '/v1/session', undefined, bearer(token))).status).toBe(200);
      expect(await forgotten.call('GET', '/v1/session', undefined, bearer(token))).toMatchObject({ status: 401, body: { error: 'Invalid session' } });
      // A login on the rotated instance is signed with the new secret: the old instance does not know it, the rotated ones do.
      const fresh = await login(after, newEmail('rotated'));
      expect((await forgotten.call('GET', '/v1/session', undefined, bearer(fresh.token))).status).toBe(200);
      expect(await before.call('GET', '/v1/session', undefined, bearer(fresh.token))).toMatchObject({ status: 401, body: { error: 'Invalid session' } });
    } finally {
      await Promise.all([before.stop(), after.stop(), forgotten.stop()]);
    }
  });
});

describe('logs and metrics (#40)', () => {
  it('a JSON log line per request by its route pattern with its X-Request-Id, and Prometheus counts of passcodes, refusals, wrong codes, logins and live sessions', async () => {
    const { createTelemetry } = await import('@portico/service-kit');
    const { Writable } = await import('node:stream');
    const logged: Record<string, unknown>[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) logged.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    const telemetry = createTelemetry({ service: 'auth-service', destination });
    const service = await startService({}, { telemetry });
    const metrics = await telemetry.serveMetrics(0);
    try {
      const email = newEmail('metrics');
      const device = newDevice();
      const started = await service.call<{ flowId: string }>('POST', '/v1/email/login', { email, deviceId: device }, { 'x-request-id': 'edge-proxy-request-7' });
      expect(started.headers.get('x-request-id')).toBe('edge-proxy-request-7');
      await confirmDevice(service, linkIn(email));
      const code = codeIn(email);
      expect((await service.call('POST', '/v1/email/otp', { flowId: started.body.flowId, code: code === '000000' ? '111111' : '000000' })).status).toBe(400);
      expect((await service.call('POST', '/v1/email/otp', { flowId: started.body.flowId, code })).status).toBe(200);
      expect((await service.call('POST', '/v1/email/login', { email, deviceId: device })).status).toBe(429);
      await new Promise((r) => setTimeout(r, 50));
      const requests = logged.filter((l) => l['msg'] === 'request');
      expect(requests[0]).toMatchObject({ service: 'auth-service', reqId: 'edge-proxy-request-7', method: 'POST', route: '/v1/email/login', status: 200 });
      expect(requests.map((l) => `${l['route']} ${l['status']}`)).toEqual(['/v1/email/login 200', '/device/confirm 200', '/v1/email/otp 400', '/v1/email/otp 200', '/v1/email/login 429']);
      const text = await (await fetch(metrics.url)).text();
      expect(text).toContain('auth_passcodes_sent_total{service="auth-service"} 1');
      expect(text).toContain('auth_wrong_codes_total{service="auth-service"} 1');
      expect(text).toContain('auth_logins_total{service="auth-service"} 1');
      expect(text).toContain('auth_mails_refused_total{limit="cooldown",service="auth-service"} 1');
      expect(text).toContain('auth_active_sessions{service="auth-service"} 1');
      expect(text).toContain('http_requests_total{route="/v1/email/otp",method="POST",status="400",service="auth-service"} 1');
    } finally {
      await metrics.close();
      await service.stop();
    }
  });
});
