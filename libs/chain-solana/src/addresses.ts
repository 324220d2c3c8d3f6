import { base58 } from '@scure/base';

/**
 * Whether `value` is a Solana address (an ed25519 public key): 32–44 base58 characters
 * that decode to exactly 32 bytes.
 */
export function isSolanaAddress(value: unknown): value is string {
  if (typeof value !== 'string' || !/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(value)) return false;
  try {
    return base58.decode(value).length === 32;
  } catch {
    return false;
  }
}

/** A Solana transaction signature: 64 bytes in base58 (87 or 88 characters, fewer with leading zeros). */
export function isSolanaSignature(value: unknown): value is string {
  if (typeof value !== 'string' || !/^[1-9A-HJ-NP-Za-km-z]{64,88}$/.test(value)) return false;
  try {
    return base58.decode(value).length === 64;
  } catch {
    return false;
  }
}
