import { describe, expect, it } from 'vitest';
import { createRelayTestIdentity, realRelayJwt, signRelayJwt } from './test/relayJwt';
import { RELAY_AUTH_LEEWAY_SECONDS, verifyRelayAuth } from './verifyRelayAuth';

const AUD = 'ws://127.0.0.1:4000';
const audiences = new Set([AUD, 'ws://localhost:4000']);
const NOW = 1_800_000_000;
const at = (seconds: number) => seconds * 1000;
const reasonOf = async (token: string | null, nowMs = Date.now()) => {
  const result = await verifyRelayAuth(token, audiences, nowMs);
  return result.ok ? 'accepted' : result.reason;
};

describe('verifyRelayAuth', () => {
  it('accepts sign-client’s token and returns its verified claims, iss first', async () => {
    const identity = createRelayTestIdentity();
    const result = await verifyRelayAuth(await realRelayJwt(AUD, identity), audiences);
    expect(result).toEqual({ ok: true, claims: { iss: identity.iss, sub: expect.stringMatching(/^[0-9a-f]{64}$/), aud: AUD, iat: expect.any(Number), exp: expect.any(Number) } });
    expect(await reasonOf(await realRelayJwt('ws://localhost:4000'))).toBe('accepted');
  });

  it('refuses a token signed by another key than the one its iss names', async () => {
    const [victim, attacker] = [createRelayTestIdentity(), createRelayTestIdentity()];
    expect(await reasonOf(signRelayJwt(AUD, { identity: victim, signer: attacker }))).toBe('the JWT signature does not verify against the key in iss');
  });

  it('refuses a second spelling of a key’s did:key, which would buy the key a second share', async () => {
    const identity = createRelayTestIdentity();
    // relay-auth's decodeIss ignores anything after a third colon; the signature still verifies.
    expect(await reasonOf(signRelayJwt(AUD, { identity, payload: { iss: `${identity.iss}:again` } }))).toBe('the JWT iss must be the did:key of an ed25519 public key');
    expect(await reasonOf(signRelayJwt(AUD, { identity, payload: { iss: 'did:web:example.com' } }))).toBe('the JWT iss must be the did:key of an ed25519 public key');
  });

  it('allows the hosted relay’s 120 s of clock skew on exp and iat, and not a second more', async () => {
    const identity = createRelayTestIdentity();
    const token = (iat: number, exp: number) => signRelayJwt(AUD, { identity, payload: { iat, exp } });
    expect(RELAY_AUTH_LEEWAY_SECONDS).toBe(120);
    expect(await reasonOf(token(NOW - 86_400, NOW - 120), at(NOW))).toBe('accepted');
    expect(await reasonOf(token(NOW - 86_400, NOW - 121), at(NOW))).toBe('the JWT has expired');
    expect(await reasonOf(token(NOW + 120, NOW + 86_400), at(NOW))).toBe('accepted');
    expect(await reasonOf(token(NOW + 121, NOW + 86_400), at(NOW))).toBe('the JWT iat is in the future');
  });

  it('compares aud exactly, as the hosted relay does: no trailing slash, no wss, no other port', async () => {
    for (const aud of [`${AUD}/`, 'wss://127.0.0.1:4000', 'ws://127.0.0.1:4001', 'ws://127.0.0.1', 'http://127.0.0.1:4000']) {
      expect(await reasonOf(signRelayJwt(aud)), aud).toBe("the JWT aud must be this relay's URL (ws://127.0.0.1:4000 or ws://localhost:4000)");
    }
    expect(await reasonOf(signRelayJwt(AUD, { payload: { aud: 42 } }))).toBe("the JWT aud must be this relay's URL (ws://127.0.0.1:4000 or ws://localhost:4000)");
  });

  it('refuses missing, malformed and oddly typed tokens with the reason', async () => {
    const good = signRelayJwt(AUD);
    const [h, p, s] = good.split('.') as [string, string, string];
    const notJwt = 'auth is not a JWT (three base64url parts)';
    expect(await reasonOf(null)).toBe('the auth query parameter (a relay JWT) is missing');
    expect(await reasonOf('')).toBe('the auth query parameter (a relay JWT) is missing');
    for (const token of ['not-a-jwt', `${h}.${p}`, `${h}.${p}.${s}.${s}`, `${h}.!!!.${s}`, `${h}.${p}.`, `${h}.${p}.${s}${'A'.repeat(4096)}`]) expect(await reasonOf(token), token).toBe(notJwt);
    const payloadOf = (value: unknown) => `${h}.${Buffer.from(JSON.stringify(value)).toString('base64url')}.${s}`;
    expect(await reasonOf(payloadOf('just a string'))).toBe('the JWT payload is not a JSON object');
    expect(await reasonOf(payloadOf([1, 2]))).toBe('the JWT payload is not a JSON object');
    expect(await reasonOf(signRelayJwt(AUD, { payload: { sub: '' } }))).toBe('the JWT sub is missing');
    expect(await reasonOf(signRelayJwt(AUD, { payload: { sub: 42 } }))).toBe('the JWT sub is missing');
    for (const iat of ['1800000000', 1_800_000_000.5, 2 ** 64]) {
      expect(await reasonOf(signRelayJwt(AUD, { payload: { iat } })), String(iat)).toBe('the JWT iat and exp must be integers (seconds)');
    }
    expect(await reasonOf(signRelayJwt(AUD, { payload: { exp: undefined } }))).toBe('the JWT iat and exp must be integers (seconds)');
  });
});
