import { generateKeyPairSync } from 'node:crypto';
import { importPKCS8, SignJWT } from 'jose';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '@portico/tools/contracts';
import { APPLE_CLIENT_SECRET_MAX_SECONDS, startOidcProvider } from './createOidcProvider';
import { signInAt } from './testing';

const CALLBACK = 'http://127.0.0.1:9/callback';
const client = { clientId: 'portico-test', clientSecret: 'a-client-secret-of-the-test', redirectUris: [CALLBACK] };
// Apple: the team's Sign in with Apple key (the .p8 the relying party keeps, the public half registered).
const appleKey = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const strangerKey = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const APPLE = { teamId: 'TEAM123456', keyId: 'KEY1234567' };
const appleClient = { clientId: 'com.example.portico', redirectUris: [CALLBACK], apple: { ...APPLE, publicKey: appleKey.publicKey.export({ type: 'spki', format: 'pem' }).toString() } };

/** A client secret as Apple's documentation has the relying party make it (jose, not the auth service's code). */
async function appleSecret(audience: string, change: { kid?: string; iss?: string; sub?: string; aud?: string; iat?: number; exp?: number; key?: typeof appleKey.privateKey } = {}) {
  const now = Math.floor(Date.now() / 1000);
  const key = await importPKCS8((change.key ?? appleKey.privateKey).export({ type: 'pkcs8', format: 'pem' }).toString(), 'ES256');
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: change.kid ?? APPLE.keyId })
    .setIssuer(change.iss ?? APPLE.teamId)
    .setSubject(change.sub ?? appleClient.clientId)
    .setAudience(change.aud ?? audience)
    .setIssuedAt(change.iat ?? now)
    .setExpirationTime(change.exp ?? now + 3600)
    .sign(key);
}

describe('the OpenID stand-in, used by openid-client as a relying party', () => {
  let server: Awaited<ReturnType<typeof startOidcProvider>>;
  beforeAll(async () => {
    server = await startOidcProvider({ providers: { google: [client], apple: [appleClient], github: [client], x: [client], discord: [client], facebook: [client] } });
  });
  afterAll(() => server?.close());

  /** A whole authorization-code flow with PKCE, state and nonce; the ID token's claims. */
  async function signIn(provider: 'google' | 'apple', login: string, secret?: string, appleScope = 'openid email name') {
    const config =
      provider === 'apple'
        ? await oidc.discovery(new URL(server.issuer(provider)), appleClient.clientId, undefined, oidc.ClientSecretPost(secret ?? (await appleSecret(server.issuer('apple')))), { execute: [oidc.allowInsecureRequests] })
        : await oidc.discovery(new URL(server.issuer(provider)), client.clientId, client.clientSecret, undefined, { execute: [oidc.allowInsecureRequests] });
    const [state, nonce, verifier] = [oidc.randomState(), oidc.randomNonce(), oidc.randomPKCECodeVerifier()];
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: CALLBACK,
      scope: provider === 'apple' ? appleScope : 'openid email profile',
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      ...(provider === 'apple' ? { response_mode: 'form_post' } : {}),
    });
    const answer = await signInAt(url.href, login);
    const back = new URL(answer.url);
    for (const [k, v] of Object.entries(answer.form ?? {})) back.searchParams.set(k, v);
    const tokens = await oidc.authorizationCodeGrant(config, back, { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce, idTokenExpected: true });
    return { answer, claims: tokens.claims()!, config };
  }

  it('Google: discovery at its issuer, the login page, an ID token with a verified e-mail and a name', async () => {
    const { answer, claims } = await signIn('google', 'ada.lovelace@example.com');
    expect(answer.method).toBe('GET');
    expect(claims).toMatchObject({ iss: server.issuer('google'), aud: client.clientId, email: 'ada.lovelace@example.com', email_verified: true, name: 'Ada Lovelace' });
    expect(claims.sub).toBe('ada.lovelace@example.com');
    // The same person signs in again: the same subject.
    expect((await signIn('google', 'ada.lovelace@example.com')).claims.sub).toBe(claims.sub);
  });

  it('Apple: the answer posted back (form_post) with the name once, email_verified as a string, a private relay address when asked', async () => {
    const { answer, claims } = await signIn('apple', 'grace@example.com');
    expect(answer.method).toBe('POST');
    expect(answer.form).toMatchObject({ code: expect.any(String), state: expect.any(String) });
    expect(JSON.parse(answer.form!.user!)).toEqual({ name: { firstName: 'Grace', lastName: '' }, email: 'grace@example.com' });
    // Only the first authorization of the app carries the name.
    expect((await signIn('apple', 'grace@example.com')).answer.form!.user).toBeUndefined();
    expect(JSON.parse((await signIn('apple', 'grace.hopper@example.com')).answer.form!.user!).name).toEqual({ firstName: 'Grace', lastName: 'Hopper' });
    // The field holds only what the scopes asked for: without `name`, no name (as at Apple).
    expect(JSON.parse((await signIn('apple', 'alan@example.com', undefined, 'openid email')).answer.form!.user!)).toEqual({ email: 'alan@example.com' });
    expect((await signIn('apple', 'edsger@example.com', undefined, 'openid')).answer.form!.user).toBeUndefined();
    expect(claims).toMatchObject({ iss: server.issuer('apple'), email: 'grace@example.com', email_verified: 'true', is_private_email: 'false' });
    const relay = await signIn('apple', 'grace+relay@example.com');
    expect(relay.claims).toMatchObject({ email_verified: 'true', is_private_email: 'true' });
    expect(String(relay.claims.email)).toMatch(/@privaterelay\.appleid\.com$/);
  });

  it('Apple: no userinfo endpoint, and the token endpoint takes only an ES256 client secret signed by the registered key', async () => {
    const discovery = (await (await fetch(`${server.issuer('apple')}/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
    expect(discovery.userinfo_endpoint).toBeUndefined();
    expect(discovery.token_endpoint_auth_methods_supported).toEqual(['client_secret_post']);
    expect(discovery.scopes_supported).toEqual(expect.arrayContaining(['openid', 'email', 'name']));
    const aud = server.issuer('apple');
    const now = Math.floor(Date.now() / 1000);
    const refused: Array<[string, string]> = [
      ['a static string', 'a-client-secret-of-the-test'],
      ['another key id', await appleSecret(aud, { kid: 'KEY7654321' })],
      ['signed by another key', await appleSecret(aud, { key: strangerKey.privateKey })],
      ['another team', await appleSecret(aud, { iss: 'TEAM654321' })],
      ['another client', await appleSecret(aud, { sub: 'com.example.other' })],
      ['another audience', await appleSecret(aud, { aud: 'https://appleid.apple.com/other' })],
      ['expired', await appleSecret(aud, { iat: now - 7200, exp: now - 3600 })],
      ['longer than six months', await appleSecret(aud, { exp: now + APPLE_CLIENT_SECRET_MAX_SECONDS + 60 })],
    ];
    for (const [why, secret] of refused) {
      await expect(signIn('apple', 'mallory@example.com', secret), why).rejects.toMatchObject({ error: 'invalid_client' });
    }
    // Six months exactly is fine.
    expect((await signIn('apple', 'grace@example.com', await appleSecret(aud, { iat: now, exp: now + APPLE_CLIENT_SECRET_MAX_SECONDS }))).claims.email).toBe('grace@example.com');
  });

  it('refuses to start an Apple client without its team and key', async () => {
    await expect(startOidcProvider({ providers: { apple: [client] } })).rejects.toThrow(/apple\.teamId and apple\.keyId/);
  });

  /** An OAuth 2.0 flow (no ID token) at a provider's real paths under the stand-in; the access token and a user API reader. */
  async function oauth2(provider: 'github' | 'x' | 'discord' | 'facebook', paths: { authorization: string; token: string }, auth: 'basic' | 'post', login: string) {
    const issuer = server.issuer(provider);
    const config = new oidc.Configuration({ issuer, authorization_endpoint: `${issuer}${paths.authorization}`, token_endpoint: `${issuer}${paths.token}` }, client.clientId, client.clientSecret, auth === 'basic' ? oidc.ClientSecretBasic(client.clientSecret) : oidc.ClientSecretPost(client.clientSecret));
    oidc.allowInsecureRequests(config);
    const [state, verifier] = [oidc.randomState(), oidc.randomPKCECodeVerifier()];
    const url = oidc.buildAuthorizationUrl(config, { redirect_uri: CALLBACK, scope: 'email', state, code_challenge: await oidc.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256' });
    const answer = await signInAt(url.href, login);
    const tokens = await oidc.authorizationCodeGrant(config, answer.url, { pkceCodeVerifier: verifier, expectedState: state });
    expect(tokens.id_token).toBeUndefined();
    // GitHub's, Discord's and X's answers held to their own published OpenAPI documents (tools/contracts).
    const contract = provider === 'facebook' ? undefined : loadContract(provider);
    const get = async (path: string, token = tokens.access_token) => {
      const url = `${issuer}${path}`;
      const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      const answer = { status: response.status, body: (await response.json()) as unknown };
      if (contract) expect(contract.checkResponse({ url, ...answer }), `${provider} ${path}`).toEqual([]);
      return answer;
    };
    return { get };
  }

  it('GitHub, X, Discord, Facebook: OAuth 2.0 at their real paths (PKCE, no ID token), their user APIs in their shapes for the access token', async () => {
    const github = await oauth2('github', { authorization: '/login/oauth/authorize', token: '/login/oauth/access_token' }, 'post', 'ada@example.com');
    const user = (await github.get('/user')).body as { id: number; login: string; email: null };
    expect(user).toMatchObject({ id: expect.any(Number), login: 'ada', email: null });
    expect((await github.get('/user/emails')).body).toEqual([{ email: 'ada@example.com', primary: true, verified: true, visibility: 'private' }]);
    // A stable id: the same login is the same account.
    expect(((await (await oauth2('github', { authorization: '/login/oauth/authorize', token: '/login/oauth/access_token' }, 'post', 'ada@example.com')).get('/user')).body as { id: number }).id).toBe(user.id);
    const x = await oauth2('x', { authorization: '/i/oauth2/authorize', token: '/2/oauth2/token' }, 'basic', 'grace@example.com');
    expect((await x.get('/2/users/me?user.fields=confirmed_email')).body).toEqual({ data: { id: expect.stringMatching(/^\d{18}$/), name: 'Grace', username: 'grace', confirmed_email: 'grace@example.com' } });
    const discord = await oauth2('discord', { authorization: '/oauth2/authorize', token: '/api/oauth2/token' }, 'basic', 'unverified@example.com');
    expect((await discord.get('/api/users/@me')).body).toMatchObject({ email: 'unverified@example.com', verified: false });
    const facebook = await oauth2('facebook', { authorization: '/v23.0/dialog/oauth', token: '/v23.0/oauth/access_token' }, 'post', 'unverified@example.com');
    expect((await facebook.get('/v23.0/me?fields=id,name,email')).body).toEqual({ id: expect.stringMatching(/^\d{16}$/), name: 'Unverified' });
    // Without a valid access token the user API answers 401, in each provider's error shape.
    expect(await github.get('/user', 'not-a-token-we-issued')).toEqual({ status: 401, body: expect.objectContaining({ message: 'Bad credentials' }) });
    expect(await discord.get('/api/users/@me', 'not-a-token-we-issued')).toEqual({ status: 401, body: { message: '401: Unauthorized', code: 0 } });
    expect((await x.get('/2/users/me', 'not-a-token-we-issued')).status).toBe(401);
  });

  it('the user-API contracts are not rubber stamps: GitHub’s /user without its URLs, Discord’s user without locale', () => {
    const github = loadContract('github');
    expect(github.checkResponse({ url: 'https://api.github.com/user', status: 200, body: { id: 1, login: 'ada', name: 'Ada', email: null } })).not.toEqual([]);
    expect(loadContract('discord').checkResponse({ url: 'https://discord.com/api/v10/users/@me', status: 200, body: { id: '123456789012345678', username: 'ada', global_name: 'Ada', email: 'ada@example.com', verified: true } })).toEqual([expect.stringContaining("must have required property 'avatar'")]);
    expect(loadContract('x').checkRequest({ url: 'https://api.x.com/2/users/me?user.fields=email' })).toEqual([expect.stringContaining('must be equal to one of the allowed values')]);
  });

  it('refuses what a relying party must refuse: a wrong state, a wrong nonce, an unknown client', async () => {
    const config = await oidc.discovery(new URL(server.issuer('google')), client.clientId, client.clientSecret, undefined, { execute: [oidc.allowInsecureRequests] });
    const verifier = oidc.randomPKCECodeVerifier();
    const url = oidc.buildAuthorizationUrl(config, { redirect_uri: CALLBACK, scope: 'openid email', state: 'the-state-sent', nonce: 'the-nonce-sent', code_challenge: await oidc.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256' });
    const answer = await signInAt(url.href, 'eve@example.com');
    await expect(oidc.authorizationCodeGrant(config, answer.url, { pkceCodeVerifier: verifier, expectedState: 'another-state', expectedNonce: 'the-nonce-sent' })).rejects.toThrow(/state|invalid response/i);
    await expect(oidc.authorizationCodeGrant(config, answer.url, { pkceCodeVerifier: verifier, expectedState: 'the-state-sent', expectedNonce: 'another-nonce', idTokenExpected: true })).rejects.toThrow(/nonce|unexpected JWT claim value/i);
    const stranger = await oidc.discovery(new URL(server.issuer('google')), 'not-registered', 'x', undefined, { execute: [oidc.allowInsecureRequests] });
    const refused = await fetch(oidc.buildAuthorizationUrl(stranger, { redirect_uri: CALLBACK, scope: 'openid', state: 's', code_challenge: 'x'.repeat(43), code_challenge_method: 'S256' }), { redirect: 'manual' });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toMatch(/invalid_client|client is invalid/i);
  });
});
