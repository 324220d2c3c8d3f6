import { createPrivateKey, sign, type KeyObject } from 'node:crypto';
import type * as oidc from 'openid-client';
import { z } from 'zod';

/** Apple's issuer, and the audience of every client secret made for it. */
export const APPLE_ISSUER = 'https://appleid.apple.com';
/** Apple refuses a client secret that lives longer than 15,777,000 s (six months). */
export const APPLE_CLIENT_SECRET_MAX_SECONDS = 15_777_000;
/** How long each client secret this service signs lives; it signs a new one when half of that is gone. */
export const APPLE_CLIENT_SECRET_SECONDS = 24 * 3600;

/**
 * A project's Sign in with Apple registration: the Services ID (`clientId`), the team, and the
 * key made for Sign in with Apple (its id and the `.p8` file's PEM text). Apple takes no static
 * client secret: the service signs one (an ES256 JWT) from the key.
 */
export interface AppleClientConfig {
  readonly issuer?: string | undefined;
  readonly clientId: string;
  readonly teamId: string;
  readonly keyId: string;
  readonly privateKey: string;
}

const appleId = (what: string) => z.string().regex(/^[A-Z0-9]{10}$/, `Expected Apple's ${what} (10 capital letters or digits)`);
export const appleClientSchema = z.strictObject({
  issuer: z.optional(z.url()),
  clientId: z.string().min(1).max(256),
  teamId: appleId('team id'),
  keyId: appleId('key id'),
  privateKey: z.string().refine(isAppleKey, 'Expected the Sign in with Apple key: the .p8 file’s text (an EC P-256 private key, PEM)'),
  clientSecret: z.optional(z.never({ error: 'Apple takes no static client secret: it is a JWT this service signs, so give teamId, keyId and privateKey (the .p8 file’s text)' })),
});

function isAppleKey(pem: string): boolean {
  try {
    const key = createPrivateKey(pem);
    return key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1';
  } catch {
    return false;
  }
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/**
 * The client secret Apple's documentation describes: a JWT with header `{ alg: ES256, kid }` and
 * claims `iss` (team id), `iat`, `exp` (at most six months on), `aud` (Apple), `sub` (the
 * Services ID), signed with the `.p8` key.
 */
export function signAppleClientSecret(client: Omit<AppleClientConfig, 'privateKey' | 'issuer'>, key: KeyObject, audience: string, nowMs: number, seconds = APPLE_CLIENT_SECRET_SECONDS): string {
  if (seconds <= 0 || seconds > APPLE_CLIENT_SECRET_MAX_SECONDS) throw new RangeError(`An Apple client secret lives 1 s to ${APPLE_CLIENT_SECRET_MAX_SECONDS} s, not ${seconds}`);
  const iat = Math.floor(nowMs / 1000);
  const input = `${base64url(JSON.stringify({ alg: 'ES256', kid: client.keyId }))}.${base64url(JSON.stringify({ iss: client.teamId, iat, exp: iat + seconds, aud: audience, sub: client.clientId }))}`;
  return `${input}.${base64url(sign('sha256', Buffer.from(input), { key, dsaEncoding: 'ieee-p1363' }))}`;
}

/**
 * Apple's token-endpoint authentication (`client_secret_post` with the signed secret), for
 * openid-client: a secret signed when first needed and signed again once half its life is gone,
 * so a long-running service never sends an expired one and never needs a new one by hand.
 */
export function appleClientAuth(client: AppleClientConfig, audience: string, now: () => number): oidc.ClientAuth {
  const key = createPrivateKey(client.privateKey);
  let current: { secret: string; renewAt: number } | undefined;
  return (_as, _client, body) => {
    const at = now();
    if (!current || at >= current.renewAt) current = { secret: signAppleClientSecret(client, key, audience, at), renewAt: at + (APPLE_CLIENT_SECRET_SECONDS * 1000) / 2 };
    body.set('client_id', client.clientId);
    body.set('client_secret', current.secret);
  };
}

const appleUserSchema = z.object({ name: z.optional(z.object({ firstName: z.optional(z.string()), lastName: z.optional(z.string()) })) });

/**
 * The person's name from the `user` field Apple posts with the first authorization of an app
 * only (never in the ID token, and there is no userinfo endpoint). Undefined when absent or not
 * Apple's JSON; it names the account and nothing else (the field is not signed).
 */
export function appleUserName(field: string | null): string | undefined {
  if (!field) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(field);
  } catch {
    return undefined;
  }
  const parsed = appleUserSchema.safeParse(json);
  if (!parsed.success) return undefined;
  const name = [parsed.data.name?.firstName, parsed.data.name?.lastName].filter((part) => part && part.trim()).join(' ');
  return name || undefined;
}
