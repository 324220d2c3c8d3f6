import { formatCaip122Message, isCaip122Current } from '@portico/kernel/caip';
import type { SiwxMessageFields, SiwxVerifier } from '@portico/plugin-siwx/api';
import { ed25519 } from '@noble/curves/ed25519';
import { base58 } from '@scure/base';
import { isSolanaAddress } from '../addresses';

/** Options of `createSolanaVerifier`. */
export interface SolanaVerifierOptions {
  /** The domain sessions must be bound to; a server should always set it. */
  domain?: string;
  /**
   * The scheme of the site's origin, without `:` (default `https`). A message that names a
   * scheme (`http://app.example.com wants you…`) must name this one (case-insensitive); one
   * that names none is bound by its domain alone.
   */
  scheme?: string;
  now?: () => Date;
}

/** The CAIP-122 (Sign-In-With-Solana layout) message for sign-in fields. */
export function createSolanaSignInMessage(fields: SiwxMessageFields): string {
  if (!fields.chainId.startsWith('solana:')) throw new TypeError(`"${fields.chainId}" is not a solana CAIP-2 chain id`);
  if (!isSolanaAddress(fields.accountAddress)) throw new TypeError(`"${fields.accountAddress}" is not a Solana address`);
  return formatCaip122Message(fields, 'Solana');
}

/**
 * The solana sign-in verifier (CAIP-122, `solana:ed25519`): the signed text must be exactly
 * what the fields produce, current and bound to the domain, and the base58 signature a
 * valid ed25519 signature of its UTF-8 bytes by the account's public key.
 */
export function createSolanaVerifier(options: SolanaVerifierOptions = {}): SiwxVerifier {
  return {
    namespace: 'solana',
    createMessage: createSolanaSignInMessage,
    async verify({ data, message, signature }) {
      try {
        if (message !== createSolanaSignInMessage(data)) return false;
        if (!isCaip122Current(data, options.now?.() ?? new Date(), options.domain, options.scheme ?? 'https')) return false;
        const bytes = base58.decode(signature);
        if (bytes.length !== 64) return false;
        return ed25519.verify(bytes, new TextEncoder().encode(message), base58.decode(data.accountAddress));
      } catch {
        return false;
      }
    },
  };
}
