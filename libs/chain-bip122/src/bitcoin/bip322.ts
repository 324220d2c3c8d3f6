import { crypto, opcodes, script as bscript, Transaction } from 'bitcoinjs-lib';
import { concatBytes, serializeWitness, toBase64, utf8Bytes } from './bytes';
import { inputSignatureProblem } from './inputSignatures';
import { BitcoinMessageSigningError } from './messageSigningError';
import { classifyOutputScript } from './outputScripts';
import { keyControlsScript, signP2wpkhInput, signTaprootKeyPathInput } from './signInputs';
import { parseBitcoinAddress } from './addresses';

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
 * Signs a message in the BIP-322 "simple" format for a P2WPKH address (low-R ECDSA) or a key-path
 * P2TR address made from the key's BIP-86 internal key (Schnorr). Returns the base64 witness without
 * the `smp` prefix, as deployed wallets send it.
 */
export function signBip322Simple({ message, privateKey, address }: { message: Uint8Array | string; privateKey: Uint8Array; address: string }): string {
  const { script } = parseBitcoinAddress(address);
  const classified = classifyOutputScript(script);
  if (classified.type !== 'p2wpkh' && classified.type !== 'p2tr') throw new BitcoinMessageSigningError(`BIP-322 simple signing supports P2WPKH and P2TR addresses, not ${classified.type}`);
  if (!keyControlsScript(privateKey, classified)) throw new BitcoinMessageSigningError(`the private key does not control ${address}`);
  const { toSign } = buildBip322Transactions(message, script);
  const witness =
    classified.type === 'p2wpkh' ? signP2wpkhInput(toSign, 0, 0n, privateKey) : signTaprootKeyPathInput(toSign, 0, [{ script, value: 0n }], privateKey);
  return toBase64(serializeWitness(witness));
}

/** Checks a BIP-322 simple signature (a parsed witness stack) for an address script; supports P2WPKH and key-path P2TR. */
export function verifyBip322Witness(script: Uint8Array, message: Uint8Array | string, witness: Uint8Array[]): boolean {
  const { toSign } = buildBip322Transactions(message, script);
  toSign.setWitness(0, witness);
  return inputSignatureProblem(toSign, 0, [{ script, value: 0n }], { allowedHashTypes: BIP322_HASH_TYPES }) === undefined;
}
