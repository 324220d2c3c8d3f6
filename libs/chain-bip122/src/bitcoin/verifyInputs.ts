import { PorticoError } from '@portico/kernel';
import type { Transaction } from 'bitcoinjs-lib';
import { inputSignatureProblem, type Prevout } from './inputSignatures';

/** Input `inputIndex` of a transaction is not validly signed for the output it spends; `reason` says how. */
export class InvalidInputSignatureError extends PorticoError {
  override name = 'InvalidInputSignatureError';
  readonly inputIndex: number;
  readonly reason: string;
  constructor(inputIndex: number, reason: string) {
    super(`Input ${inputIndex}: ${reason}`, { code: 'bip122/invalid-input-signature' });
    this.inputIndex = inputIndex;
    this.reason = reason;
  }
}

/**
 * Checks every input's signature against its prevout (`prevouts[i]` for `tx.ins[i]`): P2WPKH
 * (BIP-143 ECDSA), P2TR key path (BIP-341 Schnorr, default or explicit sighash) and P2PKH (legacy
 * sighash). Throws InvalidInputSignatureError for the first bad input, including unsupported script types.
 */
export function verifyTransactionInputs(tx: Transaction, prevouts: readonly Prevout[]): void {
  if (prevouts.length !== tx.ins.length) throw new InvalidInputSignatureError(Math.min(prevouts.length, tx.ins.length), `expected ${tx.ins.length} prevouts, got ${prevouts.length}`);
  tx.ins.forEach((_, index) => {
    const problem = inputSignatureProblem(tx, index, prevouts);
    if (problem !== undefined) throw new InvalidInputSignatureError(index, problem);
  });
}
