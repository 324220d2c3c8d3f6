import { concatBytes } from '@noble/hashes/utils';
import { decode as decodeCompactSize, encode as encodeCompactSize } from 'varuint-bitcoin';

// Hex and base64 come from `@scure/base`, concatenation from `@noble/hashes/utils` and
// CompactSize from `varuint-bitcoin` (bitcoinjs-lib's own); what is left is Bitcoin's witness framing.

/** UTF-8 bytes of a string; bytes pass through unchanged. */
export function utf8Bytes(message: Uint8Array | string): Uint8Array {
  return typeof message === 'string' ? new TextEncoder().encode(message) : message;
}

/** Byte-wise equality. */
export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

/** Bitcoin CompactSize encoding of a length. */
export function compactSize(length: number): Uint8Array {
  return encodeCompactSize(length).buffer;
}

/** Serialises a witness stack: CompactSize item count, then each item with its CompactSize length. */
export function serializeWitness(stack: readonly Uint8Array[]): Uint8Array {
  return concatBytes(compactSize(stack.length), ...stack.flatMap((item) => [compactSize(item.length), item]));
}

/** Parses a serialised witness stack; throws unless the bytes hold exactly one well-formed stack. */
export function parseWitness(bytes: Uint8Array): Uint8Array[] {
  let offset = 0;
  const readSize = (): number => {
    if (offset >= bytes.length) throw new Error('Witness is truncated');
    const { numberValue, bytes: width } = decodeCompactSize(bytes, offset);
    if (offset + width > bytes.length || numberValue === null) throw new Error('Witness is truncated');
    offset += width;
    return numberValue;
  };
  const count = readSize();
  if (count > bytes.length) throw new Error('Witness item count exceeds its size');
  const stack: Uint8Array[] = [];
  for (let i = 0; i < count; i++) {
    const length = readSize();
    if (offset + length > bytes.length) throw new Error('Witness is truncated');
    stack.push(bytes.slice(offset, offset + length));
    offset += length;
  }
  if (offset !== bytes.length) throw new Error('Witness has trailing bytes');
  return stack;
}
