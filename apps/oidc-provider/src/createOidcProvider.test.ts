import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcProvider } from './createOidcProvider';
import { signInAt } from './testing';

const CALLBACK = 'http://127.0.0.1:9/callback';
const client = { clientId: 'portico-test', clientSecret: 'a-client-secret-of-the-test', redirectUris: [CALLBACK] };

describe('the OpenID stand-in, used by openid-client as a relying party', () => {
  let server: Awaited<ReturnType<typeof startOidcProvider>>;
  beforeAll(async () => {
    server = await startOidcProvider({ providers: { google: [client], apple: [client], github: [client], x: [client], discord: [client], facebook: [client] } });
  });
  afterAll(() => server?.close());

  /** A whole authorization-code flow with PKCE, state and nonce; the ID token's claims. */
  async function signIn(provider: 'google' | 'apple', login: string) {
    const config = await oidc.discovery(new URL(server.issuer(provider)), client.clientId, client.clientSecret, undefined, { execute: [oidc.allowInsecureRequests] });
    const [state, nonce, verifier] = [oidc.randomState(), oidc.randomNonce(), oidc.randomPKCECodeVerifier()];
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: CALLBACK,
      scope: provider === 'apple' ? 'openid email' : 'openid email profile',
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

  it('Apple: the answer posted back (form_post), email_verified as a string, a private relay address when asked', async () => {
    const { answer, claims } = await signIn('apple', 'grace@example.com');
    expect(answer.method).toBe('POST');
    expect(answer.form).toMatchObject({ code: expect.any(String), state: expect.any(String) });
    expect(claims).toMatchObject({ iss: server.issuer('apple'), email: 'grace@example.com', email_verified: 'true', is_private_email: 'false' });
    const relay = await signIn('apple', 'grace+relay@example.com');
    expect(relay.claims).toMatchObject({ email_verified: 'true', is_private_email: 'true' });
    expect(String(relay.claims.email)).toMatch(/@privaterelay\.appleid\.com$/);
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
    const get = async (path: string, token = tokens.access_token) => {
      const response = await fetch(`${issuer}${path}`, { headers: { authorization: `Bearer ${token}` } });
      return { status: response.status, body: (await response.json()) as unknown };
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
    // Without a valid access token the user API answers 401.
    expect((await github.get('/user', 'not-a-token-we-issued')).status).toBe(401);
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
