import { sha256 } from '@noble/hashes/sha2';
import { bech32, bech32m, createBase58check } from '@scure/base';

// Bech32/bech32m (BIP-173/350) and base58check through @scure/base (audited, tree-shakeable) with
// @noble/hashes' SHA-256: the address code stays off bitcoinjs-lib, so it fits the plugin's
// synchronous path.

export const BECH32_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
export const BASE58_CHARSET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

export type Bech32Encoding = 'bech32' | 'bech32m';

const base58check = createBase58check(sha256);
/** BIP-173 caps a segwit address at 90 characters; the caller checks that before decoding. */
const SEGWIT_LIMIT = 90;

/**
 * The encoding whose checksum a lowercase bech32 string carries, with its data words (checksum
 * dropped); undefined for a bad checksum. The caller has checked the separator and the characters.
 */
export function bech32Decode(lower: string): { encoding: Bech32Encoding; words: number[] } | undefined {
  const text = lower as `${string}1${string}`;
  const asBech32 = bech32.decodeUnsafe(text, SEGWIT_LIMIT);
  if (asBech32) return { encoding: 'bech32', words: [...asBech32.words] };
  const asBech32m = bech32m.decodeUnsafe(text, SEGWIT_LIMIT);
  return asBech32m ? { encoding: 'bech32m', words: [...asBech32m.words] } : undefined;
}

/** Bech32 (witness v0) or bech32m (v1+) address of a witness program. */
export function segwitEncode(hrp: string, version: number, program: Uint8Array): string {
  const coder = version === 0 ? bech32 : bech32m;
  return coder.encode(hrp, [version, ...coder.toWords(program)], SEGWIT_LIMIT);
}

/** Bytes of 5-bit words; throws `Excess padding` / `Non-zero padding` on bad input. */
export function wordsToBytes(words: number[]): Uint8Array {
  return bech32.fromWords(words);
}

/** Payload of a base58check string; throws `Invalid base58 character` or `Invalid checksum`. */
export function base58CheckDecode(text: string): Uint8Array {
  const badChar = [...text].find((char) => !BASE58_CHARSET.includes(char));
  if (badChar !== undefined) throw new Error(`Invalid base58 character "${badChar}"`);
  return base58check.decode(text);
}

/** Base58check string of a payload. */
export function base58CheckEncode(payload: Uint8Array): string {
  return base58check.encode(payload);
}
