import { hex } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { scriptAsm } from './scriptAsm';

const h20 = '11'.repeat(20);
const key = `02${'22'.repeat(32)}`;

describe('scriptAsm (the asm of Esplora’s answers, as electrs writes it with rust-bitcoin)', () => {
  it('writes standard scripts with rust-bitcoin’s names: sized pushes, PUSHNUM, CLTV/CSV', () => {
    expect(scriptAsm(hex.decode(`76a914${h20}88ac`))).toBe(`OP_DUP OP_HASH160 OP_PUSHBYTES_20 ${h20} OP_EQUALVERIFY OP_CHECKSIG`);
    expect(scriptAsm(hex.decode(`a914${h20}87`))).toBe(`OP_HASH160 OP_PUSHBYTES_20 ${h20} OP_EQUAL`);
    expect(scriptAsm(hex.decode(`0014${h20}`))).toBe(`OP_0 OP_PUSHBYTES_20 ${h20}`);
    expect(scriptAsm(hex.decode(`5221${key}21${key}52ae`))).toBe(`OP_PUSHNUM_2 OP_PUSHBYTES_33 ${key} OP_PUSHBYTES_33 ${key} OP_PUSHNUM_2 OP_CHECKMULTISIG`);
    expect(scriptAsm(hex.decode('0340420fb175'))).toBe('OP_PUSHBYTES_3 40420f OP_CLTV OP_DROP');
    expect(scriptAsm(hex.decode('4fb2ba'))).toBe('OP_PUSHNUM_NEG1 OP_CSV OP_CHECKSIGADD');
    expect(scriptAsm(hex.decode('6a'))).toBe('OP_RETURN');
    expect(scriptAsm(hex.decode('bbfeff'))).toBe('OP_RETURN_187 OP_RETURN_254 OP_INVALIDOPCODE');
    expect(scriptAsm(new Uint8Array())).toBe('');
  });

  it('writes PUSHDATA pushes with their data, and a script that ends early as rust-bitcoin does', () => {
    expect(scriptAsm(hex.decode(`6a4c50${'ab'.repeat(80)}`))).toBe(`OP_RETURN OP_PUSHDATA1 ${'ab'.repeat(80)}`);
    expect(scriptAsm(hex.decode(`4d0001${'cd'.repeat(256)}`))).toBe(`OP_PUSHDATA2 ${'cd'.repeat(256)}`);
    expect(scriptAsm(hex.decode('4c00'))).toBe('OP_PUSHDATA1');
    expect(scriptAsm(hex.decode('0511'))).toBe('OP_PUSHBYTES_5 <push past end>');
    expect(scriptAsm(hex.decode('764d01'))).toBe('OP_DUP<unexpected end>');
  });
});
