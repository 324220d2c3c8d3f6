import { crypto, script as bscript, Transaction } from 'bitcoinjs-lib';
import { equalBytes } from './bytes';
import { ecc } from './ecc';
import { classifyOutputScript, p2pkhScript } from './outputScripts';

/** The output an input spends: its script and amount in satoshis. */
export interface Prevout {
  script: Uint8Array;
  value: bigint;
}

/** Limits on the sighash types accepted (BIP-322 allows only SIGHASH_ALL, and DEFAULT for Taproot). */
export interface InputCheckOptions {
  allowedHashTypes?: readonly number[];
}

const TAPROOT_HASH_TYPES: readonly number[] = [0x01, 0x02, 0x03, 0x81, 0x82, 0x83];
const ANNEX_TAG = 0x50;

/**
 * Why input `index` of `tx` does not carry a valid signature for its prevout, or undefined when it
 * does. Covers P2WPKH and P2SH-P2WPKH (BIP-143, ECDSA), P2TR key path (BIP-341, Schnorr) and P2PKH (legacy sighash);
 * `prevouts` lists every input's prevout, as the Taproot sighash commits to all of them.
 */
export function inputSignatureProblem(tx: Transaction, index: number, prevouts: readonly Prevout[], options: InputCheckOptions = {}): string | undefined {
  const prevout = prevouts[index];
  if (tx.ins[index] === undefined || prevout === undefined) return 'the input or its prevout is missing';
  const { type, payload } = classifyOutputScript(prevout.script);
  try {
    if (type === 'p2wpkh') return p2wpkhProblem(tx, index, payload, prevout.value, options);
    if (type === 'p2tr') return taprootKeyPathProblem(tx, index, payload, prevouts, options);
    if (type === 'p2pkh') return p2pkhProblem(tx, index, prevout.script, payload, options);
    if (type === 'p2sh') return p2shP2wpkhProblem(tx, index, payload, prevout.value, options);
  } catch (error) {
    return `the signature could not be checked (${error instanceof Error ? error.message : String(error)})`;
  }
  return `unsupported script type (${type})`;
}

function p2wpkhProblem(tx: Transaction, index: number, program: Uint8Array, value: bigint, options: InputCheckOptions, nested = false): string | undefined {
  const input = tx.ins[index]!;
  if (!nested && input.script.length > 0) return 'a P2WPKH input must have an empty scriptSig';
  if (input.witness.length !== 2) return `a P2WPKH witness holds a signature and a public key, not ${input.witness.length} items`;
  const [encodedSignature, publicKey] = input.witness as [Uint8Array, Uint8Array];
  if (publicKey.length !== 33 || !ecc.isPoint(publicKey)) return 'P2WPKH needs a valid compressed public key';
  if (!equalBytes(crypto.hash160(publicKey), program)) return 'the public key does not match the P2WPKH program';
  const decoded = decodeEcdsaSignature(encodedSignature, options);
  if (typeof decoded === 'string') return decoded;
  const hash = tx.hashForWitnessV0(index, p2pkhScript(program), value, decoded.hashType);
  return ecc.verify(hash, publicKey, decoded.signature, true) ? undefined : 'the ECDSA signature does not verify';
}

/** P2SH-wrapped P2WPKH ("nested segwit", `3…` addresses): the scriptSig pushes only the redeem script `OP_0 <keyhash>`. */
function p2shP2wpkhProblem(tx: Transaction, index: number, scriptHash: Uint8Array, value: bigint, options: InputCheckOptions): string | undefined {
  const chunks = bscript.decompile(tx.ins[index]!.script);
  const redeem = chunks?.length === 1 && chunks[0] instanceof Uint8Array ? chunks[0] : undefined;
  if (!redeem) return 'a P2SH input pushes exactly its redeem script';
  if (!equalBytes(crypto.hash160(redeem), scriptHash)) return 'the redeem script does not match the P2SH hash';
  const inner = classifyOutputScript(redeem);
  if (inner.type !== 'p2wpkh') return `only P2SH-wrapped P2WPKH is supported, not a ${inner.type} redeem script`;
  return p2wpkhProblem(tx, index, inner.payload, value, options, true);
}

function p2pkhProblem(tx: Transaction, index: number, prevoutScript: Uint8Array, hash160: Uint8Array, options: InputCheckOptions): string | undefined {
  const input = tx.ins[index]!;
  if (input.witness.length > 0) return 'a P2PKH input must not carry a witness';
  const chunks = bscript.decompile(input.script);
  if (chunks?.length !== 2 || !(chunks[0] instanceof Uint8Array) || !(chunks[1] instanceof Uint8Array))
    return 'a P2PKH scriptSig pushes a signature and a public key';
  const [encodedSignature, publicKey] = chunks as [Uint8Array, Uint8Array];
  if ((publicKey.length !== 33 && publicKey.length !== 65) || !ecc.isPoint(publicKey)) return 'the P2PKH public key is not a valid point';
  if (!equalBytes(crypto.hash160(publicKey), hash160)) return 'the public key does not match the P2PKH hash';
  const decoded = decodeEcdsaSignature(encodedSignature, options);
  if (typeof decoded === 'string') return decoded;
  const hash = tx.hashForSignature(index, prevoutScript, decoded.hashType);
  return ecc.verify(hash, publicKey, decoded.signature, true) ? undefined : 'the ECDSA signature does not verify';
}

function taprootKeyPathProblem(tx: Transaction, index: number, outputKey: Uint8Array, prevouts: readonly Prevout[], options: InputCheckOptions): string | undefined {
  const input = tx.ins[index]!;
  if (input.script.length > 0) return 'a P2TR input must have an empty scriptSig';
  if (prevouts.length !== tx.ins.length) return 'a Taproot signature commits to every prevout, and some are missing';
  const hasAnnex = input.witness.length >= 2 && input.witness[input.witness.length - 1]![0] === ANNEX_TAG;
  const annex = hasAnnex ? input.witness[input.witness.length - 1] : undefined;
  const stack = hasAnnex ? input.witness.slice(0, -1) : input.witness;
  if (stack.length === 0) return 'the P2TR witness is empty';
  if (stack.length > 1) return 'Taproot script-path spends are not supported';
  const signature = stack[0]!;
  if (signature.length !== 64 && signature.length !== 65) return `a Schnorr signature has 64 or 65 bytes, not ${signature.length}`;
  const hashType = signature.length === 64 ? Transaction.SIGHASH_DEFAULT : signature[64]!;
  if (signature.length === 65 && !TAPROOT_HASH_TYPES.includes(hashType)) return `invalid Taproot sighash type 0x${hashType.toString(16)}`;
  if (options.allowedHashTypes && !options.allowedHashTypes.includes(hashType)) return `sighash type 0x${hashType.toString(16)} is not allowed here`;
  if ((hashType & 0x03) === Transaction.SIGHASH_SINGLE && index >= tx.outs.length) return 'SIGHASH_SINGLE without a matching output';
  if (!ecc.isXOnlyPoint(outputKey)) return 'the Taproot output key is not a valid point';
  const hash = tx.hashForWitnessV1(index, prevouts.map((p) => p.script), prevouts.map((p) => p.value), hashType, undefined, annex);
  return ecc.verifySchnorr(hash, outputKey, signature.subarray(0, 64)) ? undefined : 'the Schnorr signature does not verify';
}

function decodeEcdsaSignature(encoded: Uint8Array, options: InputCheckOptions): { signature: Uint8Array; hashType: number } | string {
  let decoded: { signature: Uint8Array; hashType: number };
  try {
    decoded = bscript.signature.decode(encoded);
  } catch (error) {
    return `the signature is not strict DER with a valid sighash type (${error instanceof Error ? error.message : String(error)})`;
  }
  if (options.allowedHashTypes && !options.allowedHashTypes.includes(decoded.hashType)) return `sighash type 0x${decoded.hashType.toString(16)} is not allowed here`;
  return decoded;
}
