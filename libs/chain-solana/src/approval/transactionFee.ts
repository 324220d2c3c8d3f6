import type { DecodeContext } from '@portico/core';
import { base64 } from '@scure/base';
import type { SolanaTransaction } from './parseSolanaTransaction';

const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111';
const LAMPORTS_PER_SIGNATURE = 5_000n;
const DEFAULT_UNITS_PER_INSTRUCTION = 200_000n;
const MAX_UNITS = 1_400_000n;

const uint = (data: Uint8Array, from: number, bytes: number) => data.subarray(from, from + bytes).reduceRight((value, byte) => (value << 8n) | BigInt(byte), 0n);

/** The fee by the cluster's rule, for when the node cannot quote it: 5,000 lamports a signature plus the compute-unit price times the limit. */
export function estimateFee(tx: SolanaTransaction): bigint {
  let price = 0n;
  let limit: bigint | undefined;
  for (const ix of tx.instructions) {
    if (tx.staticKeys[ix.programIndex] !== COMPUTE_BUDGET_PROGRAM) continue;
    if (ix.data[0] === 2 && ix.data.length === 5) limit = uint(ix.data, 1, 4);
    if (ix.data[0] === 3 && ix.data.length === 9) price = uint(ix.data, 1, 8);
  }
  const units = limit ?? DEFAULT_UNITS_PER_INSTRUCTION * BigInt(tx.instructions.length);
  return BigInt(tx.signers) * LAMPORTS_PER_SIGNATURE + (price * (units < MAX_UNITS ? units : MAX_UNITS) + 999_999n) / 1_000_000n;
}

/** The network fee of a transaction: the node's quote (`getFeeForMessage`), else the cluster's rule (a blockhash the node no longer knows). */
export async function transactionFee(ctx: DecodeContext, tx: SolanaTransaction): Promise<bigint> {
  const quoted = await ctx.read('getFeeForMessage', [base64.encode(tx.message), { commitment: 'confirmed' }]).catch(() => undefined);
  const value = (quoted as { value?: unknown } | undefined)?.value;
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? BigInt(value) : estimateFee(tx);
}
