// Signers for tests and the test wallet only: the plugin verifies signatures, it never signs.
import * as ecc from '@bitcoinerlab/secp256k1';
import { concatBytes } from '@noble/hashes/utils';
import { base64 } from '@scure/base';
import { ECPairFactory } from 'ecpair';
import { crypto, script as bscript, Transaction } from 'bitcoinjs-lib';
import { PorticoError } from '@portico/kernel';
import { parseBitcoinAddress } from '../bitcoin/addresses';
import { buildBip322Transactions } from '../bitcoin/bip322';
import { equalBytes, serializeWitness } from '../bitcoin/bytes';
import type { Prevout } from '../bitcoin/inputSignatures';
import { legacyMessageHash } from '../bitcoin/legacyMessage';
import { classifyOutputScript, p2pkhScript, type ClassifiedOutputScript } from '../bitcoin/outputScripts';

/** A test signer was asked for something it cannot sign (wrong key, unsupported address type). */
export class BitcoinMessageSigningError extends PorticoError {
  override name = 'BitcoinMessageSigningError';
  constructor(reason: string) {
    super(`Cannot sign the message: ${reason}`, { code: 'bip122/message-signing-failed' });
  }
}

/** Key pairs over the pure-JS curve (`@bitcoinerlab/secp256k1`, which also runs in a browser bundle). */
export const ECPair = ECPairFactory(ecc);

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
function keyControlsScript(privateKey: Uint8Array, classified: ClassifiedOutputScript): boolean {
  if (classified.type === 'p2wpkh') return equalBytes(crypto.hash160(compressedPublicKey(privateKey)), classified.payload);
  if (classified.type === 'p2tr') return equalBytes(taprootKeyPathKey(privateKey).outputKey, classified.payload);
  return false;
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
  return base64.encode(serializeWitness(witness));
}

/** Address kinds a legacy (BIP-137) signature header can name. */
export type LegacySignatureAddressType = 'p2pkh' | 'p2sh-p2wpkh' | 'p2wpkh';

/** First header byte of each BIP-137 range; P2PKH with an uncompressed key starts at 27. */
const HEADER_BASE: Record<LegacySignatureAddressType, number> = { p2pkh: 31, 'p2sh-p2wpkh': 35, p2wpkh: 39 };

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
  return base64.encode(concatBytes(Uint8Array.of(header), signature));
}
