// Output-script templates written out byte by byte, so the address code needs no transaction library
// (it loads on the plugin's synchronous path).
import { concatBytes } from '@noble/hashes/utils';

const OP_0 = 0x00;
const OP_PUSHDATA1 = 0x4c;
const OP_PUSHDATA2 = 0x4d;
const OP_PUSHDATA4 = 0x4e;
const OP_1NEGATE = 0x4f;
const OP_1 = 0x51;
const OP_16 = 0x60;
const OP_RETURN = 0x6a;
const OP_DUP = 0x76;
const OP_EQUAL = 0x87;
const OP_EQUALVERIFY = 0x88;
const OP_HASH160 = 0xa9;
const OP_CHECKSIG = 0xac;

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
  if (script[0] === OP_RETURN) return { type: 'op_return', payload: script.slice(1) };
  if (script.length === 25 && script[0] === OP_DUP && script[1] === OP_HASH160 && script[2] === 20 && script[23] === OP_EQUALVERIFY && script[24] === OP_CHECKSIG)
    return { type: 'p2pkh', payload: script.slice(3, 23) };
  if (script.length === 23 && script[0] === OP_HASH160 && script[1] === 20 && script[22] === OP_EQUAL) return { type: 'p2sh', payload: script.slice(2, 22) };
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

/** Output script of a witness program: `OP_n` (version 0–16) then one minimal push of the program. */
export function witnessProgramScript(witnessVersion: number, program: Uint8Array): Uint8Array {
  if (!Number.isInteger(witnessVersion) || witnessVersion < 0 || witnessVersion > 16) throw new TypeError(`Invalid witness version ${witnessVersion} (0–16 allowed)`);
  return concatBytes(Uint8Array.of(witnessVersion === 0 ? OP_0 : OP_1 + witnessVersion - 1), minimalPush(program));
}

/** P2PKH output script of a 20-byte key hash (also the BIP-143 script code of P2WPKH). */
export function p2pkhScript(hash: Uint8Array): Uint8Array {
  return concatBytes(Uint8Array.of(OP_DUP, OP_HASH160, 20), hash160Of(hash), Uint8Array.of(OP_EQUALVERIFY, OP_CHECKSIG));
}

/** P2SH output script of a 20-byte script hash. */
export function p2shScript(hash: Uint8Array): Uint8Array {
  return concatBytes(Uint8Array.of(OP_HASH160, 20), hash160Of(hash), Uint8Array.of(OP_EQUAL));
}

function hash160Of(hash: Uint8Array): Uint8Array {
  if (!(hash instanceof Uint8Array) || hash.length !== 20) throw new TypeError(`Expected a 20-byte hash, got ${hash instanceof Uint8Array ? `${hash.length} bytes` : typeof hash}`);
  return hash;
}

/** BIP-62 minimal push of data (OP_0 / OP_1..OP_16 / OP_1NEGATE for those values, else the shortest push opcode). */
function minimalPush(data: Uint8Array): Uint8Array {
  if (data.length === 0) return Uint8Array.of(OP_0);
  if (data.length === 1 && data[0]! >= 1 && data[0]! <= 16) return Uint8Array.of(OP_1 + data[0]! - 1);
  if (data.length === 1 && data[0] === 0x81) return Uint8Array.of(OP_1NEGATE);
  const n = data.length;
  const prefix =
    n < OP_PUSHDATA1 ? [n] : n <= 0xff ? [OP_PUSHDATA1, n] : n <= 0xffff ? [OP_PUSHDATA2, n & 0xff, n >>> 8] : [OP_PUSHDATA4, n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, n >>> 24];
  return concatBytes(Uint8Array.from(prefix), data);
}

function witnessVersionOf(opcode: number): number | undefined {
  if (opcode === OP_0) return 0;
  if (opcode >= OP_1 && opcode <= OP_16) return opcode - OP_1 + 1;
  return undefined;
}
