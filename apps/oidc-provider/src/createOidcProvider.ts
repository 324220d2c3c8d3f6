import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, importSPKI, jwtVerify, SignJWT, type CryptoKey, type JWK } from 'jose';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { createFarcasterStandIn } from './farcaster';

/** The social providers this stand-in can be (their claims' and user APIs' shapes differ). */
export const STAND_IN_PROVIDERS = ['google', 'x', 'discord', 'github', 'apple', 'facebook'] as const;
export type StandInProvider = (typeof STAND_IN_PROVIDERS)[number];
/** The ones without OpenID Connect: an access token and the provider's own user API. */
type OAuth2StandIn = Exclude<StandInProvider, 'google' | 'apple'>;

/**
 * Each OAuth 2.0 provider's real paths (served here under `<url>/<provider>`), the token
 * endpoint's client authentication, and its user API: the paths the auth service calls with
 * the access token, answering in that provider's shape for the person who logged in.
 */
const OAUTH2: Record<OAuth2StandIn, { routes: { authorization: string; token: string }; auth: 'client_secret_basic' | 'client_secret_post'; scopes: string[]; api: Record<string, (login: string) => unknown>; unauthorized: unknown }> = {
  x: {
    unauthorized: { code: 89, message: 'Invalid or expired token.' },
    routes: { authorization: '/i/oauth2/authorize', token: '/2/oauth2/token' },
    auth: 'client_secret_basic',
    scopes: ['users.read', 'tweet.read', 'users.email'],
    api: { '/2/users/me': (login) => ({ data: { id: numericId(login, 18), name: displayName(login), username: handle(login), ...(unverified(login) ? {} : { confirmed_email: emailOf(login) }) } }) },
  },
  discord: {
    unauthorized: { message: '401: Unauthorized', code: 0 },
    routes: { authorization: '/oauth2/authorize', token: '/api/oauth2/token' },
    auth: 'client_secret_basic',
    scopes: ['identify', 'email'],
    // UserPIIResponse, every field Discord's spec requires (tools/contracts/discord).
    api: { '/api/users/@me': (login) => ({ id: numericId(login, 18), username: handle(login), avatar: null, discriminator: '0', public_flags: 0, flags: 0, global_name: displayName(login), mfa_enabled: false, locale: 'en-US', premium_type: 0, email: emailOf(login), verified: !unverified(login) }) },
  },
  github: {
    unauthorized: { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest', status: '401' },
    routes: { authorization: '/login/oauth/authorize', token: '/login/oauth/access_token' },
    auth: 'client_secret_post',
    scopes: ['read:user', 'user:email'],
    api: {
      // The profile's e-mail is the public one (none here); the addresses, with `verified`, are at /user/emails.
      '/user': (login) => githubUser(login),
      '/user/emails': (login) => [{ email: emailOf(login), primary: true, verified: !unverified(login), visibility: 'private' }],
    },
  },
  facebook: {
    unauthorized: { error: { message: 'Invalid OAuth access token - Cannot parse access token', type: 'OAuthException', code: 190 } },
    routes: { authorization: '/v23.0/dialog/oauth', token: '/v23.0/oauth/access_token' },
    auth: 'client_secret_post',
    scopes: ['email', 'public_profile'],
    // Facebook gives only a confirmed address, and none when the account has none.
    api: { '/v23.0/me': (login) => ({ id: numericId(login, 16), name: displayName(login), ...(unverified(login) ? {} : { email: emailOf(login) }) }) },
  },
};
const isOAuth2 = (provider: StandInProvider): provider is OAuth2StandIn => provider in OAUTH2;

/** GitHub's `GET /user` for the signed-in account: its `private-user`, every required field (tools/contracts/github). */
function githubUser(login: string) {
  const id = Number(numericId(login, 9));
  const name = handle(login);
  const api = `https://api.github.com/users/${name}`;
  return {
    login: name,
    id,
    node_id: Buffer.from(`04:User${id}`).toString('base64'),
    avatar_url: `https://avatars.githubusercontent.com/u/${id}?v=4`,
    gravatar_id: '',
    url: api,
    html_url: `https://github.com/${name}`,
    followers_url: `${api}/followers`,
    following_url: `${api}/following{/other_user}`,
    gists_url: `${api}/gists{/gist_id}`,
    starred_url: `${api}/starred{/owner}{/repo}`,
    subscriptions_url: `${api}/subscriptions`,
    organizations_url: `${api}/orgs`,
    repos_url: `${api}/repos`,
    events_url: `${api}/events{/privacy}`,
    received_events_url: `${api}/received_events`,
    type: 'User',
    user_view_type: 'private',
    site_admin: false,
    name: displayName(login),
    company: null,
    blog: '',
    location: null,
    // The profile's public address: none here (the verified ones are at /user/emails).
    email: null,
    hireable: null,
    bio: null,
    public_repos: 0,
    public_gists: 0,
    followers: 0,
    following: 0,
    created_at: '2020-01-01T00:00:00Z',
    updated_at: '2020-01-01T00:00:00Z',
    private_gists: 0,
    total_private_repos: 0,
    owned_private_repos: 0,
    disk_usage: 0,
    collaborators: 0,
    two_factor_authentication: false,
  };
}

// The address as the person registered it, as a real provider gives it: case and all (the relying party normalises).
const emailOf = (login: string) => (login.includes('@') ? login : `${login.toLowerCase()}@example.com`);
const handle = (login: string) => emailOf(login).toLowerCase().split('@')[0]!.replace(/[^A-Za-z0-9_]/g, '_').slice(0, 15);
const displayName = (login: string) => emailOf(login).split('@')[0]!.replace(/[._+-]+/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
/** A provider's numeric account id for a login: stable, `digits` long. */
const numericId = (login: string, digits: number) => (BigInt(`0x${createHash('sha256').update(login).digest('hex').slice(0, 16)}`) % 10n ** BigInt(digits - 1) + 10n ** BigInt(digits - 1)).toString();
const unverified = (login: string) => login.toLowerCase() === MISBEHAVING_LOGINS.unverified;

/** A relying party registered with a stand-in: the auth service of a project. */
export interface StandInClient {
  readonly clientId: string;
  /** Every provider but Apple: the client secret, as registered. */
  readonly clientSecret?: string;
  readonly redirectUris: readonly string[];
  /**
   * Apple: the team and the Sign in with Apple key (its id and SPKI public key, the other half of
   * the `.p8` the relying party holds) that sign the client secret, an ES256 JWT.
   */
  readonly apple?: { readonly teamId: string; readonly keyId: string; readonly publicKey: string };
}

/** Apple's longest client-secret lifetime: 15,777,000 s (six months). */
export const APPLE_CLIENT_SECRET_MAX_SECONDS = 15_777_000;

/**
 * The `user` field Apple posts back, once, with the first authorization of an app (form_post):
 * only what the scopes asked for — the name with `name`, the address with `email` — and nothing
 * when they asked for neither.
 */
function appleUser(claims: Record<string, unknown>, login: string, scopes: ReadonlySet<string>): string | undefined {
  const [firstName, ...rest] = displayName(login).split(' ');
  const user = { ...(scopes.has('name') ? { name: { firstName, lastName: rest.join(' ') } } : {}), ...(scopes.has('email') ? { email: claims.email } : {}) };
  return Object.keys(user).length ? JSON.stringify(user) : undefined;
}

/** Options of `startOidcProvider`. */
export interface OidcProviderOptions {
  /** The clients of each provider stood in for. */
  readonly providers: Partial<Record<StandInProvider, readonly StandInClient[]>>;
  /** Default 0: a free port. */
  readonly port?: number;
  /** Signs the interaction cookies; default a fixed development key. */
  readonly cookieKeys?: readonly string[];
  /**
   * Farcaster too (the relay and the Farcaster app's sign-in page, under `/farcaster`); `rpcUrl`:
   * the local chain that gets the ID registry (see `createFarcasterStandIn`).
   */
  readonly farcaster?: { readonly rpcUrl?: string | undefined };
}

const ORIGIN_PATTERN = /^[a-z]+$/;

interface AppleClient {
  readonly clientId: string;
  readonly teamId: string;
  readonly keyId: string;
  readonly key: CryptoKey;
}

async function appleClientsOf(clients: readonly StandInClient[]): Promise<ReadonlyMap<string, AppleClient>> {
  const found = new Map<string, AppleClient>();
  for (const c of clients) {
    const apple = c.apple;
    if (!apple || !/^[A-Z0-9]{10}$/.test(apple.teamId ?? '') || !/^[A-Z0-9]{10}$/.test(apple.keyId ?? '')) {
      throw new Error(`apple client ${JSON.stringify(c.clientId)}: apple.teamId and apple.keyId (10 letters or digits each) and apple.publicKey (SPKI PEM) are required`);
    }
    found.set(c.clientId, { clientId: c.clientId, teamId: apple.teamId, keyId: apple.keyId, key: await importSPKI(apple.publicKey, 'ES256') });
  }
  return found;
}

/**
 * Why Apple would refuse a client secret, or undefined: an ES256 JWT whose header names the
 * registered key (`kid`), signed by it, `iss` the team id, `sub` the client id, `aud` Apple
 * (here the stand-in's issuer), issued in the past and expiring at most six months later.
 */
export async function checkAppleClientSecret(secret: string, client: AppleClient, audience: string, now = Date.now()): Promise<string | undefined> {
  let header;
  try {
    header = decodeProtectedHeader(secret);
  } catch {
    return 'the client secret is not a JWT';
  }
  if (header.alg !== 'ES256') return `alg is ${String(header.alg)}, not ES256`;
  if (header.kid !== client.keyId) return `kid ${String(header.kid)} is not the registered key ${client.keyId}`;
  try {
    const { payload } = await jwtVerify(secret, client.key, { algorithms: ['ES256'], issuer: client.teamId, subject: client.clientId, audience, currentDate: new Date(now), requiredClaims: ['iat', 'exp'] });
    if (payload.exp! - payload.iat! > APPLE_CLIENT_SECRET_MAX_SECONDS) return 'the client secret lives longer than six months';
    if (payload.iat! * 1000 > now + 60_000) return 'the client secret is issued in the future';
  } catch (error) {
    return (error as Error).message;
  }
  return undefined;
}

/** A URL-encoded form body, at most 56 KiB (the library's own limit). */
async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 56 * 1024) throw new Error('request entity too large');
    chunks.push(chunk as Buffer);
  }
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

/**
 * The claims a provider sends for the person who typed `login` on the stand-in's login page,
 * in that provider's shape: Google's (`email_verified` a boolean, a name), Apple's
 * (`email_verified` a string, a private-relay address when the login asks for one, no name in
 * the ID token). The subject is the login as typed (the stand-in's account id): stable, so
 * signing in again is the same account.
 */
export function claimsFor(provider: 'google' | 'apple', login: string): Record<string, unknown> {
  const email = emailOf(login);
  const local = email.toLowerCase().split('@')[0]!;
  if (provider === 'apple') {
    // "Hide my e-mail": the address is a relay, the real one never reaches the app.
    const relay = /\+relay@/.test(email);
    const alias = createHash('sha256').update(email).digest('hex').slice(0, 10);
    return { sub: login, email: relay ? `${alias}@privaterelay.appleid.com` : email, email_verified: 'true', is_private_email: relay ? 'true' : 'false' };
  }
  return { sub: login, email, email_verified: true, name: local.replace(/[._+-]+/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase()), given_name: local };
}

/**
 * Logins that make the stand-in misbehave, for the tests of what a relying party must refuse:
 * its ID token comes back with another nonce, already expired, for another audience, or signed
 * by a key not in its JWKS. Everything else about the sign-in is normal.
 */
export const MISBEHAVING_LOGINS = {
  wrongNonce: 'wrong-nonce@example.com',
  expired: 'expired-token@example.com',
  wrongAudience: 'wrong-audience@example.com',
  badSignature: 'bad-signature@example.com',
  /** OAuth 2.0 providers: the account's e-mail address is not verified (or, X and Facebook, not given). */
  unverified: 'unverified@example.com',
} as const;

interface SigningKeys {
  readonly jwk: JWK & { kid: string };
  readonly key: CryptoKey;
  /** Not in the JWKS: what a forger would sign with. */
  readonly stranger: CryptoKey;
}

/** The ID token the token endpoint answers, changed as the login asks (re-signed with the provider's own key unless forged). */
async function misbehave(idToken: string, keys: SigningKeys): Promise<string> {
  const claims = decodeJwt(idToken);
  const login = String(claims.sub ?? '').toLowerCase();
  if (!(Object.values(MISBEHAVING_LOGINS) as string[]).includes(login)) return idToken;
  const now = Math.floor(Date.now() / 1000);
  const changed = { ...claims };
  if (login === MISBEHAVING_LOGINS.wrongNonce) changed.nonce = 'not-the-nonce-the-app-sent';
  if (login === MISBEHAVING_LOGINS.expired) Object.assign(changed, { iat: now - 7200, exp: now - 3600 });
  if (login === MISBEHAVING_LOGINS.wrongAudience) changed.aud = 'another-app';
  const forged = login === MISBEHAVING_LOGINS.badSignature;
  return new SignJWT(changed).setProtectedHeader({ alg: 'RS256', kid: keys.jwk.kid, typ: 'JWT' }).sign(forged ? keys.stranger : keys.key);
}

function configuration(provider: StandInProvider, clients: readonly StandInClient[], cookieKeys: readonly string[], keys: SigningKeys, appleSecret: string): Configuration {
  const oauth2 = isOAuth2(provider) ? OAUTH2[provider] : undefined;
  return {
    jwks: { keys: [keys.jwk] },
    clients: clients.map((c) => ({
      client_id: c.clientId,
      // Apple's client secret is a JWT checked before the library sees the request, then replaced by this one.
      client_secret: provider === 'apple' ? appleSecret : c.clientSecret,
      redirect_uris: [...c.redirectUris],
      response_types: ['code'],
      grant_types: ['authorization_code'],
      token_endpoint_auth_method: oauth2?.auth ?? (provider === 'apple' ? 'client_secret_post' : 'client_secret_basic'),
    })),
    // Apple's `name` scope puts nothing in the ID token (the name comes in the form post's `user` field).
    claims: provider === 'apple' ? { openid: ['sub'], email: ['email', 'email_verified', 'is_private_email'], name: [] } : { openid: ['sub'], email: ['email', 'email_verified', 'is_private_email'], profile: ['name', 'given_name'] },
    // Apple's token endpoint takes client_secret_post only.
    ...(provider === 'apple' ? { clientAuthMethods: ['client_secret_post'] } : {}),
    ...(oauth2 ? { scopes: ['openid', 'offline_access', ...oauth2.scopes], routes: { authorization: oauth2.routes.authorization, token: oauth2.routes.token, userinfo: '/oidc/userinfo', jwks: '/oidc/jwks' } } : {}),
    // The login typed is the account; its subject is the provider-shaped one.
    async findAccount(_ctx, id) {
      const claims = (isOAuth2(provider) ? { sub: id } : claimsFor(provider, id)) as { sub: string };
      return { accountId: id, claims: async () => claims };
    },
    // Like Google and Apple, the ID token itself carries the e-mail claims.
    conformIdTokenClaims: false,
    cookies: { keys: [...cookieKeys] },
    // The built-in login page (any login, any password) and consent page: a browser test fills them in.
    // Apple has no userinfo endpoint: the ID token is all there is.
    features: { devInteractions: { enabled: true }, userinfo: { enabled: provider !== 'apple' } },
    pkce: { required: () => true },
    responseModes: ['query', 'form_post'],
    ttl: { AuthorizationCode: 60, IdToken: 600, AccessToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
  } as Configuration;
}

/**
 * Starts the stand-in on 127.0.0.1: one OpenID provider per configured social provider, each
 * its own issuer at `<url>/<provider>` (discovery, authorization with PKCE, the login and
 * consent pages, token, userinfo, JWKS). Resolves `{ url, issuer(provider), close }`.
 */
export async function startOidcProvider(options: OidcProviderOptions) {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const cookieKeys = options.cookieKeys ?? ['portico-local-oidc-stand-in'];
  // The providers' signing key, made here so the stand-in can re-sign what it changes.
  const pair = await generateKeyPair('RS256', { extractable: true });
  const signing: SigningKeys = { jwk: { ...(await exportJWK(pair.privateKey)), kid: 'stand-in-1', alg: 'RS256', use: 'sig' }, key: pair.privateKey, stranger: (await generateKeyPair('RS256')).privateKey };
  const mounted = new Map<string, (req: IncomingMessage, res: ServerResponse) => unknown>();
  const appleSecret = randomBytes(32).toString('base64url');
  let appleClients: ReadonlyMap<string, AppleClient> = new Map();
  for (const [name, clients] of Object.entries(options.providers) as Array<[StandInProvider, readonly StandInClient[]]>) {
    if (!STAND_IN_PROVIDERS.includes(name) || !ORIGIN_PATTERN.test(name)) throw new Error(`Unknown provider ${JSON.stringify(name)}: one of ${STAND_IN_PROVIDERS.join(', ')}`);
    if (name === 'apple') appleClients = await appleClientsOf(clients);
    else for (const c of clients) if (!c.clientSecret) throw new Error(`${name} client ${JSON.stringify(c.clientId)}: clientSecret is required`);
    const provider = new Provider(`${url}/${name}`, configuration(name, clients, cookieKeys, signing, appleSecret));
    if (name === 'apple') {
      // Apple posts the person's name once, with the app's first authorization (the `user` field), and never again.
      const told = new Set<string>();
      // The library emits it with the response's parameters, before it answers: a field added here is posted.
      (provider as unknown as { on(event: string, listener: (ctx: KoaContextWithOIDC, out: Record<string, unknown>) => void): void }).on('authorization.success', (ctx, out) => {
        const accountId = ctx.oidc.session?.accountId;
        const key = `${ctx.oidc.client?.clientId}\n${accountId}`;
        if (!accountId || told.has(key)) return;
        told.add(key);
        const scopes = new Set(String(ctx.oidc.params?.scope ?? '').split(' '));
        const user = appleUser(claimsFor('apple', accountId), accountId, scopes);
        if (user !== undefined) out.user = user;
      });
    }
    // The token endpoint's ID token, changed for the misbehaving logins.
    provider.use(async (ctx, next) => {
      await next();
      const body = ctx.body as { id_token?: unknown } | undefined;
      if (ctx.path === '/token' && typeof body?.id_token === 'string') ctx.body = { ...body, id_token: await misbehave(body.id_token, signing) };
    });
    // An OAuth 2.0 provider's user API: its paths, answering for the access token's account in its shape.
    if (isOAuth2(name)) {
      const api = OAUTH2[name].api;
      provider.use(async (ctx, next) => {
        const answer = Object.hasOwn(api, ctx.path) ? api[ctx.path] : undefined;
        if (!answer || ctx.method !== 'GET') return next();
        const token = /^Bearer ([A-Za-z0-9_-]{10,200})$/.exec(ctx.get('authorization'))?.[1];
        const found = token ? await provider.AccessToken.find(token) : undefined;
        if (!found || found.isExpired) {
          ctx.status = 401;
          ctx.body = OAUTH2[name].unauthorized;
          return;
        }
        ctx.body = answer(found.accountId);
      });
    }
    mounted.set(name, provider.callback() as (req: IncomingMessage, res: ServerResponse) => unknown);
  }
  const farcaster = options.farcaster ? createFarcasterStandIn({ url, rpcUrl: options.farcaster.rpcUrl }) : undefined;
  server.on('request', async (req: IncomingMessage & { originalUrl?: string; body?: unknown }, res) => {
    if (req.method === 'POST' && /^\/apple\/token(\?|$)/.test(req.url ?? '') && mounted.has('apple')) {
      // Apple's token endpoint: the client secret is the relying party's ES256 JWT, checked here;
      // the library then sees the body, read already, with the secret it was configured with.
      const body = await readForm(req).catch(() => undefined);
      const client = appleClients.get(String(body?.client_id ?? ''));
      const refused = !body || !client ? 'unknown client' : await checkAppleClientSecret(String(body.client_secret ?? ''), client, `${url}/apple`);
      if (refused) {
        res.writeHead(400, { 'content-type': 'application/json', 'x-stand-in-reason': refused.replace(/[^\x20-\x7e]/g, '?') }).end(JSON.stringify({ error: 'invalid_client' }));
        return;
      }
      req.body = { ...body, client_secret: appleSecret };
    }
    if (farcaster && /^\/farcaster(?=\/|\?|$)/.test(req.url ?? '')) return void farcaster.handle(req, res, req.url!.slice('/farcaster'.length) || '/');
    const name = /^\/([a-z]+)(?=\/|\?|$)/.exec(req.url ?? '')?.[1];
    const handle = name ? mounted.get(name) : undefined;
    if (!handle || !name) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: `No provider at ${req.url}: ${[...mounted.keys()].map((n) => `/${n}`).join(', ')}` }));
      return;
    }
    // Mounted at /<name>: the provider reads its mount path from `originalUrl`.
    req.originalUrl = req.url;
    req.url = req.url!.slice(name.length + 1) || '/';
    void handle(req, res);
  });
  return {
    url,
    issuer: (name: StandInProvider) => `${url}/${name}`,
    /** The Farcaster relay's base URL, when the stand-in plays Farcaster. */
    ...(farcaster ? { farcasterRelay: farcaster.relay } : {}),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
