import { hex } from '@scure/base';
import { opcodes } from 'bitcoinjs-lib';

const BITCOINJS_NAMES: ReadonlyMap<number, string> = new Map(Object.entries(opcodes).flatMap(([name, code]) => (typeof code === 'number' ? [[code, name] as const] : [])));

/** An opcode's name as rust-bitcoin writes it (which is where it differs from bitcoinjs-lib's). */
function opcodeName(code: number): string {
  if (code === 0x00) return 'OP_0';
  if (code <= 0x4b) return `OP_PUSHBYTES_${code}`;
  if (code === 0x4f) return 'OP_PUSHNUM_NEG1';
  if (code >= 0x51 && code <= 0x60) return `OP_PUSHNUM_${code - 0x50}`;
  if (code === 0xb1) return 'OP_CLTV';
  if (code === 0xb2) return 'OP_CSV';
  if (code > 0xba && code < 0xff) return `OP_RETURN_${code}`;
  return BITCOINJS_NAMES.get(code) ?? `OP_RETURN_${code}`;
}

/**
 * A script as Esplora's `scriptpubkey_asm` / `scriptsig_asm` write it (electrs formats scripts
 * with rust-bitcoin): each opcode by name, a push as `OP_PUSHBYTES_<n>` (or `OP_PUSHDATA1/2/4`)
 * followed by its data in hex, e.g. `OP_0 OP_PUSHBYTES_20 751e…`; an empty script is "".
 */
export function scriptAsm(script: Uint8Array): string {
  const words: string[] = [];
  for (let at = 0; at < script.length; ) {
    const code = script[at++]!;
    let size = code <= 0x4b ? code : 0;
    if (code >= 0x4c && code <= 0x4e) {
      const width = code === 0x4c ? 1 : code === 0x4d ? 2 : 4;
      if (at + width > script.length) return `${words.join(' ')}<unexpected end>`;
      size = script.subarray(at, at + width).reduceRight((n, byte) => n * 256 + byte, 0);
      at += width;
    }
    words.push(opcodeName(code));
    if (size === 0) continue;
    if (at + size > script.length) return `${words.join(' ')} <push past end>`;
    words.push(hex.encode(script.subarray(at, at + size)));
    at += size;
  }
  return words.join(' ');
}
