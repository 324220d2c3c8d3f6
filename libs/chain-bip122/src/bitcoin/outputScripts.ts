import { opcodes, payments, script as bscript } from 'bitcoinjs-lib';

/** What an output script pays to; the address types plus the scripts no address can express. */
export type OutputScriptType =
  | 'p2pkh'
  | 'p2sh'
  | 'p2wpkh'
  | 'p2wsh'
  | 'p2tr'
  | 'witness-unknown'
  | 'op_return'
  | 'empty'
  | 'nonstandard';

/** An output script's type with its hash or witness program (`payload`), and the witness version if any. */
export interface ClassifiedOutputScript {
  type: OutputScriptType;
  payload: Uint8Array;
  witnessVersion?: number;
}

/** Classifies an output script by its exact template (BIP-141 witness programs: version 0–16, 2–40 bytes). */
export function classifyOutputScript(script: Uint8Array): ClassifiedOutputScript {
  const empty = new Uint8Array(0);
  if (script.length === 0) return { type: 'empty', payload: empty };
  if (script[0] === opcodes.OP_RETURN) return { type: 'op_return', payload: script.slice(1) };
  if (script.length === 25 && script[0] === opcodes.OP_DUP && script[1] === opcodes.OP_HASH160 && script[2] === 20 && script[23] === opcodes.OP_EQUALVERIFY && script[24] === opcodes.OP_CHECKSIG)
    return { type: 'p2pkh', payload: script.slice(3, 23) };
  if (script.length === 23 && script[0] === opcodes.OP_HASH160 && script[1] === 20 && script[22] === opcodes.OP_EQUAL)
    return { type: 'p2sh', payload: script.slice(2, 22) };
  const witnessVersion = witnessVersionOf(script[0]!);
  const programLength = script[1]!;
  if (witnessVersion !== undefined && script.length === programLength + 2 && programLength >= 2 && programLength <= 40) {
    const payload = script.slice(2);
    if (witnessVersion === 0 && programLength === 20) return { type: 'p2wpkh', payload, witnessVersion };
    if (witnessVersion === 0 && programLength === 32) return { type: 'p2wsh', payload, witnessVersion };
    if (witnessVersion === 0) return { type: 'nonstandard', payload: empty };
    if (witnessVersion === 1 && programLength === 32) return { type: 'p2tr', payload, witnessVersion };
    return { type: 'witness-unknown', payload, witnessVersion };
  }
  return { type: 'nonstandard', payload: empty };
}

/** Output script of a witness program: `OP_n` then one push of the program. */
export function witnessProgramScript(witnessVersion: number, program: Uint8Array): Uint8Array {
  return bscript.compile([witnessVersion === 0 ? opcodes.OP_0 : opcodes.OP_1 + witnessVersion - 1, program]);
}

/** P2PKH output script of a 20-byte key hash (also the BIP-143 script code of P2WPKH). */
export function p2pkhScript(hash: Uint8Array): Uint8Array {
  return payments.p2pkh({ hash }).output!;
}

/** P2SH output script of a 20-byte script hash. */
export function p2shScript(hash: Uint8Array): Uint8Array {
  return payments.p2sh({ hash }).output!;
}

function witnessVersionOf(opcode: number): number | undefined {
  if (opcode === opcodes.OP_0) return 0;
  if (opcode >= opcodes.OP_1 && opcode <= opcodes.OP_16) return opcode - opcodes.OP_1 + 1;
  return undefined;
}
