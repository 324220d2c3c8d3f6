import { and, eq, gt } from 'drizzle-orm';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context, Hono } from 'hono';
import type { HTTPException } from 'hono/http-exception';
import * as oidc from 'openid-client';
import { z } from 'zod';
import type { AuthDatabase } from './db/openDatabase';
import { identities, socialFlows, users } from './db/schema';
import { normalizeEmail } from './emailAddress';
import { appleClientAuth, appleClientSchema, appleUserName, type AppleClientConfig } from './appleClientSecret';
import { createFarcasterLogin, FarcasterError, farcasterConfigSchema, type FarcasterConfig } from './farcaster';
import { displayName, fetchIdentity, OAUTH2_PROVIDERS, oauth2Configuration, type OAuth2ProviderId, type SocialIdentity } from './oauth2Providers';
import { escapeHtml, page } from './pages';

/** The OpenID Connect providers (an ID token) and their real issuers. */
const OIDC_ISSUERS = { google: 'https://accounts.google.com', apple: 'https://appleid.apple.com' } as const;
type OidcProvider = keyof typeof OIDC_ISSUERS;

/** The OAuth 2.0 / OpenID social providers the service knows (spec §3: google, x, discord, github, apple, facebook); Farcaster apart (farcaster.ts). */
export const SOCIAL_PROVIDERS = ['google', 'x', 'discord', 'github', 'apple', 'facebook'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];
const isOidc = (provider: SocialProvider): provider is OidcProvider => provider in OIDC_ISSUERS;
/** The providers' names, for messages a person reads. */
const NAMES: Record<SocialProvider, string> = { google: 'Google', x: 'X', discord: 'Discord', github: 'GitHub', apple: 'Apple', facebook: 'Facebook' };

/**
 * A project's registration with one provider: the client the project registered there, and
 * where the provider is when not at its real address (a local stand-in): the OpenID issuer
 * for Google and Apple, the origin serving the provider's paths for the OAuth 2.0 ones.
 */
export interface SocialClientConfig {
  readonly issuer?: string | undefined;
  readonly clientId: string;
  readonly clientSecret: string;
}

/** Per project, per provider (Apple with its key, not a secret); Farcaster (Sign In With Farcaster, no client) apart. */
export type SocialConfig = Readonly<
  Record<string, Partial<Record<Exclude<SocialProvider, 'apple'>, SocialClientConfig>> & { readonly apple?: AppleClientConfig; readonly farcaster?: FarcasterConfig }>
>;

const clientSchema = z.strictObject({ issuer: z.optional(z.url()), clientId: z.string().min(1).max(256), clientSecret: z.string().min(1).max(512) });
export const socialConfigSchema = z.record(
  z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Expected a project id'),
  z.strictObject({
    ...(Object.fromEntries(SOCIAL_PROVIDERS.filter((p) => p !== 'apple').map((provider) => [provider, z.optional(clientSchema)])) as Record<Exclude<SocialProvider, 'apple'>, z.ZodOptional<typeof clientSchema>>),
    apple: z.optional(appleClientSchema),
    farcaster: z.optional(farcasterConfigSchema),
  }),
);

/**
 * What each OpenID provider is asked for. Apple has no `profile` scope: it posts its answer back
 * (form_post, which any scope requires) with a `user` field holding only what the scopes asked
 * for, so `name` is asked for to get the person's name (once, with the first authorization).
 */
const REQUEST: Record<OidcProvider, { scope: string; responseMode?: 'form_post' }> = {
  google: { scope: 'openid email profile' },
  apple: { scope: 'openid email name', responseMode: 'form_post' },
};

/** How long a social login may take, from the popup opening to the provider's answer. */
const FLOW_TTL_MS = 10 * 60_000;

interface SocialParts {
  readonly app: Hono<never>;
  readonly v1: Hono<{ Variables: { project: { id: string } } }>;
  readonly db: AuthDatabase;
  readonly social: SocialConfig;
  readonly publicUrl: () => string;
  readonly now: () => number;
  readonly hash: (value: string) => string;
  readonly parse: <T>(c: Context, schema: z.ZodType<T>) => Promise<T>;
  readonly fail: (status: 400 | 403 | 404 | 409, body: Record<string, unknown>) => HTTPException;
  readonly issueSession: (userId: string, project: string, device: string) => Promise<{ token: string; expiresAt: string }>;
  /** The request's host-page origin (checked against the project already). */
  readonly hostOrigin: (c: Context) => string;
  /** Insecure (http) issuers: the local stand-in only. */
  readonly allowHttpIssuers?: boolean;
}

const deviceId = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'Expected a device id of 16 to 64 URL-safe characters');
/** PKCE S256 (RFC 7636): the challenge is base64url(SHA-256(verifier)), 43 characters; the verifier 43 to 128 unreserved characters. */
const codeChallenge = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Expected a PKCE S256 code challenge (43 base64url characters)');
const codeVerifier = z.string().regex(/^[A-Za-z0-9._~-]{43,128}$/, 'Expected the PKCE code verifier (43 to 128 characters)');
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
const sameChallenge = (verifier: string, challenge: string) => {
  const a = Buffer.from(s256(verifier));
  const b = Buffer.from(challenge);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** The message the callback page posts to the window that opened the popup (the host page, which hands `uri` to its wallet frame). */
export const SOCIAL_CALLBACK_MESSAGE = 'portico-social/1';

/**
 * Social login through the auth service (issues #16, #36). Every flow is bound to the wallet
 * frame that started it: the frame sends the PKCE challenge of a verifier only it keeps.
 *
 * - OAuth 2.0 / OpenID (Google, X, Discord, GitHub, Apple, Facebook): `POST /v1/social/start`
 *   gives the provider's authorization URL (code flow, that challenge, `state`, and a `nonce`
 *   for the OpenID ones), which the host opens in a popup. The provider sends the browser to
 *   `/social/callback` (GET, or Apple's form_post), which checks the `state` and exchanges
 *   nothing: its page hands the answer, by `postMessage`, only to the window that opened the
 *   popup and only at the host origin the flow was started for, which hands it to its frame.
 *   The frame then sends `POST /v1/social/complete` with the answer and its verifier; only then
 *   is the code exchanged (the provider checks the verifier too) and the ID token checked
 *   (issuer, audience, signature, nonce, expiry: `openid-client`). A flow started by someone
 *   else and signed in by a victim gives that someone nothing: the code stays in the victim's
 *   browser, whose frame does not hold the verifier.
 * - Farcaster: the relay's channel is the flow; `/social/status` asks the relay and verifies
 *   the answer; `/social/complete` with the verifier takes the session once.
 *
 * A provider account maps to one user; a verified e-mail address already known from an e-mail
 * login reaches that same user (addresses read by `normalizeEmail`).
 */
export function registerSocialRoutes(parts: SocialParts) {
  const { db, now } = parts;
  const configs = new Map<string, Promise<oidc.Configuration>>();
  const configFor = (project: string, provider: SocialProvider) => {
    const client = parts.social[project]?.[provider];
    if (!client) throw parts.fail(404, { error: `Social login with ${provider} is not configured for this project` });
    const key = `${project}:${provider}`;
    let config = configs.get(key);
    if (!config) {
      const insecure = !!parts.allowHttpIssuers && !!client.issuer && new URL(client.issuer).protocol === 'http:';
      if (isOidc(provider)) {
        const issuer = client.issuer ?? OIDC_ISSUERS[provider];
        // Apple: client_secret_post with the ES256 JWT signed from the project's key (its audience is Apple, the issuer).
        const auth = 'teamId' in client ? appleClientAuth(client, issuer, now) : undefined;
        // The ID token's signature is checked against the issuer's JWKS too (openid-client skips it by
        // default for a token straight from the token endpoint, trusting TLS).
        config = oidc.discovery(new URL(issuer), client.clientId, 'clientSecret' in client ? client.clientSecret : undefined, auth, {
          execute: insecure ? [oidc.allowInsecureRequests, oidc.enableNonRepudiationChecks] : [oidc.enableNonRepudiationChecks],
        });
      } else if ('clientSecret' in client) {
        config = Promise.resolve(oauth2Configuration(OAUTH2_PROVIDERS[provider], client, client.issuer, insecure));
      } else {
        throw parts.fail(404, { error: `Social login with ${provider} is not configured for this project` });
      }
      // A failed discovery is tried again next time.
      config.catch(() => configs.delete(key));
      configs.set(key, config);
    }
    return config;
  };
  const callbackUrl = () => `${parts.publicUrl()}/social/callback`;
  const farcasterLogins = new Map<string, ReturnType<typeof createFarcasterLogin>>();
  const farcasterFor = (project: string) => {
    const config = parts.social[project]?.farcaster;
    if (!config) throw parts.fail(404, { error: 'Social login with farcaster is not configured for this project' });
    let login = farcasterLogins.get(project);
    if (!login) farcasterLogins.set(project, (login = createFarcasterLogin(config, FLOW_TTL_MS)));
    return login;
  };

  /**
   * The user a provider's account reaches: the one linked to it, else (with a verified address)
   * the user of that address, made when new. An address `normalizeEmail` refuses reaches no one.
   */
  const userFor = async (provider: string, identity: SocialIdentity): Promise<{ userId: string; name?: string | undefined } | { error: string }> => {
    const name = NAMES[provider as SocialProvider] ?? provider;
    if (!identity.subject) return { error: 'The provider sent no account id' };
    const [linked] = await db.select().from(identities).where(and(eq(identities.provider, provider), eq(identities.subject, identity.subject)));
    if (linked) {
      if (identity.name && identity.name !== linked.name) await db.update(identities).set({ name: identity.name }).where(and(eq(identities.provider, provider), eq(identities.subject, identity.subject)));
      // A provider that names the person once (Apple): the name it gave then.
      return { userId: linked.userId, name: identity.name ?? linked.name ?? undefined };
    }
    if (identity.email === undefined || !identity.emailVerified) return { error: `Your ${name} account has no verified e-mail address, which the wallet is tied to` };
    const address = normalizeEmail(identity.email);
    if (!address.ok) return { error: `The e-mail address of your ${name} account cannot be used (${address.reason})` };
    // The same verified address as an e-mail login: the same user, so the same wallet.
    await db.insert(users).values({ email: address.email }).onConflictDoNothing();
    const [user] = await db.select().from(users).where(eq(users.email, address.email));
    await db.insert(identities).values({ provider, subject: identity.subject, userId: user!.id, email: address.email, name: identity.name ?? null, createdAt: new Date(now()) }).onConflictDoNothing();
    return { userId: user!.id, name: identity.name };
  };

  /**
   * Sign In With Farcaster: the relay's channel is the flow. Its URL goes to the QR code, and
   * `/social/status` asks the relay until the Farcaster app has answered, then verifies that
   * answer here (see `createFarcasterLogin`). The account is the fid: no e-mail address comes
   * with it, so it is a user of its own, never joined to another by address.
   */
  const startFarcaster = async (c: Context<{ Variables: { project: { id: string } } }>, device: string, challenge: string) => {
    const project = c.get('project').id;
    const channel = await farcasterFor(project)
      .open(parts.hostOrigin(c), now())
      .catch((error: unknown) => {
        throw parts.fail(400, { error: error instanceof FarcasterError ? error.message : 'The Farcaster relay cannot be reached' });
      });
    const [flow] = await db
      .insert(socialFlows)
      .values({ projectId: project, provider: 'farcaster', deviceId: device, stateHash: parts.hash(`channel:${channel.channelToken}`), nonce: channel.nonce, codeChallenge: challenge, hostOrigin: parts.hostOrigin(c), channelToken: channel.channelToken, domain: channel.domain, step: 'pending', expiresAt: new Date(now() + FLOW_TTL_MS), createdAt: new Date(now()) })
      .returning();
    return c.json({ flowId: flow!.id, uri: channel.url });
  };

  /** One look at the relay per flow at a time (a second poll meanwhile waits for the same answer). */
  const checking = new Map<string, Promise<void>>();
  const checkFarcaster = (flow: typeof socialFlows.$inferSelect) => {
    let running = checking.get(flow.id);
    if (!running) {
      running = (async () => {
        let account;
        try {
          account = await farcasterFor(flow.projectId).check({ channelToken: flow.channelToken ?? '', nonce: flow.nonce, domain: flow.domain ?? '' });
        } catch (error) {
          if (error instanceof FarcasterError && error.retry) return;
          const message = error instanceof FarcasterError ? error.message : 'The Farcaster answer could not be checked';
          await db.update(socialFlows).set({ step: 'failed', error: message }).where(and(eq(socialFlows.id, flow.id), eq(socialFlows.step, 'pending')));
          return;
        }
        if (!account) return;
        const subject = String(account.fid);
        const name = displayName(account.displayName) ?? (account.username ? displayName(`@${account.username}`) : undefined);
        const [linked] = await db.select().from(identities).where(and(eq(identities.provider, 'farcaster'), eq(identities.subject, subject)));
        let userId = linked?.userId;
        if (!userId) {
          const [made] = await db.insert(users).values({ email: null }).returning();
          const [added] = await db.insert(identities).values({ provider: 'farcaster', subject, userId: made!.id, email: null, name: name ?? null, createdAt: new Date(now()) }).onConflictDoNothing().returning();
          if (added) userId = made!.id;
          else {
            // Another request linked this fid first: its user, and the one made here is dropped.
            await db.delete(users).where(eq(users.id, made!.id));
            userId = (await db.select().from(identities).where(and(eq(identities.provider, 'farcaster'), eq(identities.subject, subject))))[0]!.userId;
          }
        } else if (name && name !== linked?.name) {
          await db.update(identities).set({ name }).where(and(eq(identities.provider, 'farcaster'), eq(identities.subject, subject)));
        }
        await db.update(socialFlows).set({ step: 'done', userId, userName: name ?? null }).where(and(eq(socialFlows.id, flow.id), eq(socialFlows.step, 'pending')));
      })().finally(() => checking.delete(flow.id));
      checking.set(flow.id, running);
    }
    return running;
  };

  parts.v1.post('/social/start', async (c) => {
    const input = await parts.parse(c, z.object({ provider: z.enum([...SOCIAL_PROVIDERS, 'farcaster']), deviceId, codeChallenge }));
    if (input.provider === 'farcaster') return startFarcaster(c, input.deviceId, input.codeChallenge);
    const project = c.get('project').id;
    const config = await configFor(project, input.provider).catch((error: unknown) => {
      if ((error as { status?: number }).status === 404) throw error;
      throw parts.fail(400, { error: `The ${input.provider} sign-in service cannot be reached` });
    });
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const [flow] = await db
      .insert(socialFlows)
      .values({ projectId: project, provider: input.provider, deviceId: input.deviceId, stateHash: parts.hash(`state:${state}`), nonce, codeChallenge: input.codeChallenge, hostOrigin: parts.hostOrigin(c), step: 'pending', expiresAt: new Date(now() + FLOW_TTL_MS), createdAt: new Date(now()) })
      .returning();
    const { scope, responseMode } = isOidc(input.provider) ? REQUEST[input.provider] : { scope: OAUTH2_PROVIDERS[input.provider].scope, responseMode: undefined };
    const uri = oidc.buildAuthorizationUrl(config, {
      redirect_uri: callbackUrl(),
      scope,
      state,
      // The nonce binds an ID token to this flow: OpenID providers only.
      ...(isOidc(input.provider) ? { nonce } : {}),
      // The frame's challenge: the code is worth nothing without the verifier only that frame holds.
      code_challenge: input.codeChallenge,
      code_challenge_method: 'S256',
      ...(responseMode ? { response_mode: responseMode } : {}),
    });
    return c.json({ flowId: flow!.id, uri: uri.href });
  });

  /**
   * The provider's answer, in the popup. Nothing is exchanged here: a provider error fails the
   * flow; otherwise the page hands the answer to the window that opened it, if that window is at
   * the host origin the flow was started for (`postMessage`'s target origin), and to no one else.
   */
  const callback = async (c: Context) => {
    const form = c.req.method === 'POST' ? await c.req.parseBody().catch(() => ({})) : {};
    const params = new URLSearchParams(c.req.method === 'POST' ? Object.entries(form).filter((e): e is [string, string] => typeof e[1] === 'string') : new URL(c.req.url).searchParams);
    const state = params.get('state') ?? '';
    const [flow] = /^[A-Za-z0-9_-]{16,128}$/.test(state)
      ? await db.select().from(socialFlows).where(and(eq(socialFlows.stateHash, parts.hash(`state:${state}`)), eq(socialFlows.step, 'pending'), gt(socialFlows.expiresAt, new Date(now()))))
      : [];
    if (!flow) return page(c, 400, { title: 'Sign-in not valid', text: 'This sign-in was not started here, was finished already, or has expired. Close this window and try again from the app.' });
    const name = NAMES[flow.provider as SocialProvider] ?? flow.provider;
    if (params.get('error')) {
      const error = `The provider said: ${params.get('error_description') ?? params.get('error')}`.slice(0, 300);
      await db.update(socialFlows).set({ step: 'failed', error }).where(and(eq(socialFlows.id, flow.id), eq(socialFlows.step, 'pending')));
      return page(c, 400, { title: 'Sign-in failed', text: `${error}. Close this window and try again from the app.` });
    }
    const answer = new URL(callbackUrl());
    for (const [key, value] of params) answer.searchParams.set(key, value);
    if (answer.href.length > 4096) return page(c, 400, { title: 'Sign-in failed', text: `The answer from ${name} is too long. Close this window and try again from the app.` });
    const nonce = randomBytes(16).toString('base64url');
    // JSON in a data block: `<` escaped, so nothing in it can end the element.
    const data = JSON.stringify({ protocol: SOCIAL_CALLBACK_MESSAGE, uri: answer.href, origin: flow.hostOrigin }).replace(/</g, '\\u003c');
    const script = `const d=JSON.parse(document.getElementById('answer').textContent);`
      + `if(window.opener){window.opener.postMessage({protocol:d.protocol,kind:'callback',uri:d.uri},d.origin);}`
      + `else{document.querySelector('p').textContent=${JSON.stringify(`Go back to the app where you started signing in with ${name}. If you did not start it, close this window: nothing happens without that app.`).replace(/</g, '\\u003c')};}`;
    return page(c, 200, {
      title: `Signed in at ${name}`,
      text: 'Finishing in the app: this window closes by itself.',
      body: `<script type="application/json" id="answer">${data}</script><script nonce="${escapeHtml(nonce)}">${script}</script>`,
      scriptNonce: nonce,
    });
  };
  parts.app.get('/social/callback', callback);
  parts.app.post('/social/callback', callback);

  const flowOf = async (c: Context<{ Variables: { project: { id: string } } }>, flowId: string) => {
    const [flow] = await db.select().from(socialFlows).where(and(eq(socialFlows.id, flowId), eq(socialFlows.projectId, c.get('project').id)));
    if (!flow || (flow.step === 'pending' && flow.expiresAt.getTime() <= now())) throw parts.fail(404, { error: 'No such sign-in (it ended or expired)' });
    return flow;
  };

  parts.v1.post('/social/status', async (c) => {
    const { flowId } = await parts.parse(c, z.object({ flowId: z.uuid('Expected a flow id') }));
    let flow = await flowOf(c, flowId);
    if (flow.provider === 'farcaster' && flow.step === 'pending') {
      await checkFarcaster(flow);
      flow = (await db.select().from(socialFlows).where(eq(socialFlows.id, flow.id)))[0] ?? flow;
    }
    return c.json({ step: flow.step, ...(flow.error ? { error: flow.error } : {}) });
  });

  /** The session of a flow whose user is known, once: only one request moves it to `used`. */
  const takeSession = async (c: Context, flow: typeof socialFlows.$inferSelect, userId: string, userName: string | null) => {
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    const session = await parts.issueSession(userId, flow.projectId, flow.deviceId);
    return c.json({ ...session, user: { id: user!.id, ...(user!.email ? { email: user!.email } : {}), ...(userName ? { userName } : {}) }, provider: flow.provider });
  };
  const unfinished = (flow: typeof socialFlows.$inferSelect) =>
    parts.fail(409, { error: flow.step === 'failed' ? (flow.error ?? 'Sign-in failed') : flow.step === 'used' ? 'This sign-in was used already' : 'The sign-in is not finished' });

  parts.v1.post('/social/complete', async (c) => {
    const input = await parts.parse(c, z.object({ flowId: z.uuid('Expected a flow id'), codeVerifier, callback: z.optional(z.string().max(4096)) }));
    const flow = await flowOf(c, input.flowId);
    // The frame that started the flow, and no one else: its verifier.
    if (!sameChallenge(input.codeVerifier, flow.codeChallenge)) throw parts.fail(403, { error: 'This sign-in was started by another session' });
    if (flow.provider === 'farcaster') {
      if (flow.step !== 'done' || !flow.userId) throw unfinished(flow);
      const [taken] = await db.update(socialFlows).set({ step: 'used' }).where(and(eq(socialFlows.id, flow.id), eq(socialFlows.step, 'done'))).returning();
      if (!taken) throw parts.fail(409, { error: 'This sign-in was used already' });
      return takeSession(c, flow, flow.userId, flow.userName);
    }
    // Without the provider's answer (which only the browser it went to has): not finished, whoever asks.
    if (flow.step !== 'pending' || input.callback === undefined) throw unfinished(flow);
    // The provider's answer, as the callback page handed it over: this service's callback with this flow's state.
    const answer = input.callback && URL.canParse(input.callback) ? new URL(input.callback) : undefined;
    const state = answer?.searchParams.get('state') ?? '';
    if (!answer || `${answer.origin}${answer.pathname}` !== callbackUrl() || !/^[A-Za-z0-9_-]{16,128}$/.test(state) || parts.hash(`state:${state}`) !== flow.stateHash) {
      throw parts.fail(400, { error: 'The answer is not this sign-in’s: give the callback address the provider sent the popup to' });
    }
    if (!answer.searchParams.get('code')) throw parts.fail(400, { error: 'The answer has no authorization code' });
    // Once: the code is exchanged by one request only.
    const [taken] = await db.update(socialFlows).set({ step: 'used' }).where(and(eq(socialFlows.id, flow.id), eq(socialFlows.step, 'pending'))).returning();
    if (!taken) throw parts.fail(409, { error: 'This sign-in was used already' });
    const failed = async (error: string) => {
      await db.update(socialFlows).set({ step: 'failed', error }).where(eq(socialFlows.id, flow.id));
      return parts.fail(400, { error });
    };
    const provider = flow.provider as SocialProvider;
    let identity: SocialIdentity;
    try {
      const config = await configFor(flow.projectId, provider);
      if (isOidc(provider)) {
        const claims = (await oidc.authorizationCodeGrant(config, answer, { pkceCodeVerifier: input.codeVerifier, expectedState: state, expectedNonce: flow.nonce, idTokenExpected: true })).claims();
        // Google names the person in the ID token; Apple only in the `user` field of its first form_post.
        const name = provider === 'apple' ? displayName(appleUserName(answer.searchParams.get('user'))) : displayName(claims?.['name']);
        // Google sends a boolean, Apple the string "true".
        identity = { subject: claims?.sub ?? '', email: typeof claims?.email === 'string' ? claims.email : undefined, emailVerified: claims?.email_verified === true || claims?.email_verified === 'true', name };
      } else {
        // No ID token: the account is what the provider's user API says, with the access token.
        const tokens = await oidc.authorizationCodeGrant(config, answer, { pkceCodeVerifier: input.codeVerifier, expectedState: state });
        const client = parts.social[flow.projectId]?.[provider];
        identity = await fetchIdentity(OAUTH2_PROVIDERS[provider as OAuth2ProviderId], config, tokens.access_token, client?.issuer);
      }
    } catch (error) {
      // openid-client's message, and what it found (its cause) when it says only "invalid response".
      const { message, cause } = error as { message?: string; cause?: { message?: unknown } | unknown };
      const detail = cause instanceof Error ? cause.message : typeof (cause as { message?: unknown } | undefined)?.message === 'string' ? (cause as { message: string }).message : undefined;
      throw await failed(`The ${flow.provider} answer was refused: ${message ?? String(error)}${detail ? ` (${detail})` : ''}`.slice(0, 300));
    }
    const reached = await userFor(flow.provider, identity);
    if ('error' in reached) throw await failed(reached.error);
    await db.update(socialFlows).set({ userId: reached.userId, userName: reached.name ?? null }).where(eq(socialFlows.id, flow.id));
    // The name to show for the connected user: the provider's name for the account, capped.
    return takeSession(c, flow, reached.userId, reached.name ?? null);
  });
}
