import { decodeIss, decodeJWT, encodeIss, verifyJWT } from '@walletconnect/relay-auth';

/** The verified claims of the relay JWT a WalletConnect client sends in the `auth` query parameter. */
export type RelayAuthClaims = {
  /** The client's id: `did:key:z…` of the ed25519 key that signed the token. Quotas are keyed by it. */
  readonly iss: string;
  readonly sub: string;
  readonly aud: string;
  readonly iat: number;
  readonly exp: number;
};

/** What {@link verifyRelayAuth} concluded: the claims, or why the token is refused. */
export type RelayAuthResult = { ok: true; claims: RelayAuthClaims } | { ok: false; reason: string };

/** Clock skew allowed on `iat` and `exp`: the hosted relay's (`JWT_VALIDATION_TIME_LEEWAY_SECS` in WalletConnect's relay_rpc). */
export const RELAY_AUTH_LEEWAY_SECONDS = 120;

const MAX_TOKEN_LENGTH = 4096;
const BASE64URL_PART = /^[A-Za-z0-9_-]+$/;

const refuse = (reason: string): RelayAuthResult => ({ ok: false, reason });
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The public key `iss` names, if it is a canonical `did:key` of an ed25519 key (one spelling per key). */
function canonicalIssuer(iss: unknown): string | undefined {
  if (typeof iss !== 'string') return undefined;
  try {
    return encodeIss(decodeIss(iss)) === iss ? iss : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Verifies a relay JWT as WalletConnect's relay does: header `{ alg: "EdDSA", typ: "JWT" }`, the
 * ed25519 signature against the key in `iss` (`@walletconnect/relay-auth`'s `verifyJWT`), `exp`
 * and `iat` within {@link RELAY_AUTH_LEEWAY_SECONDS} of `nowMs`, and `aud` one of `audiences`
 * exactly. The claims are read with relay-auth's own decoder, the one the signature was checked
 * with, so no parser difference can put an unsigned `iss` in front of the relay.
 */
export async function verifyRelayAuth(token: string | null | undefined, audiences: ReadonlySet<string>, nowMs: number = Date.now()): Promise<RelayAuthResult> {
  if (!token) return refuse('the auth query parameter (a relay JWT) is missing');
  const parts = token.split('.');
  if (token.length > MAX_TOKEN_LENGTH || parts.length !== 3 || !parts.every((part) => BASE64URL_PART.test(part))) {
    return refuse('auth is not a JWT (three base64url parts)');
  }
  let header: unknown;
  let payload: unknown;
  try {
    ({ header, payload } = decodeJWT(token));
  } catch {
    return refuse('auth is not a JWT (three base64url parts)');
  }
  if (!isObject(header) || header.alg !== 'EdDSA' || header.typ !== 'JWT') return refuse('the JWT header must be {"alg":"EdDSA","typ":"JWT"}');
  if (!isObject(payload)) return refuse('the JWT payload is not a JSON object');
  const iss = canonicalIssuer(payload.iss);
  if (!iss) return refuse('the JWT iss must be the did:key of an ed25519 public key');
  if (!(await verifyJWT(token).catch(() => false))) return refuse('the JWT signature does not verify against the key in iss');

  const { sub, aud, iat, exp } = payload;
  if (typeof sub !== 'string' || sub.length === 0) return refuse('the JWT sub is missing');
  if (typeof iat !== 'number' || typeof exp !== 'number' || !Number.isSafeInteger(iat) || !Number.isSafeInteger(exp)) {
    return refuse('the JWT iat and exp must be integers (seconds)');
  }
  const now = Math.floor(nowMs / 1000);
  if (exp < now - RELAY_AUTH_LEEWAY_SECONDS) return refuse('the JWT has expired');
  if (iat > now + RELAY_AUTH_LEEWAY_SECONDS) return refuse('the JWT iat is in the future');
  if (typeof aud !== 'string' || !audiences.has(aud)) return refuse(`the JWT aud must be this relay's URL (${[...audiences].join(' or ')})`);
  return { ok: true, claims: { iss, sub, aud, iat, exp } };
}
