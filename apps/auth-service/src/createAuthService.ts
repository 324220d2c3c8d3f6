import { clientAddress, clientKey, createTelemetry, requestIdOf, type Telemetry } from '@portico/service-kit';
import { serve } from '@hono/node-server';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import type { AuthDatabase } from './db/openDatabase';
import { devices, flows, keyShares, mailSends, projects, sessions, users } from './db/schema';
import { emailField } from './emailAddress';
import type { Mailer } from './mailer';
import { escapeHtml, page } from './pages';
import { createRateLimits } from './rateLimits';
import { registerSocialRoutes, type SocialConfig } from './social';

/** A host project and the host-page origins allowed to use it. */
export interface ProjectConfig {
  readonly id: string;
  readonly allowedOrigins: readonly string[];
}

/** Options of `createAuthService`. */
export interface AuthServiceOptions {
  readonly db: AuthDatabase;
  /** Projects written to the database at start (the origins of each replaced). */
  readonly projects?: readonly ProjectConfig[];
  /** Browser origins that may call the service (CORS): the wallet frame's. */
  readonly frameOrigins: readonly string[];
  /** Signs session JWTs (HS256); at least 32 bytes. */
  /** Logs and metrics (`@portico/service-kit`); default: none logged, metrics kept but not served. */
  readonly telemetry?: Telemetry;
  readonly jwtSecret: Uint8Array;
  /**
   * Secrets sessions were signed with before a rotation: a token signed with one still verifies
   * (new tokens are signed with `jwtSecret`), so rotating logs nobody out. Drop them once the
   * session lifetime has passed since the rotation.
   */
  readonly previousJwtSecrets?: readonly Uint8Array[];
  /** Keys the hashes of passcodes and link tokens; at least 32 bytes. */
  readonly pepper: Uint8Array;
  readonly mailer: Mailer;
  /** The service's own address, for the device links in mails. */
  readonly publicUrl: string;
  readonly now?: () => number;
  /** Session lifetime; default 7 days. */
  readonly sessionTtlMs?: number;
  /** How long a passcode can be used; default 10 minutes. */
  readonly codeTtlMs?: number;
  /** How long a flow (and its device link) lives; default 15 minutes. */
  readonly flowTtlMs?: number;
  /** Wrong passcodes allowed per code; default 5. */
  readonly maxAttempts?: number;
  /** Mail to one address at most this often (spec: 30 s). */
  readonly cooldownMs?: number;
  /** Passcode and link mails one client (its IP; an IPv6 /64) may cause a minute; default 10. */
  readonly mailPerClientPerMinute?: number;
  /** Passcode and link mails one project may cause a minute; default 300. */
  readonly mailPerProjectPerMinute?: number;
  /** Wrong passcodes one address may take an hour, over all its flows; default 20. */
  readonly wrongCodesPerHour?: number;
  /** Proxies whose `X-Forwarded-For` names the client (their own addresses); none by default. */
  readonly trustedProxies?: readonly string[];
  readonly maxBodyBytes?: number;
  /** Social login: per project, the providers and the clients registered there (issue #16). */
  readonly social?: SocialConfig;
  /** Lets social issuers be http: (the local OpenID stand-in); never in production. */
  readonly allowHttpIssuers?: boolean;
}

export const ISSUER = 'portico-auth';
export const PROJECT_HEADER = 'x-portico-project';
/** The host page's origin, as the frame saw it on the parent's messages. */
export const HOST_ORIGIN_HEADER = 'x-portico-origin';

const email = emailField;
const deviceId = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'Expected a device id of 16 to 64 URL-safe characters');
const flowId = z.uuid('Expected a flow id');
const code = z.string().regex(/^[0-9]{6}$/, 'Expected the 6-digit code');
const schemas = {
  login: z.object({ email, deviceId }),
  flow: z.object({ flowId }),
  otp: z.object({ flowId, code }),
  change: z.object({ newEmail: email }),
  share: z.object({
    share: z.string().regex(/^[A-Za-z0-9_-]{16,1024}$/, 'Expected a base64url share'),
    sealedRecovery: z.string().regex(/^[A-Za-z0-9_.-]{16,4096}$/, 'Expected a sealed share').optional(),
  }),
};

/** A JSON error answer with its status (and headers: `Retry-After` on a 429). */
class ApiError extends HTTPException {
  constructor(
    status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(status, { message: String(body.error) });
  }
}

/** 429 with the seconds to wait, in the body and as `Retry-After`. */
const tooMany = (error: string, seconds: number, extra: Record<string, unknown> = {}) => new ApiError(429, { error, retryAfter: seconds, ...extra }, { 'retry-after': String(seconds) });

type Env = { Bindings: Partial<HttpBindings>; Variables: { project: ProjectConfig; client: string; reqId: string } };

/**
 * The auth service as a Hono app (see README.md for the protocol). Every `/v1` request names
 * its project (`x-portico-project`) and the host page's origin (`x-portico-origin`, which must
 * be on the project's list); browsers are let in only from the frame's origins. Passcodes and
 * link tokens are single use, expiring, attempt-limited and stored as keyed hashes; sessions
 * are HS256 JWTs (`sub`, `sid`, `aud` = project, `iat`/`nbf`/`exp`) backed by a row that
 * logging out revokes. Bad input is a 4xx with `{ error }`, never a crash.
 */
export function createAuthService(options: AuthServiceOptions) {
  if (options.jwtSecret.length < 32 || options.pepper.length < 32 || options.previousJwtSecrets?.some((s) => s.length < 32)) throw new RangeError('jwtSecret, previousJwtSecrets and pepper must be at least 32 bytes');
  const { db, mailer } = options;
  const now = options.now ?? Date.now;
  const sessionTtl = options.sessionTtlMs ?? 7 * 24 * 3600_000;
  const codeTtl = options.codeTtlMs ?? 10 * 60_000;
  const flowTtl = options.flowTtlMs ?? 15 * 60_000;
  const maxAttempts = options.maxAttempts ?? 5;
  const cooldown = options.cooldownMs ?? 30_000;
  const telemetry = options.telemetry ?? createTelemetry({ service: 'auth-service', level: 'silent' });
  const passcodesSent = telemetry.counter('auth_passcodes_sent_total', 'Passcode mails sent');
  const mailsRefused = telemetry.counter('auth_mails_refused_total', 'Passcode and device-link mails refused, by the limit reached', ['limit']);
  const wrongCodes = telemetry.counter('auth_wrong_codes_total', 'Wrong passcodes entered');
  const logins = telemetry.counter('auth_logins_total', 'Sessions issued (e-mail, social and Farcaster logins)');
  const mailPerClient = options.mailPerClientPerMinute ?? 10;
  const mailPerProject = options.mailPerProjectPerMinute ?? 300;
  const wrongCodesPerHour = options.wrongCodesPerHour ?? 20;
  const trustedProxies = new Set(options.trustedProxies ?? []);
  const limits = createRateLimits(db, now);
  const frameOrigins = new Set(options.frameOrigins);
  const hash = (value: string) => createHmac('sha256', options.pepper).update(value).digest('hex');
  const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
  const date = (ms: number) => new Date(ms);

  const seeded = (async () => {
    for (const project of options.projects ?? []) {
      await db
        .insert(projects)
        .values({ id: project.id, allowedOrigins: [...project.allowedOrigins] })
        .onConflictDoUpdate({ target: projects.id, set: { allowedOrigins: [...project.allowedOrigins] } });
    }
  })();

  const parse = async <T>(c: Context, schema: z.ZodType<T>): Promise<T> => {
    if (!/^application\/json\s*(;|$)/i.test(c.req.header('content-type') ?? '')) throw new ApiError(415, { error: 'Content-Type must be application/json' });
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      throw new ApiError(400, { error: 'Malformed JSON' });
    }
    const result = schema.safeParse(body);
    if (!result.success) throw new ApiError(400, { error: z.prettifyError(result.error) });
    return result.data;
  };

  /**
   * Claims the right to mail `to` for the request `c`, before anything changes: the client
   * (`mailPerClientPerMinute`) and the project (`mailPerProjectPerMinute`) must have mails left
   * this minute, and the address must not have had one in the last `cooldown` ms (429 "Please try
   * again after N seconds", with `Retry-After`). `force`: the flow's own next mail (the passcode
   * after the device link, the new address's passcode), sent whatever the address's cooldown. A
   * refused claim changes nothing (issue #36: a refused resend used to replace the code and
   * reset its attempts).
   */
  const claimMail = async (c: Context<Env>, to: string, force = false) => {
    const at = now();
    const client = await limits.take(`mail:client:${c.get('client')}`, mailPerClient, 60_000);
    if (client) mailsRefused.inc({ limit: 'client' });
    if (client) throw tooMany(`Too many mails from this client: please try again after ${client.retryAfterSeconds} seconds`, client.retryAfterSeconds);
    const project = await limits.take(`mail:project:${c.get('project').id}`, mailPerProject, 60_000);
    if (project) mailsRefused.inc({ limit: 'project' });
    if (project) throw tooMany(`Too many mails for this app right now: please try again after ${project.retryAfterSeconds} seconds`, project.retryAfterSeconds);
    if (force) {
      await db.insert(mailSends).values({ email: to, sentAt: date(at) }).onConflictDoUpdate({ target: mailSends.email, set: { sentAt: date(at) } });
      return;
    }
    const [claimed] = await db
      .insert(mailSends)
      .values({ email: to, sentAt: date(at) })
      .onConflictDoUpdate({ target: mailSends.email, set: { sentAt: date(at) }, setWhere: lt(mailSends.sentAt, date(at - cooldown)) })
      .returning();
    if (!claimed) {
      const [last] = await db.select().from(mailSends).where(eq(mailSends.email, to));
      const seconds = Math.max(1, Math.ceil(((last?.sentAt.getTime() ?? at) + cooldown - at) / 1000));
      mailsRefused.inc({ limit: 'cooldown' });
      throw tooMany(`Please try again after ${seconds} seconds`, seconds);
    }
  };

  const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
  /** A new passcode for the flow's step (its attempts start again), mailed to `to`; the mail must be claimed already. */
  const issueCode = async (flow: string, to: string, purpose: string) => {
    const value = newCode();
    await db.update(flows).set({ codeHash: hash(`${flow}:${value}`), attempts: 0, codeExpiresAt: date(now() + codeTtl) }).where(eq(flows.id, flow));
    passcodesSent.inc();
    await mailer.send({ to, subject: `Your code: ${value}`, text: `${value} is your one-time code ${purpose}. It expires in ${Math.round(codeTtl / 60_000)} minutes. If you did not ask for it, ignore this mail.` });
  };
  /** The mail claimed first (`claimMail`), then the code replaced and sent: a refused claim leaves the flow as it was. */
  const sendCode = async (c: Context<Env>, flow: string, to: string, purpose: string, force = false) => {
    await claimMail(c, to, force);
    await issueCode(flow, to, purpose);
  };

  /** Checks a passcode against the flow's step; counts a wrong one; returns the flow once, when right. */
  const checkCode = async (id: string, value: string, steps: readonly string[], owner: { projectId: string; kind: 'login' | 'change'; userId?: string }) => {
    // Wrong passcodes are counted per code (`maxAttempts`, a new code only with a mail the
    // cooldown allows) and per address over an hour, across every flow (`wrongCodesPerHour`).
    const [flow] = await db.select().from(flows).where(eq(flows.id, id));
    const theirs = flow && flow.projectId === owner.projectId && flow.kind === owner.kind && (owner.userId === undefined || flow.userId === owner.userId);
    if (!flow || !theirs || !steps.includes(flow.step) || flow.expiresAt.getTime() <= now()) throw new ApiError(404, { error: 'No such passcode step (it ended or expired)' });
    if (!flow.codeHash || !flow.codeExpiresAt || flow.codeExpiresAt.getTime() <= now()) throw new ApiError(400, { error: 'Code expired', expired: true });
    // One attempt counted atomically before the comparison: parallel guesses share the limit.
    const [counted] = await db
      .update(flows)
      .set({ attempts: sql`${flows.attempts} + 1` })
      .where(and(eq(flows.id, id), eq(flows.step, flow.step), lt(flows.attempts, maxAttempts)))
      .returning({ attempts: flows.attempts });
    if (!counted) throw new ApiError(429, { error: 'Too many attempts: ask for a new code', attemptsLeft: 0 });
    const address = flow.step === 'secondary' ? flow.newEmail! : flow.email;
    const window = await limits.take(`codes:${address}`, wrongCodesPerHour, 3600_000);
    if (window) throw tooMany(`Too many wrong codes for this address: please try again after ${Math.ceil(window.retryAfterSeconds / 60)} minutes`, window.retryAfterSeconds, { attemptsLeft: 0 });
    if (!sameHash(hash(`${id}:${value}`), flow.codeHash)) {
      wrongCodes.inc();
      throw new ApiError(400, { error: 'Invalid code', attemptsLeft: maxAttempts - counted.attempts });
    }
    // A right code is no wrong attempt.
    await limits.refund(`codes:${address}`);
    // Single use: only one request moves the step on.
    const [taken] = await db.update(flows).set({ codeHash: null }).where(and(eq(flows.id, id), eq(flows.step, flow.step), eq(flows.codeHash, flow.codeHash))).returning();
    if (!taken) throw new ApiError(404, { error: 'No such passcode step (it ended or expired)' });
    return flow;
  };

  const secret = options.jwtSecret;
  const issueSession = async (userId: string, project: string, device: string) => {
    const at = now();
    const [session] = await db
      .insert(sessions)
      .values({ userId, projectId: project, deviceId: device, createdAt: date(at), expiresAt: date(at + sessionTtl) })
      .returning();
    logins.inc();
    const seconds = Math.floor(at / 1000);
    const token = await new SignJWT({ sid: session!.id })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setSubject(userId)
      .setAudience(project)
      .setIssuedAt(seconds)
      .setNotBefore(seconds)
      .setExpirationTime(Math.floor((at + sessionTtl) / 1000))
      .sign(secret);
    return { token, expiresAt: date(at + sessionTtl).toISOString() };
  };

  /** The live session of the request's bearer token, for its project. */
  const authenticate = async (c: Context<Env>) => {
    const match = /^Bearer ([A-Za-z0-9_.-]{16,4096})$/i.exec(c.req.header('authorization') ?? '');
    if (!match) throw new ApiError(401, { error: 'Sign-in required' });
    let claims;
    try {
      const verifyWith = (key: Uint8Array) => jwtVerify(match[1]!, key, { issuer: ISSUER, audience: c.get('project').id, algorithms: ['HS256'], currentDate: date(now()) });
      try {
        ({ payload: claims } = await verifyWith(secret));
      } catch (error) {
        // Signed before a rotation: the previous secrets, in turn (only a bad signature moves on; a claim that fails fails).
        const previous = options.previousJwtSecrets ?? [];
        if (!(error instanceof joseErrors.JWSSignatureVerificationFailed) || previous.length === 0) throw error;
        let verified;
        for (const key of previous) {
          try {
            verified = await verifyWith(key);
            break;
          } catch (again) {
            if (!(again instanceof joseErrors.JWSSignatureVerificationFailed)) throw again;
          }
        }
        if (!verified) throw error;
        claims = verified.payload;
      }
    } catch (error) {
      if (error instanceof joseErrors.JWTClaimValidationFailed && error.claim === 'nbf') throw new ApiError(401, { error: 'JWT not yet valid' });
      if (error instanceof joseErrors.JWTExpired) throw new ApiError(401, { error: 'Session expired' });
      throw new ApiError(401, { error: 'Invalid session' });
    }
    const sid = typeof claims.sid === 'string' && z.uuid().safeParse(claims.sid).success ? claims.sid : undefined;
    const [session] = sid ? await db.select().from(sessions).where(eq(sessions.id, sid)) : [];
    if (!session || session.userId !== claims.sub || session.revokedAt || session.expiresAt.getTime() <= now()) throw new ApiError(401, { error: 'Session expired' });
    const [user] = await db.select().from(users).where(eq(users.id, session.userId));
    if (!user) throw new ApiError(401, { error: 'Session expired' });
    return { session, user };
  };

  const app = new Hono<Env>();
  // Every request: its id (a proxy's `X-Request-Id`, else a new one) in the answer, and a JSON log line and metrics once answered,
  // by the route it matched (its pattern, never the raw path).
  app.use('*', async (c, next) => {
    const started = performance.now();
    const id = requestIdOf(c.req.header('x-request-id'));
    c.set('reqId', id);
    try {
      await next();
    } finally {
      c.header('x-request-id', id);
      const route = c.req.routePath && c.req.routePath !== '/*' && c.req.routePath !== '*' ? c.req.routePath : 'other';
      telemetry.record({ id, method: c.req.method, route, status: c.res.status, ms: performance.now() - started });
    }
  });
  telemetry.gauge('auth_active_sessions', 'Sessions not revoked and not expired', async () => {
    const [row] = await db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(sessions).where(and(isNull(sessions.revokedAt), gt(sessions.expiresAt, date(now()))));
    return row?.count ?? 0;
  });
  app.onError((error, c) => {
    if (error instanceof ApiError) return c.json(error.body, error.status, error.headers);
    if (error instanceof HTTPException) return c.json({ error: error.message }, error.status);
    telemetry.logger.error({ err: error, reqId: c.get('reqId') }, 'unexpected error');
    return c.json({ error: 'Something went wrong' }, 500);
  });
  app.notFound((c) => c.json({ error: `No route for ${c.req.method} ${new URL(c.req.url).pathname}` }, 404));
  // For a load balancer and an orchestrator, before any origin check: alive (the process answers),
  // and ready (the database answers with the migrations applied and the projects written).
  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  app.get('/readyz', async (c) => {
    try {
      await seeded;
      await db.select({ id: projects.id }).from(projects).limit(1);
    } catch (error) {
      telemetry.logger.error({ err: error }, 'not ready');
      return c.json({ status: 'unavailable', error: 'Database unreachable or not migrated' }, 503);
    }
    return c.json({ status: 'ready' });
  });
  app.use('*', async (c, next) => {
    c.set('client', clientKey(clientAddress(c.env?.incoming?.socket.remoteAddress, c.req.header('x-forwarded-for'), trustedProxies)));
    const origin = c.req.header('origin');
    // The social provider's answer is a navigation in the popup (Apple's a cross-site form post): no CORS.
    if (origin !== undefined && c.req.path !== '/social/callback' && c.req.path !== '/device/confirm') {
      if (!frameOrigins.has(origin)) throw new ApiError(403, { error: 'origin not allowed' });
      c.header('access-control-allow-origin', origin);
      c.header('vary', 'Origin');
      if (c.req.method === 'OPTIONS') {
        c.header('access-control-allow-methods', 'GET, POST, PUT');
        c.header('access-control-allow-headers', `content-type, authorization, ${PROJECT_HEADER}, ${HOST_ORIGIN_HEADER}`);
        c.header('access-control-max-age', '600');
        return c.body(null, 204);
      }
    }
    await seeded;
    return next();
  });
  app.use('*', bodyLimit({ maxSize: options.maxBodyBytes ?? 16 * 1024, onError: () => { throw new ApiError(413, { error: 'Body too large' }); } }));

  // The device link opened from the mail, in whatever browser: no project headers. Opening it
  // (GET, HEAD: what mail scanners and link previews do) only shows a page; the device is
  // confirmed by the person's click on its button (a POST of the token), never by the link.
  const deviceToken = /^[A-Za-z0-9_-]{43}$/;
  const linkInvalid = (c: Context) => page(c, 400, { title: 'Link not valid', text: 'This device link was used already, has expired or is not valid. Ask for a new one from the app.' });
  app.get('/device/confirm', async (c) => {
    const token = c.req.query('token') ?? '';
    const [flow] = deviceToken.test(token) ? await db.select().from(flows).where(and(eq(flows.linkHash, hash(token)), eq(flows.step, 'device'), gt(flows.expiresAt, date(now())))) : [];
    if (!flow) return linkInvalid(c);
    const form = `<form method="post" action="/device/confirm"><input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit">Confirm this device</button></form>`;
    return page(c, 200, { title: 'Confirm this device', text: `Someone is logging in with ${flow.email} on a new device. If it is you, confirm it; if not, close this page and nothing happens.`, body: form, formAction: "'self'" });
  });
  app.post('/device/confirm', async (c) => {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const token = typeof form['token'] === 'string' ? form['token'] : '';
    const [flow] = deviceToken.test(token)
      ? await db
          .update(flows)
          .set({ step: 'otp', linkHash: null })
          .where(and(eq(flows.linkHash, hash(token)), eq(flows.step, 'device'), gt(flows.expiresAt, date(now()))))
          .returning()
      : [];
    if (!flow) return linkInvalid(c);
    await db.insert(devices).values({ email: flow.email, deviceId: flow.deviceId, verifiedAt: date(now()) }).onConflictDoNothing();
    // The passcode follows the confirmation (the link is single use, so the address's cooldown does not apply).
    c.set('project', { id: flow.projectId, allowedOrigins: [] });
    await sendCode(c as unknown as Context<Env>, flow.id, flow.email, 'to log in', true).catch((error: unknown) => {
      if (!(error instanceof ApiError && error.status === 429)) throw error;
    });
    return page(c, 200, { title: 'Device confirmed', text: 'Go back to the app and enter the code we sent you.' });
  });

  const v1 = new Hono<Env>();
  v1.use('*', async (c, next) => {
    const id = c.req.header(PROJECT_HEADER) ?? '';
    const [project] = /^[A-Za-z0-9_-]{1,64}$/.test(id) ? await db.select().from(projects).where(eq(projects.id, id)) : [];
    if (!project) throw new ApiError(401, { error: 'Invalid project ID' });
    const hostOrigin = c.req.header(HOST_ORIGIN_HEADER) ?? '';
    if (!project.allowedOrigins.includes(hostOrigin)) throw new ApiError(403, { error: 'origin not allowed' });
    c.set('project', project);
    return next();
  });

  v1.post('/email/login', async (c) => {
    const input = await parse(c, schemas.login);
    const [known] = await db.select().from(devices).where(and(eq(devices.email, input.email), eq(devices.deviceId, input.deviceId)));
    const step = known ? 'otp' : 'device';
    // Nothing is kept for a login the limits refuse.
    await claimMail(c, input.email);
    const token = known ? undefined : randomBytes(32).toString('base64url');
    const [flow] = await db
      .insert(flows)
      .values({ kind: 'login', step, projectId: c.get('project').id, email: input.email, deviceId: input.deviceId, linkHash: token ? hash(token) : null, expiresAt: date(now() + flowTtl), createdAt: date(now()) })
      .returning();
    if (token) {
      const link = `${options.publicUrl}/device/confirm?token=${token}`;
      await mailer.send({ to: input.email, subject: 'Confirm this device', text: `Someone is logging in with this address on a new device. If it is you, open this link and confirm the device:\n\n${link}\n\nIt expires in ${Math.round(flowTtl / 60_000)} minutes. If it is not you, ignore this mail.` });
    } else {
      await issueCode(flow!.id, input.email, 'to log in');
    }
    return c.json({ flowId: flow!.id, step });
  });

  v1.post('/email/status', async (c) => {
    const { flowId: id } = await parse(c, schemas.flow);
    const [flow] = await db.select().from(flows).where(and(eq(flows.id, id), eq(flows.projectId, c.get('project').id)));
    if (!flow || flow.expiresAt.getTime() <= now()) throw new ApiError(404, { error: 'No such passcode step (it ended or expired)' });
    return c.json({ step: flow.step });
  });

  v1.post('/email/resend', async (c) => {
    const { flowId: id } = await parse(c, schemas.flow);
    const [flow] = await db.select().from(flows).where(and(eq(flows.id, id), eq(flows.projectId, c.get('project').id)));
    if (!flow || flow.expiresAt.getTime() <= now() || !['otp', 'primary', 'secondary'].includes(flow.step)) throw new ApiError(404, { error: 'No such passcode step (it ended or expired)' });
    await sendCode(c, flow.id, flow.step === 'secondary' ? flow.newEmail! : flow.email, flow.kind === 'login' ? 'to log in' : 'to change your e-mail address');
    return c.json({ step: flow.step });
  });

  v1.post('/email/otp', async (c) => {
    const input = await parse(c, schemas.otp);
    const flow = await checkCode(input.flowId, input.code, ['otp'], { projectId: c.get('project').id, kind: 'login' });
    await db.update(flows).set({ step: 'done' }).where(eq(flows.id, flow.id));
    await db.insert(users).values({ email: flow.email }).onConflictDoNothing();
    const [user] = await db.select().from(users).where(eq(users.email, flow.email));
    const session = await issueSession(user!.id, flow.projectId, flow.deviceId);
    return c.json({ ...session, user: { id: user!.id, email: user!.email } });
  });

  v1.get('/session', async (c) => {
    const { session, user } = await authenticate(c);
    return c.json({ user: { id: user.id, ...(user.email ? { email: user.email } : {}) }, expiresAt: session.expiresAt.toISOString() });
  });

  v1.post('/logout', async (c) => {
    const { session } = await authenticate(c);
    await db.update(sessions).set({ revokedAt: date(now()) }).where(eq(sessions.id, session.id));
    return c.body(null, 204);
  });

  v1.post('/email/change', async (c) => {
    const { session, user } = await authenticate(c);
    const { newEmail } = await parse(c, schemas.change);
    if (!user.email) throw new ApiError(409, { error: 'This account has no e-mail address to change: it signs in with Farcaster' });
    if (newEmail === user.email) throw new ApiError(400, { error: 'That is your e-mail address already' });
    const [taken] = await db.select().from(users).where(eq(users.email, newEmail));
    if (taken) throw new ApiError(409, { error: 'That e-mail address belongs to another account' });
    const [flow] = await db
      .insert(flows)
      .values({ kind: 'change', step: 'primary', projectId: c.get('project').id, email: user.email, newEmail, userId: user.id, deviceId: session.deviceId, expiresAt: date(now() + flowTtl), createdAt: date(now()) })
      .returning();
    await sendCode(c, flow!.id, user.email, 'to change your e-mail address');
    return c.json({ flowId: flow!.id, step: 'primary' });
  });

  v1.post('/email/change/otp', async (c) => {
    const { user } = await authenticate(c);
    const input = await parse(c, schemas.otp);
    const flow = await checkCode(input.flowId, input.code, ['primary', 'secondary'], { projectId: c.get('project').id, kind: 'change', userId: user.id });
    if (flow.step === 'primary') {
      await db.update(flows).set({ step: 'secondary' }).where(eq(flows.id, flow.id));
      await sendCode(c, flow.id, flow.newEmail!, 'to confirm your new e-mail address', true);
      return c.json({ step: 'secondary' });
    }
    await db.update(flows).set({ step: 'done' }).where(eq(flows.id, flow.id));
    try {
      await db.update(users).set({ email: flow.newEmail! }).where(eq(users.id, user.id));
    } catch {
      throw new ApiError(409, { error: 'That e-mail address belongs to another account' });
    }
    // The old address's confirmed devices carry over to the new one.
    await db.update(devices).set({ email: flow.newEmail! }).where(eq(devices.email, user.email!)).catch(() => undefined);
    return c.json({ step: 'done', user: { id: user.id, email: flow.newEmail } });
  });

  v1.put('/keys/auth-share', async (c) => {
    const { user } = await authenticate(c);
    const { share, sealedRecovery } = await parse(c, schemas.share);
    const row = { share, sealedRecovery: sealedRecovery ?? null, updatedAt: date(now()) };
    await db.insert(keyShares).values({ userId: user.id, ...row }).onConflictDoUpdate({ target: keyShares.userId, set: row });
    return c.body(null, 204);
  });

  v1.get('/keys/auth-share', async (c) => {
    const { user } = await authenticate(c);
    const [row] = await db.select().from(keyShares).where(eq(keyShares.userId, user.id));
    if (!row) throw new ApiError(404, { error: 'No key share for this account' });
    return c.json({ share: row.share, ...(row.sealedRecovery ? { sealedRecovery: row.sealedRecovery } : {}) });
  });

  registerSocialRoutes({
    app: app as never,
    v1: v1 as never,
    db,
    social: options.social ?? {},
    publicUrl: () => options.publicUrl,
    now,
    hash,
    parse,
    fail: (status, body) => new ApiError(status, body),
    issueSession,
    hostOrigin: (c) => c.req.header(HOST_ORIGIN_HEADER) ?? '',
    ...(options.allowHttpIssuers ? { allowHttpIssuers: true } : {}),
  });

  app.route('/v1', v1);

  return {
    app,
    /** Serves the app on 127.0.0.1 (a free port with 0). */
    async listen(port = 0, hostname = '127.0.0.1') {
      await seeded;
      const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
        const s = serve({ fetch: app.fetch, port, hostname }, () => resolve(s));
        s.once('error', reject);
      });
      const { port: bound } = server.address() as AddressInfo;
      const http = server as unknown as { closeAllConnections?: () => void; closeIdleConnections?: () => void };
      let closing: Promise<void> | undefined;
      return {
        url: `http://${hostname}:${bound}`,
        /**
         * Stops taking connections and lets the requests in flight finish (at most `drainMs`,
         * default 10 s: a deploy or a scale-down loses no login half-way), then cuts what is left.
         */
        close: (drainMs = 10_000) =>
          (closing ??= (async () => {
            const drained = new Promise<void>((resolve) => server.close(() => resolve()));
            http.closeIdleConnections?.();
            let timer: NodeJS.Timeout | undefined;
            await Promise.race([drained, new Promise<void>((resolve) => (timer = setTimeout(resolve, drainMs)))]);
            clearTimeout(timer);
            http.closeAllConnections?.();
          })()),
      };
    },
  };
}
