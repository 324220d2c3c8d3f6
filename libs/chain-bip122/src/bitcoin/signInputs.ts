import { crypto, script as bscript, Transaction } from 'bitcoinjs-lib';
import { concatBytes, equalBytes } from './bytes';
import { ECPair, ecc } from './ecc';
import { p2pkhScript, type ClassifiedOutputScript } from './outputScripts';
import type { Prevout } from './inputSignatures';

/** A Taproot key-path key: the BIP-86 tweaked private key and the x-only output key it signs for. */
export interface TaprootKeyPathKey {
  privateKey: Uint8Array;
  outputKey: Uint8Array;
}

/**
 * Tweaks a private key as BIP-86 does for a key-path-only Taproot output (`payments.p2tr({ internalPubkey })`):
 * t = TapTweak(P), negating d first when P has an odd y.
 */
export function taprootKeyPathKey(privateKey: Uint8Array): TaprootKeyPathKey {
  const publicKey = ecc.pointFromScalar(privateKey, true);
  if (!publicKey) throw new Error('Invalid private key');
  const internalKey = publicKey.subarray(1, 33);
  const evenKey = publicKey[0] === 0x03 ? ecc.privateNegate(privateKey) : privateKey;
  const tweaked = ecc.privateAdd(evenKey, crypto.taggedHash('TapTweak', internalKey));
  if (!tweaked) throw new Error('Invalid Taproot tweak');
  return { privateKey: tweaked, outputKey: ecc.xOnlyPointFromScalar(tweaked) };
}

/** Compressed public key of a private key. */
export function compressedPublicKey(privateKey: Uint8Array): Uint8Array {
  return ECPair.fromPrivateKey(privateKey, { compressed: true }).publicKey;
}

/** Signs P2WPKH input `index` (BIP-143, low-R ECDSA as Bitcoin Core does) and returns its witness. */
export function signP2wpkhInput(tx: Transaction, index: number, value: bigint, privateKey: Uint8Array, hashType = Transaction.SIGHASH_ALL): Uint8Array[] {
  const keyPair = ECPair.fromPrivateKey(privateKey, { compressed: true });
  const hash = tx.hashForWitnessV0(index, p2pkhScript(crypto.hash160(keyPair.publicKey)), value, hashType);
  return [bscript.signature.encode(keyPair.sign(hash, true), hashType), keyPair.publicKey];
}

/** Signs P2TR key-path input `index` (BIP-341 over all prevouts, BIP-340 Schnorr) and returns its witness. */
export function signTaprootKeyPathInput(
  tx: Transaction,
  index: number,
  prevouts: readonly Prevout[],
  privateKey: Uint8Array,
  hashType = Transaction.SIGHASH_DEFAULT,
): Uint8Array[] {
  const key = taprootKeyPathKey(privateKey);
  const hash = tx.hashForWitnessV1(index, prevouts.map((p) => p.script), prevouts.map((p) => p.value), hashType);
  const signature = ecc.signSchnorr(hash, key.privateKey);
  return [hashType === Transaction.SIGHASH_DEFAULT ? signature : concatBytes(signature, Uint8Array.of(hashType))];
}

/** True when the private key controls a P2WPKH or key-path P2TR output script. */
export function keyControlsScript(privateKey: Uint8Array, classified: ClassifiedOutputScript): boolean {
  if (classified.type === 'p2wpkh') return equalBytes(crypto.hash160(compressedPublicKey(privateKey)), classified.payload);
  if (classified.type === 'p2tr') return equalBytes(taprootKeyPathKey(privateKey).outputKey, classified.payload);
  return false;
}
