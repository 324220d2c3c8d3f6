import { isAddress } from 'viem';

/** EVM address: optional `0x` + 40 hex; a mixed-case address must carry a valid EIP-55 checksum. */
export function isEip155Address(value: unknown): value is string {
  if (typeof value !== 'string' || !/^(0x)?[0-9a-fA-F]{40}$/.test(value)) return false;
  const prefixed = value.startsWith('0x') ? value : `0x${value}`;
  return isAddress(prefixed, { strict: true });
}

/** Transaction hash: `0x` + 64 hex. */
export const isTransactionHash = (value: unknown): value is string => typeof value === 'string' && /^0x[0-9a-fA-F]{64}$/.test(value);

/** Signed message: `0x` + at least 62 hex. */
export const isSignature = (value: unknown): value is string => typeof value === 'string' && /^0x[0-9a-fA-F]{62,}$/.test(value);

/** Call-batch target and data (EIP-5792): must start with `0x`. */
export const isCallHex = (value: unknown): value is string => typeof value === 'string' && /^0x[0-9a-fA-F]*$/.test(value);
