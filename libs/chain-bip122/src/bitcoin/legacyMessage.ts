import { crypto } from 'bitcoinjs-lib';
import { compactSize, concatBytes, equalBytes, toBase64, utf8Bytes } from './bytes';
import { ecc } from './ecc';
import { BitcoinMessageSigningError } from './messageSigningError';
import { p2pkhScript, p2shScript, witnessProgramScript } from './outputScripts';

/** Address kinds a legacy (BIP-137) signature header can name. */
export type LegacySignatureAddressType = 'p2pkh' | 'p2sh-p2wpkh' | 'p2wpkh';

const MESSAGE_MAGIC = utf8Bytes('Bitcoin Signed Message:\n');
/** First header byte of each BIP-137 range; P2PKH with an uncompressed key starts at 27. */
const HEADER_BASE: Record<LegacySignatureAddressType, number> = { p2pkh: 31, 'p2sh-p2wpkh': 35, p2wpkh: 39 };

/** Bitcoin Core's signmessage hash: SHA256d(CompactSize ‖ "Bitcoin Signed Message:\n" ‖ CompactSize(len) ‖ message). */
export function legacyMessageHash(message: Uint8Array | string): Uint8Array {
  const bytes = utf8Bytes(message);
  return crypto.hash256(concatBytes(compactSize(MESSAGE_MAGIC.length), MESSAGE_MAGIC, compactSize(bytes.length), bytes));
}

/**
 * Signs a message like Bitcoin Core's `signmessagewithprivkey` (RFC 6979, low-S): base64 of
 * header ‖ r ‖ s. `addressType` picks the BIP-137 header range; segwit types need a compressed key.
 */
export function signLegacyMessage({
  message,
  privateKey,
  compressed = true,
  addressType = 'p2pkh',
}: {
  message: Uint8Array | string;
  privateKey: Uint8Array;
  compressed?: boolean;
  addressType?: LegacySignatureAddressType;
}): string {
  if (!compressed && addressType !== 'p2pkh') throw new BitcoinMessageSigningError('segwit addresses need a compressed key');
  const { signature, recoveryId } = ecc.signRecoverable(legacyMessageHash(message), privateKey);
  const header = (compressed ? HEADER_BASE[addressType] : 27) + recoveryId;
  return toBase64(concatBytes(Uint8Array.of(header), signature));
}

/**
 * True when a 65-byte legacy signature recovers a key whose address of the header's kind is `script`:
 * headers 27–34 for P2PKH, 35–38 for P2SH-P2WPKH, 39–42 for P2WPKH (BIP-137).
 */
export function verifyLegacySignature(script: Uint8Array, message: Uint8Array | string, signature: Uint8Array): boolean {
  const header = signature[0];
  if (signature.length !== 65 || header === undefined || header < 27 || header > 42) return false;
  const recoveryId = ((header - 27) & 3) as 0 | 1 | 2 | 3;
  const compressed = header >= 31;
  let publicKey: Uint8Array | null;
  try {
    publicKey = ecc.recover(legacyMessageHash(message), signature.subarray(1), recoveryId, compressed);
  } catch {
    return false;
  }
  if (!publicKey) return false;
  const keyHash = crypto.hash160(publicKey);
  const expected =
    header < 35 ? p2pkhScript(keyHash) : header < 39 ? p2shScript(crypto.hash160(witnessProgramScript(0, keyHash))) : witnessProgramScript(0, keyHash);
  return equalBytes(expected, script);
}
