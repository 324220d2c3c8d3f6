import { and, eq, gt } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import type { HTTPException } from 'hono/http-exception';
import * as oidc from 'openid-client';
import { z } from 'zod';
import type { AuthDatabase } from './db/openDatabase';
import { identities, socialFlows, users } from './db/schema';
import { createFarcasterLogin, FarcasterError, farcasterConfigSchema, type FarcasterConfig } from './farcaster';
import { displayName, fetchIdentity, OAUTH2_PROVIDERS, oauth2Configuration, type OAuth2ProviderId, type SocialIdentity } from './oauth2Providers';

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

/** Per project, per provider; Farcaster (Sign In With Farcaster, no client) apart. */
export type SocialConfig = Readonly<Record<string, Partial<Record<SocialProvider, SocialClientConfig>> & { readonly farcaster?: FarcasterConfig }>>;

const clientSchema = z.strictObject({ issuer: z.optional(z.url()), clientId: z.string().min(1).max(256), clientSecret: z.string().min(1).max(512) });
export const socialConfigSchema = z.record(
  z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Expected a project id'),
  z.strictObject({
    ...(Object.fromEntries(SOCIAL_PROVIDERS.map((provider) => [provider, z.optional(clientSchema)])) as Record<SocialProvider, z.ZodOptional<typeof clientSchema>>),
    farcaster: z.optional(farcasterConfigSchema),
  }),
);

/** What each OpenID provider is asked for: Apple posts its answer back (form_post) and has no `profile` scope. */
const REQUEST: Record<OidcProvider, { scope: string; responseMode?: 'form_post' }> = {
  google: { scope: 'openid email profile' },
  apple: { scope: 'openid email', responseMode: 'form_post' },
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
  readonly fail: (status: 400 | 404 | 409, body: Record<string, unknown>) => HTTPException;
  readonly issueSession: (userId: string, project: string, device: string) => Promise<{ token: string; expiresAt: string }>;
  /** The request's host-page origin (checked against the project already). */
  readonly hostOrigin: (c: Context) => string;
  /** Insecure (http) issuers: the local stand-in only. */
  readonly allowHttpIssuers?: boolean;
}

const deviceId = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'Expected a device id of 16 to 64 URL-safe characters');

/**
 * Social login through the auth service (issue #16): the frame asks `POST /v1/social/start`
 * for the provider's authorization URL (authorization code with PKCE, `state` and `nonce`,
 * kept here), the popup signs in there and lands on `/social/callback` (GET, or POST for
 * Apple's form_post), where the code is exchanged and the ID token checked (issuer, audience,
 * signature, nonce, expiry: `openid-client`); the frame polls `POST /v1/social/status` and takes
 * its session once with `POST /v1/social/complete`. A provider account maps to one user; a
 * verified e-mail address already known from an e-mail login reaches that same user.
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
        // The ID token's signature is checked against the issuer's JWKS too (openid-client skips it by
        // default for a token straight from the token endpoint, trusting TLS).
        config = oidc.discovery(new URL(client.issuer ?? OIDC_ISSUERS[provider]), client.clientId, client.clientSecret, undefined, {
          execute: insecure ? [oidc.allowInsecureRequests, oidc.enableNonRepudiationChecks] : [oidc.enableNonRepudiationChecks],
        });
      } else {
        config = Promise.resolve(oauth2Configuration(OAUTH2_PROVIDERS[provider], client, client.issuer, insecure));
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
   * Sign In With Farcaster: the relay's channel is the flow. Its URL goes to the QR code, and
   * `/social/status` asks the relay until the Farcaster app has answered, then verifies that
   * answer here (see `createFarcasterLogin`). The account is the fid: no e-mail address comes
   * with it, so it is a user of its own, never joined to another by address.
   */
  const startFarcaster = async (c: Context<{ Variables: { project: { id: string } } }>, device: string) => {
    const project = c.get('project').id;
    const channel = await farcasterFor(project)
      .open(parts.hostOrigin(c), now())
      .catch((error: unknown) => {
        throw parts.fail(400, { error: error instanceof FarcasterError ? error.message : 'The Farcaster relay cannot be reached' });
      });
    const [flow] = await db
      .insert(socialFlows)
      .values({ projectId: project, provider: 'farcaster', deviceId: device, stateHash: parts.hash(`channel:${channel.channelToken}`), nonce: channel.nonce, codeVerifier: '', channelToken: channel.channelToken, domain: channel.domain, step: 'pending', expiresAt: new Date(now() + FLOW_TTL_MS), createdAt: new Date(now()) })
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
    const input = await parts.parse(c, z.object({ provider: z.enum([...SOCIAL_PROVIDERS, 'farcaster']), deviceId }));
    if (input.provider === 'farcaster') return startFarcaster(c, input.deviceId);
    const project = c.get('project').id;
    const config = await configFor(project, input.provider).catch((error: unknown) => {
      if ((error as { status?: number }).status === 404) throw error;
      throw parts.fail(400, { error: `The ${input.provider} sign-in service cannot be reached` });
    });
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const [flow] = await db
      .insert(socialFlows)
      .values({ projectId: project, provider: input.provider, deviceId: input.deviceId, stateHash: parts.hash(`state:${state}`), nonce, codeVerifier, step: 'pending', expiresAt: new Date(now() + FLOW_TTL_MS), createdAt: new Date(now()) })
      .returning();
    const { scope, responseMode } = isOidc(input.provider) ? REQUEST[input.provider] : { scope: OAUTH2_PROVIDERS[input.provider].scope, responseMode: undefined };
    const uri = oidc.buildAuthorizationUrl(config, {
      redirect_uri: callbackUrl(),
      scope,
      state,
      // The nonce binds an ID token to this flow: OpenID providers only.
      ...(isOidc(input.provider) ? { nonce } : {}),
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      ...(responseMode ? { response_mode: responseMode } : {}),
    });
    return c.json({ flowId: flow!.id, uri: uri.href });
  });

  /** The provider's answer, in the popup: the code exchanged, the ID token checked, the user found or made. */
  const callback = async (c: Context) => {
    const page = (status: 200 | 400, title: string, text: string) =>
      c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1><p>${text}</p></main></body></html>`, status, { 'content-security-policy': "default-src 'none'" });
    const form = c.req.method === 'POST' ? await c.req.parseBody().catch(() => ({})) : {};
    const params = new URLSearchParams(c.req.method === 'POST' ? Object.entries(form).filter((e): e is [string, string] => typeof e[1] === 'string') : new URL(c.req.url).searchParams);
    const state = params.get('state') ?? '';
    const [flow] = /^[A-Za-z0-9_-]{16,128}$/.test(state)
      ? await db.select().from(socialFlows).where(and(eq(socialFlows.stateHash, parts.hash(`state:${state}`)), eq(socialFlows.step, 'pending'), gt(socialFlows.expiresAt, new Date(now()))))
      : [];
    if (!flow) return page(400, 'Sign-in not valid', 'This sign-in was not started here, was finished already, or has expired. Close this window and try again from the app.');
    const failed = async (error: string) => {
      await db.update(socialFlows).set({ step: 'failed', error }).where(eq(socialFlows.id, flow.id));
      return page(400, 'Sign-in failed', `${error}. Close this window and try again from the app.`);
    };
    if (params.get('error')) return failed(`The provider said: ${params.get('error_description') ?? params.get('error')}`.slice(0, 300));
    const provider = flow.provider as SocialProvider;
    let identity: SocialIdentity;
    try {
      const config = await configFor(flow.projectId, provider);
      const current = new URL(callbackUrl());
      for (const [key, value] of params) current.searchParams.set(key, value);
      if (isOidc(provider)) {
        const claims = (await oidc.authorizationCodeGrant(config, current, { pkceCodeVerifier: flow.codeVerifier, expectedState: state, expectedNonce: flow.nonce, idTokenExpected: true })).claims();
        const name = displayName(claims?.['name']);
        // Google sends a boolean, Apple the string "true".
        identity = { subject: claims?.sub ?? '', email: typeof claims?.email === 'string' ? claims.email : undefined, emailVerified: claims?.email_verified === true || claims?.email_verified === 'true', name };
      } else {
        // No ID token: the account is what the provider's user API says, with the access token.
        const tokens = await oidc.authorizationCodeGrant(config, current, { pkceCodeVerifier: flow.codeVerifier, expectedState: state });
        const client = parts.social[flow.projectId]?.[provider];
        identity = await fetchIdentity(OAUTH2_PROVIDERS[provider as OAuth2ProviderId], config, tokens.access_token, client?.issuer);
      }
    } catch (error) {
      // openid-client's message, and what it found (its cause) when it says only "invalid response".
      const { message, cause } = error as { message?: string; cause?: { message?: unknown } | unknown };
      const detail = cause instanceof Error ? cause.message : typeof (cause as { message?: unknown } | undefined)?.message === 'string' ? (cause as { message: string }).message : undefined;
      return failed(`The ${flow.provider} answer was refused: ${message ?? String(error)}${detail ? ` (${detail})` : ''}`.slice(0, 300));
    }
    const email = identity.email?.toLowerCase();
    const verified = identity.emailVerified;
    if (!identity.subject) return failed('The provider sent no account id');
    const [linked] = await db.select().from(identities).where(and(eq(identities.provider, flow.provider), eq(identities.subject, identity.subject)));
    let userId = linked?.userId;
    if (!userId) {
      if (!email || !verified) return failed(`Your ${NAMES[provider]} account has no verified e-mail address, which the wallet is tied to`);
      // The same verified address as an e-mail login: the same user, so the same wallet.
      await db.insert(users).values({ email }).onConflictDoNothing();
      const [user] = await db.select().from(users).where(eq(users.email, email));
      userId = user!.id;
      await db.insert(identities).values({ provider: flow.provider, subject: identity.subject, userId, email, name: identity.name ?? null, createdAt: new Date(now()) }).onConflictDoNothing();
    } else if (identity.name && identity.name !== linked?.name) {
      await db.update(identities).set({ name: identity.name }).where(and(eq(identities.provider, flow.provider), eq(identities.subject, identity.subject)));
    }
    // The name to show for the connected user: the provider's name for the account, capped.
    await db.update(socialFlows).set({ step: 'done', userId, userName: identity.name ?? null }).where(eq(socialFlows.id, flow.id));
    return page(200, 'Signed in', 'Go back to the app: this window closes by itself.');
  };
  parts.app.get('/social/callback', callback);
  parts.app.post('/social/callback', callback);

  const flowOf = async (c: Context<{ Variables: { project: { id: string } } }>) => {
    const { flowId } = await parts.parse(c, z.object({ flowId: z.uuid('Expected a flow id') }));
    const [flow] = await db.select().from(socialFlows).where(and(eq(socialFlows.id, flowId), eq(socialFlows.projectId, c.get('project').id)));
    if (!flow || (flow.step === 'pending' && flow.expiresAt.getTime() <= now())) throw parts.fail(404, { error: 'No such sign-in (it ended or expired)' });
    return flow;
  };

  parts.v1.post('/social/status', async (c) => {
    let flow = await flowOf(c);
    if (flow.provider === 'farcaster' && flow.step === 'pending') {
      await checkFarcaster(flow);
      flow = (await db.select().from(socialFlows).where(eq(socialFlows.id, flow.id)))[0] ?? flow;
    }
    return c.json({ step: flow.step, ...(flow.error ? { error: flow.error } : {}) });
  });

  parts.v1.post('/social/complete', async (c) => {
    const flow = await flowOf(c);
    if (flow.step !== 'done' || !flow.userId) throw parts.fail(409, { error: flow.step === 'failed' ? (flow.error ?? 'Sign-in failed') : flow.step === 'used' ? 'This sign-in was used already' : 'The sign-in is not finished' });
    // Once: only one request takes the session.
    const [taken] = await db.update(socialFlows).set({ step: 'used' }).where(and(eq(socialFlows.id, flow.id), eq(socialFlows.step, 'done'))).returning();
    if (!taken) throw parts.fail(409, { error: 'This sign-in was used already' });
    const [user] = await db.select().from(users).where(eq(users.id, flow.userId));
    const session = await parts.issueSession(flow.userId, flow.projectId, flow.deviceId);
    return c.json({ ...session, user: { id: user!.id, ...(user!.email ? { email: user!.email } : {}), ...(flow.userName ? { userName: flow.userName } : {}) }, provider: flow.provider });
  });
}
