import { address as baddress } from 'bitcoinjs-lib';
import { describe, expect, it } from 'vitest';
import { base58CheckDecode, base58CheckEncode, bech32Decode, segwitEncode, wordsToBytes } from './encodings';

// Deterministic pseudo-random bytes, so a failure names a reproducible input.
let seed = 0x2545f491;
const randomBytes = (length: number): Uint8Array =>
  Uint8Array.from({ length }, () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed >>> 24;
  });

describe('base58check', () => {
  it('encodes and decodes like bitcoinjs-lib, leading zero bytes included', () => {
    for (let i = 0; i < 200; i++) {
      const hash = randomBytes(20);
      if (i % 4 === 0) hash.fill(0, 0, i % 21);
      const version = i % 3 === 0 ? 0 : randomBytes(1)[0]!;
      const encoded = baddress.toBase58Check(hash, version);
      expect(base58CheckEncode(Uint8Array.of(version, ...hash))).toBe(encoded);
      expect(base58CheckDecode(encoded)).toEqual(Uint8Array.of(version, ...hash));
    }
  });

  it('rejects a bad checksum, a too-short string and a non-base58 character', () => {
    expect(() => base58CheckDecode('1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMJ')).toThrow('Invalid checksum');
    expect(() => base58CheckDecode('1')).toThrow('Invalid checksum');
    expect(() => base58CheckDecode('1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAM0')).toThrow(/Invalid base58 character "0"/);
  });
});

describe('bech32 / bech32m', () => {
  it('encodes witness programs like bitcoinjs-lib and decodes them back with the right checksum', () => {
    for (let i = 0; i < 200; i++) {
      const version = i % 17;
      const program = randomBytes(version === 0 ? (i % 2 ? 20 : 32) : 2 + (i % 39));
      const hrp = ['bc', 'tb', 'bcrt'][i % 3]!;
      const encoded = segwitEncode(hrp, version, program);
      expect(encoded).toBe(baddress.toBech32(program, version, hrp));
      const decoded = bech32Decode(encoded)!;
      expect(decoded.encoding).toBe(version === 0 ? 'bech32' : 'bech32m');
      expect(decoded.words[0]).toBe(version);
      expect(wordsToBytes(decoded.words.slice(1))).toEqual(program);
    }
  });

  it('reports a bad checksum as undefined and bad padding by name', () => {
    expect(bech32Decode('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5')).toBeUndefined();
    expect(() => wordsToBytes([0, 0, 0])).toThrow('Excess padding');
    expect(() => wordsToBytes([0, 1])).toThrow('Non-zero padding');
  });
});
