import type { SiwxMessageFields } from '@portico/plugin-siwx/api';
import { ed25519 } from '@noble/curves/ed25519';
import { base58 } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { createSolanaSignInMessage, createSolanaVerifier } from './createSolanaVerifier';

const seed = new Uint8Array(32).fill(7);
const address = base58.encode(ed25519.getPublicKey(seed));
const fields: SiwxMessageFields = {
  domain: 'app.example.com',
  accountAddress: address,
  uri: 'https://app.example.com',
  version: '1',
  chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  nonce: 'A1b2C3d4E5f6G7h8',
  issuedAt: '2026-11-22T10:00:00.000Z',
  expirationTime: '2026-11-23T10:00:00.000Z',
  statement: 'Sign in to Example',
};
const sign = (text: string, key = seed) => base58.encode(ed25519.sign(new TextEncoder().encode(text), key));
const now = () => new Date('2026-11-22T12:00:00Z');

describe('createSolanaVerifier', () => {
  const verifier = createSolanaVerifier({ now, domain: 'app.example.com' });
  const message = createSolanaSignInMessage(fields);

  it('accepts an ed25519 signature of the exact message by the account key', async () => {
    expect(message.startsWith(`app.example.com wants you to sign in with your Solana account:\n${address}\n\nSign in to Example\n\nURI:`)).toBe(true);
    await expect(verifier.verify({ data: fields, message, signature: sign(message) })).resolves.toBe(true);
  });

  it('rejects another key, another text, a tampered field, an expired or foreign-domain session, and junk signatures', async () => {
    await expect(verifier.verify({ data: fields, message, signature: sign(message, new Uint8Array(32).fill(8)) })).resolves.toBe(false);
    await expect(verifier.verify({ data: fields, message: `${message} `, signature: sign(`${message} `) })).resolves.toBe(false);
    await expect(verifier.verify({ data: { ...fields, nonce: 'Z9y8X7w6V5u4T3s2' }, message, signature: sign(message) })).resolves.toBe(false);
    const late = createSolanaVerifier({ now: () => new Date('2026-11-24T00:00:00Z') });
    await expect(late.verify({ data: fields, message, signature: sign(message) })).resolves.toBe(false);
    const other = createSolanaVerifier({ now, domain: 'other.example' });
    await expect(other.verify({ data: fields, message, signature: sign(message) })).resolves.toBe(false);
    await expect(verifier.verify({ data: fields, message, signature: 'not-base58-0OIl' })).resolves.toBe(false);
    await expect(verifier.verify({ data: fields, message, signature: base58.encode(new Uint8Array(10)) })).resolves.toBe(false);
  });

  it('a message that names a scheme must name the site’s (https unless the verifier says otherwise)', async () => {
    const withScheme = (scheme: string) => {
      const data = { ...fields, scheme };
      const text = createSolanaSignInMessage(data);
      return { data, message: text, signature: sign(text) };
    };
    expect(withScheme('https').message.startsWith('https://app.example.com wants you to sign in')).toBe(true);
    await expect(verifier.verify(withScheme('https'))).resolves.toBe(true);
    await expect(verifier.verify(withScheme('http'))).resolves.toBe(false);
    await expect(createSolanaVerifier({ now, domain: 'app.example.com', scheme: 'http' }).verify(withScheme('http'))).resolves.toBe(true);
  });

  it('refuses to format a message for a non-Solana address or chain', () => {
    expect(() => createSolanaSignInMessage({ ...fields, accountAddress: '0x71C7656EC7ab88b098defB751B7401B5f6d8976F' })).toThrow('is not a Solana address');
    expect(() => createSolanaSignInMessage({ ...fields, chainId: 'eip155:1' })).toThrow('is not a solana CAIP-2 chain id');
  });

  it('refuses a domain that would forge the first line, and fields that would add lines, so no such text is ever signed', async () => {
    expect(() => createSolanaSignInMessage({ ...fields, domain: 'evil.example wants you to sign in with your Solana account:' })).toThrow('domain must be an RFC 3986 authority');
    expect(() => createSolanaSignInMessage({ ...fields, requestId: 'r1\u2028Resources:' })).toThrow('requestId must be one line');
    // A hand-made text with a forged header is not what the fields produce: not verified.
    const forged = message.replace('app.example.com wants', 'evil.example wants you to sign in with your Solana account:\napp.example.com wants');
    await expect(verifier.verify({ data: fields, message: forged, signature: sign(forged) })).resolves.toBe(false);
  });
});
