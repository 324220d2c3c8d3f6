const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Length of nonces from `createSiwxNonce`: 24 of 62 symbols ≈ 142 bits. */
export const SIWX_NONCE_LENGTH = 24;

/**
 * A sign-in nonce from the platform CSPRNG (`crypto.getRandomValues`), alphanumeric as
 * EIP-4361 requires. Rejection sampling keeps every symbol equally likely
 * (viem's `generateSiweNonce` uses `Math.random`, which is not a CSPRNG).
 */
export function createSiwxNonce(length: number = SIWX_NONCE_LENGTH): string {
  if (!Number.isInteger(length) || length < 8) throw new RangeError('A sign-in nonce needs at least 8 characters');
  const limit = 256 - (256 % ALPHABET.length);
  let nonce = '';
  while (nonce.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < limit && nonce.length < length) nonce += ALPHABET[byte % ALPHABET.length];
    }
  }
  return nonce;
}
