/** Lowercase hex of bytes. */
export function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/** Bytes of an even-length hex string; throws on any other character. */
export function fromHex(hex: string): Uint8Array {
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) throw new Error('Invalid hex string');
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/** Standard base64 (with padding) of bytes, without Node's Buffer. */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Bytes of a standard base64 string; throws on characters outside the alphabet or a bad length. */
export function fromBase64(base64: string): Uint8Array {
  if (base64.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) throw new Error('Invalid base64 encoding');
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

/** UTF-8 bytes of a string; bytes pass through unchanged. */
export function utf8Bytes(message: Uint8Array | string): Uint8Array {
  return typeof message === 'string' ? new TextEncoder().encode(message) : message;
}

/** Concatenation of byte arrays. */
export function concatBytes(...parts: ArrayLike<number>[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Byte-wise equality. */
export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

/** Bitcoin CompactSize encoding of a length. */
export function compactSize(length: number): Uint8Array {
  if (length < 0xfd) return Uint8Array.of(length);
  if (length <= 0xffff) return Uint8Array.of(0xfd, length & 0xff, length >>> 8);
  return Uint8Array.of(0xfe, length & 0xff, (length >>> 8) & 0xff, (length >>> 16) & 0xff, length >>> 24);
}

/** Serialises a witness stack: CompactSize item count, then each item with its CompactSize length. */
export function serializeWitness(stack: readonly Uint8Array[]): Uint8Array {
  return concatBytes(compactSize(stack.length), ...stack.flatMap((item) => [compactSize(item.length), item]));
}

/** Parses a serialised witness stack; throws unless the bytes hold exactly one well-formed stack. */
export function parseWitness(bytes: Uint8Array): Uint8Array[] {
  let offset = 0;
  const readSize = (): number => {
    const first = bytes[offset++];
    if (first === undefined) throw new Error('Witness is truncated');
    if (first < 0xfd) return first;
    const width = first === 0xfd ? 2 : first === 0xfe ? 4 : 8;
    if (offset + width > bytes.length) throw new Error('Witness is truncated');
    let value = 0;
    for (let i = width - 1; i >= 0; i--) value = value * 256 + bytes[offset + i]!;
    offset += width;
    return value;
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
