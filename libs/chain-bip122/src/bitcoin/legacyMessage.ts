import { crypto } from 'bitcoinjs-lib';
import { concatBytes } from '@noble/hashes/utils';
import { compactSize, equalBytes, utf8Bytes } from './bytes';
import { ecc } from './ecc';
import { p2pkhScript, p2shScript, witnessProgramScript } from './outputScripts';

const MESSAGE_MAGIC = utf8Bytes('Bitcoin Signed Message:\n');

/** Bitcoin Core's signmessage hash: SHA256d(CompactSize ‖ "Bitcoin Signed Message:\n" ‖ CompactSize(len) ‖ message). */
export function legacyMessageHash(message: Uint8Array | string): Uint8Array {
  const bytes = utf8Bytes(message);
  return crypto.hash256(concatBytes(compactSize(MESSAGE_MAGIC.length), MESSAGE_MAGIC, compactSize(bytes.length), bytes));
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
