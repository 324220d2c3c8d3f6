import { createPrivateKey, sign } from 'node:crypto';
import { encodeIss, generateKeyPair, signJWT } from '@walletconnect/relay-auth';

/** A test client's ed25519 identity: its key pair and its client id (`did:key:z6Mk…`). */
export type RelayTestIdentity = { readonly iss: string; readonly keyPair: ReturnType<typeof generateKeyPair> };

/** A fresh ed25519 identity, made the way sign-client makes its own. */
export function createRelayTestIdentity(): RelayTestIdentity {
  const keyPair = generateKeyPair();
  return { iss: encodeIss(keyPair.publicKey), keyPair };
}

/** A relay JWT exactly as sign-client 2.25 sends it: `@walletconnect/relay-auth`'s `signJWT`, 1-day TTL. */
export function realRelayJwt(aud: string, identity: RelayTestIdentity = createRelayTestIdentity()): Promise<string> {
  return signJWT(Buffer.from(identity.keyPair.publicKey).toString('hex'), aud, 86_400, identity.keyPair);
}

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
// PKCS#8 DER prefix of an ed25519 private key; the 32-byte seed follows.
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/**
 * A relay JWT with any header and claims, signed with `signer`'s key (default `identity`'s), so
 * tests can sign what a client must not get away with: someone else's `iss`, an old `exp`, …
 * `iss` defaults to `identity`'s and `aud` to `aud`; the other claims to sign-client's.
 */
export function signRelayJwt(
  aud: string,
  options: { identity?: RelayTestIdentity; signer?: RelayTestIdentity; header?: object; payload?: object } = {},
): string {
  const identity = options.identity ?? createRelayTestIdentity();
  const signer = options.signer ?? identity;
  const iat = Math.floor(Date.now() / 1000);
  const header = { alg: 'EdDSA', typ: 'JWT', ...options.header };
  const payload = { iss: identity.iss, sub: 'c4'.repeat(32), aud, iat, exp: iat + 86_400, ...options.payload };
  const data = `${b64url(header)}.${b64url(payload)}`;
  const seed = Buffer.from(signer.keyPair.secretKey.subarray(0, 32));
  const key = createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' });
  return `${data}.${sign(null, Buffer.from(data), key).toString('base64url')}`;
}
