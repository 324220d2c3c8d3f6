import * as oidc from 'openid-client';

/** What the service keeps of a social account, whatever its provider: its id there, its verified e-mail, a name to show. */
export interface SocialIdentity {
  readonly subject: string;
  readonly email?: string | undefined;
  readonly emailVerified: boolean;
  readonly name?: string | undefined;
}

/**
 * An OAuth 2.0 provider without OpenID Connect: its real endpoints (the paths a stand-in
 * serves under its own origin), the scopes asked for, how the client authenticates at the
 * token endpoint, and how its user API's answer becomes an identity.
 */
export interface OAuth2Provider {
  readonly authorization: string;
  readonly token: string;
  readonly userinfo: string;
  readonly scope: string;
  readonly clientAuth: 'basic' | 'post';
  /** Reads the user API's answer (`get` fetches another path of the same API with the token). */
  readonly identity: (me: unknown, get: (url: string) => Promise<unknown>) => Promise<SocialIdentity>;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.length > 0 && v.length <= 320 ? v : undefined);
/**
 * A name to show (the provider's, untrusted): control and format characters (bidi overrides
 * among them) taken out, at most 120 characters, never a split surrogate pair.
 */
export function displayName(v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined;
  const clean = Array.from(v.replace(/[\p{Cc}\p{Cf}]/gu, '').trim()).slice(0, 120).join('');
  return clean.length ? clean : undefined;
}
/** An account id: a string or (GitHub) a number. */
const id = (v: unknown): string => {
  if (typeof v === 'number' && Number.isSafeInteger(v) && v > 0) return String(v);
  if (typeof v === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(v)) return v;
  throw new TypeError('the user API sent no account id');
};
const record = (v: unknown, what: string): Record<string, unknown> => {
  if (!isRecord(v)) throw new TypeError(`the user API sent ${what} that is not an object`);
  return v;
};

/**
 * X, Discord, GitHub and Facebook (spec §3), each by its documented OAuth 2.0 endpoints and
 * user API. All four take PKCE (X requires it). The e-mail address counts only when the
 * provider vouches for it: GitHub's primary address marked verified (`/user/emails`),
 * Discord's `verified`, X's `confirmed_email`, Facebook's `email` (it returns confirmed
 * addresses only).
 */
export const OAUTH2_PROVIDERS: Readonly<Record<'x' | 'discord' | 'github' | 'facebook', OAuth2Provider>> = {
  x: {
    authorization: 'https://x.com/i/oauth2/authorize',
    token: 'https://api.x.com/2/oauth2/token',
    userinfo: 'https://api.x.com/2/users/me?user.fields=confirmed_email',
    scope: 'users.read tweet.read users.email',
    clientAuth: 'basic',
    async identity(me) {
      const data = record(record(me, 'an answer')['data'], 'user data');
      const email = str(data['confirmed_email']);
      return { subject: id(data['id']), email, emailVerified: email !== undefined, name: displayName(data['name']) ?? displayName(data['username']) };
    },
  },
  discord: {
    authorization: 'https://discord.com/oauth2/authorize',
    token: 'https://discord.com/api/oauth2/token',
    userinfo: 'https://discord.com/api/users/@me',
    scope: 'identify email',
    clientAuth: 'basic',
    async identity(me) {
      const user = record(me, 'a user');
      return { subject: id(user['id']), email: str(user['email']), emailVerified: user['verified'] === true, name: displayName(user['global_name']) ?? displayName(user['username']) };
    },
  },
  github: {
    authorization: 'https://github.com/login/oauth/authorize',
    token: 'https://github.com/login/oauth/access_token',
    userinfo: 'https://api.github.com/user',
    scope: 'read:user user:email',
    clientAuth: 'post',
    async identity(me, get) {
      const user = record(me, 'a user');
      // The profile's e-mail is the public one, maybe none: the verified primary address comes from /user/emails.
      const emails = await get(`${this.userinfo}/emails`);
      const primary = (Array.isArray(emails) ? emails : []).find((e) => isRecord(e) && e['primary'] === true && e['verified'] === true) as Record<string, unknown> | undefined;
      return { subject: id(user['id']), email: str(primary?.['email']), emailVerified: primary !== undefined, name: displayName(user['name']) ?? displayName(user['login']) };
    },
  },
  facebook: {
    authorization: 'https://www.facebook.com/v23.0/dialog/oauth',
    token: 'https://graph.facebook.com/v23.0/oauth/access_token',
    userinfo: 'https://graph.facebook.com/v23.0/me?fields=id,name,email',
    scope: 'email public_profile',
    clientAuth: 'post',
    async identity(me) {
      const user = record(me, 'a user');
      const email = str(user['email']);
      return { subject: id(user['id']), email, emailVerified: email !== undefined, name: displayName(user['name']) };
    },
  },
};

export type OAuth2ProviderId = keyof typeof OAUTH2_PROVIDERS;

/** `url` with its origin replaced by `base` (a stand-in serving the provider's paths under its own URL). */
export function rebase(url: string, base: string | undefined): string {
  if (!base) return url;
  const real = new URL(url);
  return `${base.replace(/\/+$/, '')}${real.pathname}${real.search}`;
}

/**
 * openid-client's configuration for an OAuth 2.0 provider: its endpoints (at `base` when a
 * stand-in plays it) and the client's authentication. `issuer` is what an RFC 9207 `iss`
 * parameter in the answer must equal (the stand-in sends one; the real providers do not).
 */
export function oauth2Configuration(provider: OAuth2Provider, client: { clientId: string; clientSecret: string }, base: string | undefined, insecure: boolean): oidc.Configuration {
  const config = new oidc.Configuration(
    { issuer: base ?? new URL(provider.authorization).origin, authorization_endpoint: rebase(provider.authorization, base), token_endpoint: rebase(provider.token, base) },
    client.clientId,
    { client_secret: client.clientSecret },
    provider.clientAuth === 'basic' ? oidc.ClientSecretBasic(client.clientSecret) : oidc.ClientSecretPost(client.clientSecret),
  );
  if (insecure) oidc.allowInsecureRequests(config);
  return config;
}

/** Reads the signed-in account from the provider's user API with the access token. */
export async function fetchIdentity(provider: OAuth2Provider, config: oidc.Configuration, accessToken: string, base: string | undefined): Promise<SocialIdentity> {
  const get = async (url: string): Promise<unknown> => {
    const response = await oidc.fetchProtectedResource(config, accessToken, new URL(rebase(url, base)), 'GET', undefined, new Headers({ accept: 'application/json' }));
    if (!response.ok) throw new TypeError(`the user API answered ${response.status}`);
    return response.json();
  };
  // `get` takes the real URL; GitHub's adapter asks for /user/emails beside /user.
  return provider.identity(await get(provider.userinfo), get);
}
