import { crypto, opcodes, script as bscript, Transaction } from 'bitcoinjs-lib';
import { concatBytes } from '@noble/hashes/utils';
import { utf8Bytes } from './bytes';
import { inputSignatureProblem } from './inputSignatures';
import { classifyOutputScript, witnessProgramScript } from './outputScripts';

const TAG_HASH = crypto.sha256(utf8Bytes('BIP0322-signed-message'));
/** BIP-322 signs with SIGHASH_ALL; Taproot may also use SIGHASH_DEFAULT. */
const BIP322_HASH_TYPES: readonly number[] = [Transaction.SIGHASH_DEFAULT, Transaction.SIGHASH_ALL];

/** The BIP-322 virtual transactions of a message and address script: `toSpend` and the unsigned `toSign`. */
export interface Bip322Transactions {
  toSpend: Transaction;
  toSign: Transaction;
}

/** BIP-322 message hash: SHA256(SHA256(tag) ‖ SHA256(tag) ‖ message), tag `BIP0322-signed-message`, strings as UTF-8. */
export function bip322MessageHash(message: Uint8Array | string): Uint8Array {
  return crypto.sha256(concatBytes(TAG_HASH, TAG_HASH, utf8Bytes(message)));
}

/** Builds BIP-322's `to_spend` (paying `script`, committing to the message) and `to_sign` (spending it, without witness). */
export function buildBip322Transactions(message: Uint8Array | string, script: Uint8Array): Bip322Transactions {
  const toSpend = new Transaction();
  toSpend.version = 0;
  toSpend.addInput(new Uint8Array(32), 0xffffffff, 0, bscript.compile([opcodes.OP_0, bip322MessageHash(message)]));
  toSpend.addOutput(script, 0n);
  const toSign = new Transaction();
  toSign.version = 0;
  toSign.addInput(toSpend.getHash(), 0, 0);
  toSign.addOutput(bscript.compile([opcodes.OP_RETURN]), 0n);
  return { toSpend, toSign };
}

/**
 * Checks a BIP-322 simple signature (a parsed witness stack) for an address script: P2WPKH, key-path
 * P2TR and P2SH-P2WPKH (whose `to_sign` scriptSig, the redeem script, follows from the witness's key).
 */
export function verifyBip322Witness(script: Uint8Array, message: Uint8Array | string, witness: Uint8Array[]): boolean {
  const { toSign } = buildBip322Transactions(message, script);
  toSign.setWitness(0, witness);
  const publicKey = witness[1];
  if (classifyOutputScript(script).type === 'p2sh' && publicKey) toSign.setInputScript(0, bscript.compile([witnessProgramScript(0, crypto.hash160(publicKey))]));
  return inputSignatureProblem(toSign, 0, [{ script, value: 0n }], { allowedHashTypes: BIP322_HASH_TYPES }) === undefined;
}
