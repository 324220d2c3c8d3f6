import { parseBitcoinAddress } from './addresses';
import { verifyBip322Witness } from './bip322';
import { base64 } from '@scure/base';
import { parseWitness } from './bytes';
import { verifyLegacySignature } from './legacyMessage';

/** What verifyBitcoinMessage checks: a signature by `address` over `message`, optionally on a given CAIP-2 network. */
export interface BitcoinMessageVerification {
  address: string;
  message: Uint8Array | string;
  signature: string;
  caipNetworkId?: string;
}

/**
 * Verifies a signed message without ever throwing: BIP-322 simple for P2WPKH, P2SH-P2WPKH and P2TR (with
 * or without the `smp` prefix), legacy signmessage / BIP-137 for P2PKH, P2SH-P2WPKH and P2WPKH. The BIP-322
 * full (`ful`) and proof-of-funds (`pof`) formats are not supported and yield false, as do malformed
 * signatures and addresses of another network.
 */
export function verifyBitcoinMessage({ address, message, signature, caipNetworkId }: BitcoinMessageVerification): boolean {
  try {
    if (typeof signature !== 'string' || signature.startsWith('ful') || signature.startsWith('pof')) return false;
    const { type, script } = parseBitcoinAddress(address, caipNetworkId);
    const bytes = base64.decode(signature.startsWith('smp') ? signature.slice(3) : signature);
    if (bytes.length === 0) return false;
    const legacy = bytes.length === 65 && bytes[0]! >= 27 && bytes[0]! <= 42;
    if (type === 'p2pkh') return legacy && verifyLegacySignature(script, message, bytes);
    if ((type === 'p2sh' || type === 'p2wpkh') && legacy) return verifyLegacySignature(script, message, bytes);
    if (type === 'p2sh' || type === 'p2wpkh' || type === 'p2tr') return verifyBip322Witness(script, message, parseWitness(bytes));
    return false;
  } catch {
    return false;
  }
}
