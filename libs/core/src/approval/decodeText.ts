/** `0x`-prefixed, even-length hex as bytes, or undefined when it is not that. */
export function hexToBytes(value: string): Uint8Array | undefined {
  if (!/^0x([0-9a-fA-F]{2})*$/.test(value)) return undefined;
  const bytes = new Uint8Array((value.length - 2) / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(value.slice(2 + i * 2, 4 + i * 2), 16);
  return bytes;
}

/** Bytes as text when they are valid UTF-8 with no control characters but tab and newlines; else undefined. */
export function printableText(bytes: Uint8Array): string | undefined {
  if (bytes.length === 0) return undefined;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
  // Control characters (bar tab and line breaks) and bidi overrides would hide or reorder what is signed.
  for (const char of text) if (isHidden(char.codePointAt(0)!)) return undefined;
  return text;
}

function isHidden(code: number): boolean {
  if (code === 0x09 || code === 0x0a || code === 0x0d) return false;
  return code < 0x20 || (code >= 0x7f && code <= 0x9f) || (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069) || code === 0xfeff;
}

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Base58 (Bitcoin alphabet, as Solana uses) to bytes, or undefined when it is not base58. */
export function decodeBase58(value: string): Uint8Array | undefined {
  let n = 0n;
  for (const char of value) {
    const digit = ALPHABET.indexOf(char);
    if (digit < 0) return undefined;
    n = n * 58n + BigInt(digit);
  }
  const body: number[] = [];
  while (n > 0n) {
    body.unshift(Number(n % 256n));
    n /= 256n;
  }
  let zeros = 0;
  while (zeros < value.length && value[zeros] === '1') zeros++;
  return Uint8Array.from([...new Array<number>(zeros).fill(0), ...body]);
}
