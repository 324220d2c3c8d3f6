import { crypto, payments, Psbt, Transaction, type Signer } from 'bitcoinjs-lib';
import { describe, expect, it } from 'vitest';
import { ensureBitcoinEcc } from './ecc';
import type { Prevout } from './inputSignatures';
import { networkParamsOf } from './bitcoinjsNetworks';
import { ECPair, signTaprootKeyPathInput } from '../testing/signers';
import { InvalidInputSignatureError, verifyTransactionInputs } from './verifyInputs';

ensureBitcoinEcc();
const network = networkParamsOf('regtest');

/** A previous transaction paying each script, so P2PKH inputs can carry their nonWitnessUtxo. */
function previousTransaction(outputs: Prevout[]): Transaction {
  const tx = new Transaction();
  tx.addInput(crypto.sha256(Uint8Array.of(outputs.length, Math.floor(Math.random() * 256))), 0);
  for (const { script, value } of outputs) tx.addOutput(script, value);
  return tx;
}

function taprootSigner(key: ReturnType<typeof ECPair.makeRandom>): Signer {
  const internal = key.publicKey.subarray(1, 33);
  return key.tweak(crypto.taggedHash('TapTweak', internal));
}

function fixture() {
  const wpkhKey = ECPair.makeRandom({ network });
  const trKey = ECPair.makeRandom({ network });
  const pkhKey = ECPair.makeRandom({ network });
  const wpkh = payments.p2wpkh({ pubkey: wpkhKey.publicKey, network });
  const tr = payments.p2tr({ internalPubkey: trKey.publicKey.subarray(1, 33), network });
  const pkh = payments.p2pkh({ pubkey: pkhKey.publicKey, network });
  const prevouts: Prevout[] = [
    { script: wpkh.output!, value: 50_000n },
    { script: tr.output!, value: 60_000n },
    { script: pkh.output!, value: 70_000n },
  ];
  const previous = previousTransaction(prevouts);
  const psbt = new Psbt({ network });
  psbt.addInput({ hash: previous.getId(), index: 0, witnessUtxo: prevouts[0]! });
  psbt.addInput({ hash: previous.getId(), index: 1, witnessUtxo: prevouts[1]!, tapInternalKey: trKey.publicKey.subarray(1, 33) });
  psbt.addInput({ hash: previous.getId(), index: 2, nonWitnessUtxo: previous.toBuffer() });
  psbt.addOutput({ address: wpkh.address!, value: 170_000n });
  return { psbt, prevouts, wpkhKey, trKey, pkhKey };
}

function signedMixedTransaction() {
  const f = fixture();
  f.psbt.signInput(0, f.wpkhKey);
  f.psbt.signInput(1, taprootSigner(f.trKey));
  f.psbt.signInput(2, f.pkhKey);
  f.psbt.finalizeAllInputs();
  return { tx: f.psbt.extractTransaction(), prevouts: f.prevouts };
}

function errorOf(run: () => void): InvalidInputSignatureError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidInputSignatureError);
    return error as InvalidInputSignatureError;
  }
  throw new Error('verification passed');
}

describe('verifyTransactionInputs', () => {
  it('accepts a P2SH-P2WPKH (nested segwit) input signed by bitcoinjs-lib, and refuses one whose redeem script is not the P2SH hash', () => {
    const key = ECPair.makeRandom({ network });
    const redeem = payments.p2wpkh({ pubkey: key.publicKey, network });
    const nested = payments.p2sh({ redeem, network });
    const prevouts: Prevout[] = [{ script: nested.output!, value: 40_000n }];
    const previous = previousTransaction(prevouts);
    const psbt = new Psbt({ network });
    psbt.addInput({ hash: previous.getId(), index: 0, witnessUtxo: prevouts[0]!, redeemScript: redeem.output! });
    psbt.addOutput({ address: redeem.address!, value: 39_000n });
    psbt.signInput(0, key);
    psbt.finalizeAllInputs();
    const tx = psbt.extractTransaction();
    expect(() => verifyTransactionInputs(tx, prevouts)).not.toThrow();
    const otherNested = payments.p2sh({ redeem: payments.p2wpkh({ pubkey: ECPair.makeRandom({ network }).publicKey, network }), network });
    expect(errorOf(() => verifyTransactionInputs(tx, [{ script: otherNested.output!, value: 40_000n }])).message).toMatch(/redeem script does not match the P2SH hash/);
  });

  it('accepts P2WPKH, P2TR key-path and P2PKH inputs signed by bitcoinjs-lib', () => {
    const { tx, prevouts } = signedMixedTransaction();
    expect(() => verifyTransactionInputs(tx, prevouts)).not.toThrow();
  });

  it('names the input whose signature was tampered with', () => {
    for (const index of [0, 1, 2]) {
      const { tx, prevouts } = signedMixedTransaction();
      const input = tx.ins[index]!;
      if (input.witness.length > 0) input.witness[0]![8]! ^= 0x01;
      else input.script[10]! ^= 0x01;
      const error = errorOf(() => verifyTransactionInputs(tx, prevouts));
      expect(error.inputIndex).toBe(index);
      expect(error.message).toMatch(new RegExp(`^Input ${index}: `));
    }
  });

  it('fails when a prevout amount differs from the one signed (BIP-143 and BIP-341 commit to it)', () => {
    for (const index of [0, 1]) {
      const { tx, prevouts } = signedMixedTransaction();
      const changed = prevouts.map((p, i) => (i === index ? { ...p, value: p.value + 1n } : p));
      expect(errorOf(() => verifyTransactionInputs(tx, changed)).inputIndex).toBe(index);
    }
  });

  it('fails when an output is changed after signing', () => {
    const { tx, prevouts } = signedMixedTransaction();
    tx.outs[0]!.value -= 1n;
    expect(errorOf(() => verifyTransactionInputs(tx, prevouts)).inputIndex).toBe(0);
  });

  it('checks Taproot signatures with an explicit SIGHASH_ALL byte, and rejects an explicit 0x00', () => {
    const key = ECPair.makeRandom();
    const tr = payments.p2tr({ internalPubkey: key.publicKey.subarray(1, 33), network });
    const prevouts: Prevout[] = [{ script: tr.output!, value: 10_000n }];
    const tx = new Transaction();
    tx.addInput(new Uint8Array(32).fill(7), 0);
    tx.addOutput(tr.output!, 9_000n);
    const witness = signTaprootKeyPathInput(tx, 0, prevouts, key.privateKey!, Transaction.SIGHASH_ALL);
    expect(witness[0]).toHaveLength(65);
    tx.setWitness(0, witness);
    expect(() => verifyTransactionInputs(tx, prevouts)).not.toThrow();
    tx.setWitness(0, [Uint8Array.of(...witness[0]!.subarray(0, 64), 0x00)]);
    expect(errorOf(() => verifyTransactionInputs(tx, prevouts)).reason).toMatch(/invalid Taproot sighash type 0x0/);
  });

  it('reports missing witnesses, wrong keys and unsupported script types', () => {
    const f = fixture();
    f.psbt.signInput(0, f.wpkhKey);
    f.psbt.finalizeInput(0);
    const unsigned = f.psbt.data.globalMap.unsignedTx.toBuffer();
    const tx = Transaction.fromBuffer(unsigned);
    expect(errorOf(() => verifyTransactionInputs(tx, f.prevouts)).reason).toMatch(/witness holds a signature and a public key, not 0 items/);

    const wrongKey = ECPair.makeRandom();
    tx.setWitness(0, [new Uint8Array(72), wrongKey.publicKey]);
    expect(errorOf(() => verifyTransactionInputs(tx, f.prevouts)).reason).toMatch(/does not match the P2WPKH program/);

    const p2wsh = payments.p2wsh({ redeem: { output: Uint8Array.of(0x51) } }).output!;
    const unsupported = errorOf(() => verifyTransactionInputs(tx, [{ script: p2wsh, value: 1n }, ...f.prevouts.slice(1)]));
    expect(unsupported.inputIndex).toBe(0);
    expect(unsupported.reason).toMatch(/unsupported script type \(p2wsh\)/);
    expect(errorOf(() => verifyTransactionInputs(tx, f.prevouts.slice(0, 2))).reason).toMatch(/expected 3 prevouts, got 2/);
  });
});
