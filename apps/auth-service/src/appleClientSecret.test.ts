import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { decodeProtectedHeader, importSPKI, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { APPLE_CLIENT_SECRET_MAX_SECONDS, APPLE_CLIENT_SECRET_SECONDS, APPLE_ISSUER, appleClientAuth, appleClientSchema, appleUserName, signAppleClientSecret } from './appleClientSecret';

const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const PEM = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const CLIENT = { clientId: 'com.example.web', teamId: 'TEAM123456', keyId: 'KEY1234567', privateKey: PEM };
const publicKey = () => importSPKI(pair.publicKey.export({ type: 'spki', format: 'pem' }).toString(), 'ES256');

describe('Apple’s client secret', () => {
  it('is the ES256 JWT Apple documents, verified by jose with the public half of the key', async () => {
    const at = Date.UTC(2026, 10, 29, 12);
    const secret = signAppleClientSecret(CLIENT, createPrivateKey(PEM), APPLE_ISSUER, at);
    expect(decodeProtectedHeader(secret)).toEqual({ alg: 'ES256', kid: 'KEY1234567' });
    const { payload } = await jwtVerify(secret, await publicKey(), { algorithms: ['ES256'], issuer: 'TEAM123456', subject: 'com.example.web', audience: APPLE_ISSUER, currentDate: new Date(at) });
    expect(payload.exp! - payload.iat!).toBe(APPLE_CLIENT_SECRET_SECONDS);
    expect(payload.iat).toBe(at / 1000);
    // Another key's signature does not verify.
    const other = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    await expect(jwtVerify(signAppleClientSecret(CLIENT, other.privateKey, APPLE_ISSUER, at), await publicKey(), { currentDate: new Date(at) })).rejects.toThrow(/signature/);
    expect(() => signAppleClientSecret(CLIENT, createPrivateKey(PEM), APPLE_ISSUER, at, APPLE_CLIENT_SECRET_MAX_SECONDS + 1)).toThrow(/1 s to 15777000 s/);
  });

  it('is signed again once half its life is gone, so the service never sends an expired one', async () => {
    let now = Date.UTC(2026, 10, 29);
    const auth = appleClientAuth(CLIENT, APPLE_ISSUER, () => now);
    const send = () => {
      const body = new URLSearchParams();
      auth({} as never, {} as never, body, new Headers());
      expect(body.get('client_id')).toBe('com.example.web');
      return body.get('client_secret')!;
    };
    const first = send();
    now += 3_600_000;
    expect(send()).toBe(first);
    now += (APPLE_CLIENT_SECRET_SECONDS * 1000) / 2;
    const second = send();
    expect(second).not.toBe(first);
    const { payload } = await jwtVerify(second, await publicKey(), { currentDate: new Date(now), audience: APPLE_ISSUER });
    expect(payload.iat! * 1000).toBe(now);
  });

  it('configuration: the key is checked, and a static client secret is refused with the reason', () => {
    expect(appleClientSchema.safeParse(CLIENT).success).toBe(true);
    const issues = (value: unknown) => (appleClientSchema.safeParse(value).error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    expect(issues({ ...CLIENT, clientSecret: 'a-static-secret' })).toMatch(/clientSecret: Apple takes no static client secret/);
    expect(issues({ ...CLIENT, privateKey: 'not a key' })).toMatch(/privateKey: Expected the Sign in with Apple key/);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect(issues({ ...CLIENT, privateKey: rsa })).toMatch(/privateKey: Expected the Sign in with Apple key/);
    expect(issues({ ...CLIENT, teamId: 'team' })).toMatch(/teamId: Expected Apple's team id/);
  });

  it('the name comes from the `user` field Apple posts, and nothing else is taken from it', () => {
    expect(appleUserName(JSON.stringify({ name: { firstName: 'Grace', lastName: 'Hopper' }, email: 'x@privaterelay.appleid.com' }))).toBe('Grace Hopper');
    expect(appleUserName(JSON.stringify({ name: { firstName: 'Grace' } }))).toBe('Grace');
    expect(appleUserName(null)).toBeUndefined();
    expect(appleUserName('{not json')).toBeUndefined();
    expect(appleUserName(JSON.stringify({ name: 'Grace' }))).toBeUndefined();
    expect(appleUserName(JSON.stringify({ name: { firstName: ' ', lastName: '' } }))).toBeUndefined();
  });
});
