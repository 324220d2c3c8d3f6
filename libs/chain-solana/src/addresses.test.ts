import { base58 } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { isSolanaAddress, isSolanaSignature } from './addresses';

describe('isSolanaAddress', () => {
  it('accepts 32-byte base58 keys: the system program (32 × "1"), real mainnet keys', () => {
    expect(isSolanaAddress('11111111111111111111111111111111')).toBe(true);
    expect(isSolanaAddress('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')).toBe(true);
    expect(isSolanaAddress('7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv')).toBe(true);
    expect(isSolanaAddress(base58.encode(new Uint8Array(32).fill(255)))).toBe(true);
  });

  it('rejects non-base58 characters, wrong lengths, and strings that decode to other sizes', () => {
    expect(isSolanaAddress('0OIl1111111111111111111111111111')).toBe(false);
    expect(isSolanaAddress('1111111111111111111111111111111')).toBe(false);
    expect(isSolanaAddress('z'.repeat(44))).toBe(false); // 44 chars but more than 32 bytes
    expect(isSolanaAddress(base58.encode(new Uint8Array(31).fill(7)))).toBe(false);
    expect(isSolanaAddress('0x71C7656EC7ab88b098defB751B7401B5f6d8976F')).toBe(false);
    expect(isSolanaAddress(42)).toBe(false);
  });
});

describe('isSolanaSignature', () => {
  it('accepts 64 bytes in base58 and rejects anything else', () => {
    expect(isSolanaSignature(base58.encode(new Uint8Array(64).fill(9)))).toBe(true);
    expect(isSolanaSignature(base58.encode(new Uint8Array(32).fill(9)))).toBe(false);
    expect(isSolanaSignature('not a signature')).toBe(false);
  });
});
