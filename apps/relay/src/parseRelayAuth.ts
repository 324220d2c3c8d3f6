/** The claims of the relay JWT a WalletConnect client sends in the `auth` query parameter. */
export type RelayAuthClaims = {
  /** The client's id: `did:key:z…` of its ed25519 key. Subscription ids are derived from it. */
  readonly iss: string;
  readonly sub: string;
  readonly aud: string;
  readonly iat: number;
  readonly exp: number;
};

const BASE64URL = /^[A-Za-z0-9_-]+$/;

function decodeJsonPart(part: string): Record<string, unknown> | undefined {
  if (!BASE64URL.test(part)) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Checks the shape of a relay JWT (`@walletconnect/relay-auth`): three base64url parts, an
 * `EdDSA` header and `iss/sub/aud/iat/exp` claims with a `did:key:` issuer. The signature is
 * not verified — this relay is a loopback test double, not an access control.
 * Returns the claims, or `undefined` when the token is missing or malformed.
 */
export function parseRelayAuth(token: string | null | undefined): RelayAuthClaims | undefined {
  if (!token || token.length > 4096) return undefined;
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  if (!BASE64URL.test(signaturePart)) return undefined;
  const header = decodeJsonPart(headerPart);
  const payload = decodeJsonPart(payloadPart);
  if (header?.alg !== 'EdDSA' || !payload) return undefined;
  const { iss, sub, aud, iat, exp } = payload;
  if (typeof iss !== 'string' || !/^did:key:z[1-9A-HJ-NP-Za-km-z]+$/.test(iss)) return undefined;
  if (typeof sub !== 'string' || typeof aud !== 'string') return undefined;
  if (typeof iat !== 'number' || typeof exp !== 'number' || !Number.isFinite(iat) || !(exp > iat)) return undefined;
  return { iss, sub, aud, iat, exp };
}
