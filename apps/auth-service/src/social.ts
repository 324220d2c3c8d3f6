import { and, eq, gt } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import type { HTTPException } from 'hono/http-exception';
import * as oidc from 'openid-client';
import { z } from 'zod';
import type { AuthDatabase } from './db/openDatabase';
import { identities, socialFlows, users } from './db/schema';

/** The social providers the service knows (spec §3: google, github, apple, facebook, x, discord; farcaster apart). */
export const SOCIAL_PROVIDERS = ['google', 'apple'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** A project's registration with one provider (its OpenID issuer, the client the project registered there). */
export interface SocialClientConfig {
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
}

/** Per project, per provider. */
export type SocialConfig = Readonly<Record<string, Partial<Record<SocialProvider, SocialClientConfig>>>>;

export const socialConfigSchema = z.record(
  z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Expected a project id'),
  z.partialRecord(z.enum(SOCIAL_PROVIDERS), z.object({ issuer: z.url(), clientId: z.string().min(1).max(256), clientSecret: z.string().min(1).max(512) })),
);

/** What each provider is asked for: Apple posts its answer back (form_post) and has no `profile` scope. */
const REQUEST: Record<SocialProvider, { scope: string; responseMode?: 'form_post' }> = {
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
      const insecure = parts.allowHttpIssuers && new URL(client.issuer).protocol === 'http:';
      // The ID token's signature is checked against the issuer's JWKS too (openid-client skips it by
      // default for a token straight from the token endpoint, trusting TLS).
      config = oidc.discovery(new URL(client.issuer), client.clientId, client.clientSecret, undefined, {
        execute: insecure ? [oidc.allowInsecureRequests, oidc.enableNonRepudiationChecks] : [oidc.enableNonRepudiationChecks],
      });
      // A failed discovery is tried again next time.
      config.catch(() => configs.delete(key));
      configs.set(key, config);
    }
    return config;
  };
  const callbackUrl = () => `${parts.publicUrl()}/social/callback`;

  parts.v1.post('/social/start', async (c) => {
    const input = await parts.parse(c, z.object({ provider: z.enum(SOCIAL_PROVIDERS), deviceId }));
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
    const { scope, responseMode } = REQUEST[input.provider];
    const uri = oidc.buildAuthorizationUrl(config, {
      redirect_uri: callbackUrl(),
      scope,
      state,
      nonce,
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
    let claims: oidc.IDToken | undefined;
    try {
      const config = await configFor(flow.projectId, flow.provider as SocialProvider);
      const current = new URL(callbackUrl());
      for (const [key, value] of params) current.searchParams.set(key, value);
      const tokens = await oidc.authorizationCodeGrant(config, current, { pkceCodeVerifier: flow.codeVerifier, expectedState: state, expectedNonce: flow.nonce, idTokenExpected: true });
      claims = tokens.claims();
    } catch (error) {
      // openid-client's message, and what it found (its cause) when it says only "invalid response".
      const { message, cause } = error as { message?: string; cause?: { message?: unknown } | unknown };
      const detail = cause instanceof Error ? cause.message : typeof (cause as { message?: unknown } | undefined)?.message === 'string' ? (cause as { message: string }).message : undefined;
      return failed(`The ${flow.provider} answer was refused: ${message ?? String(error)}${detail ? ` (${detail})` : ''}`.slice(0, 300));
    }
    const email = typeof claims?.email === 'string' ? claims.email.toLowerCase() : undefined;
    // Google sends a boolean, Apple the string "true".
    const verified = claims?.email_verified === true || claims?.email_verified === 'true';
    if (!claims?.sub) return failed('The provider sent no account id');
    const [linked] = await db.select().from(identities).where(and(eq(identities.provider, flow.provider), eq(identities.subject, claims.sub)));
    let userId = linked?.userId;
    if (!userId) {
      if (!email || !verified) return failed(`Your ${flow.provider} account has no verified e-mail address`);
      // The same verified address as an e-mail login: the same user, so the same wallet.
      await db.insert(users).values({ email }).onConflictDoNothing();
      const [user] = await db.select().from(users).where(eq(users.email, email));
      userId = user!.id;
      await db.insert(identities).values({ provider: flow.provider, subject: claims.sub, userId, email, createdAt: new Date(now()) }).onConflictDoNothing();
    }
    await db.update(socialFlows).set({ step: 'done', userId }).where(eq(socialFlows.id, flow.id));
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
    const flow = await flowOf(c);
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
    return c.json({ ...session, user: { id: user!.id, email: user!.email } });
  });
}
