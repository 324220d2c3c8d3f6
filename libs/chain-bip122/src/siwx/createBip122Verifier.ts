import { formatCaip122Message, isCaip122Current } from '@portico/kernel/caip';
import type { SiwxMessageFields, SiwxVerifier } from '@portico/plugin-siwx/api';
import { isBitcoinAddress } from '../bitcoin/addresses';
import { verifyBitcoinMessage } from '../bitcoin/messages';

/** Options of `createBip122Verifier`. */
export interface Bip122VerifierOptions {
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

/**
 * The CAIP-122 message for Bitcoin sign-in fields. No bip122 profile of CAIP-122 exists,
 * so it takes the same layout as Solana's, with `Bitcoin` in the header.
 */
export function createBip122SignInMessage(fields: SiwxMessageFields): string {
  if (!fields.chainId.startsWith('bip122:')) throw new TypeError(`"${fields.chainId}" is not a bip122 CAIP-2 chain id`);
  if (!isBitcoinAddress(fields.accountAddress, fields.chainId)) throw new TypeError(`"${fields.accountAddress}" is not a Bitcoin address on ${fields.chainId}`);
  return formatCaip122Message(fields, 'Bitcoin');
}

/**
 * The bip122 sign-in verifier: the signed text must be exactly what the fields produce,
 * current and bound to the domain; the base64 signature is checked with BIP-322 "simple"
 * (P2WPKH, P2TR; an `smp` prefix accepted) or the legacy signed-message format (P2PKH).
 */
export function createBip122Verifier(options: Bip122VerifierOptions = {}): SiwxVerifier {
  return {
    namespace: 'bip122',
    createMessage: createBip122SignInMessage,
    async verify({ data, message, signature }) {
      try {
        if (message !== createBip122SignInMessage(data)) return false;
        if (!isCaip122Current(data, options.now?.() ?? new Date(), options.domain, options.scheme ?? 'https')) return false;
        return verifyBitcoinMessage({ address: data.accountAddress, message, signature, caipNetworkId: data.chainId });
      } catch {
        return false;
      }
    },
  };
}
