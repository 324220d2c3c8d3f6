import type { DecodeContext } from '@portico/core';
import { cleanText } from './approvalFormat';
import type { TransactionView } from './describeInstructions';
import { isWritable } from './parseSolanaTransaction';
import { accountOf, tokenAccountOf } from './solanaAccounts';

/** What a simulation predicts, before formatting: the signer's net change per asset (`''` for SOL, else the mint), in base units. */
export type SimulationOutcome = { readonly status: 'ok'; readonly deltas: ReadonlyMap<string, bigint> } | { readonly status: 'revert'; readonly reason: string } | { readonly status: 'unavailable' };

const UNAVAILABLE = { status: 'unavailable' } as const;
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** Log lines that say nothing of why a transaction failed. */
const NOISE = /^(Program \S+ (invoke \[\d+\]|success|consumed \d+ of \d+ compute units)|Program (return|data): .*|Program log: Instruction: .*)$/;
const FAILED = /^Program \S+ failed: /;

/** The node's reason: the last log line that says something (a program's own message before its generic failure), else the error itself. */
export function revertReason(err: unknown, logs: unknown): string {
  const lines = Array.isArray(logs) ? logs.filter((l): l is string => typeof l === 'string') : [];
  let failure: string | undefined;
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]!;
    if (NOISE.test(line)) continue;
    if (FAILED.test(line)) {
      failure ??= line.replace(FAILED, '');
      continue;
    }
    return cleanText(line.replace(/^Program log: /, ''), 200);
  }
  return cleanText(failure ?? (typeof err === 'string' ? err : JSON.stringify(err)), 200);
}

/**
 * Runs the transaction on the node's current state (`simulateTransaction`: no signature check,
 * the blockhash replaced) and compares the signer and its token accounts — writable ones it owns
 * now or that do not exist yet — after it with what was read before: the SOL it loses (the fee
 * included, as the node charges it) or gains, and each mint's amount. A failure is a revert with
 * the node's reason; a node that cannot simulate, or answers without the accounts, is unavailable.
 */
export async function simulateSolanaTransaction(ctx: DecodeContext, view: TransactionView, wire: string): Promise<SimulationOutcome> {
  const { tx, keys, signer, accounts } = view;
  const own = keys.filter((k, i): k is string => !!k && k !== signer && isWritable(tx, i) && (accounts.get(k) === null || tokenAccountOf(accounts.get(k))?.owner === signer));
  const watched = [signer, ...new Set(own)].slice(0, 100);
  let value: Record<string, unknown> | undefined;
  try {
    const reply = await ctx.read('simulateTransaction', [
      wire,
      { encoding: 'base64', sigVerify: false, replaceRecentBlockhash: true, commitment: 'confirmed', accounts: { encoding: 'base64', addresses: watched } },
    ]);
    value = isRecord(reply) && isRecord(reply['value']) ? reply['value'] : undefined;
  } catch {
    return UNAVAILABLE;
  }
  if (!value) return UNAVAILABLE;
  if (value['err'] !== null && value['err'] !== undefined) return { status: 'revert', reason: revertReason(value['err'], value['logs']) };
  const post = Array.isArray(value['accounts']) ? value['accounts'].map(accountOf) : undefined;
  if (!post || post.length !== watched.length || post.some((a) => a === undefined) || watched.some((a) => !accounts.has(a))) return UNAVAILABLE;
  const deltas = new Map<string, bigint>();
  const add = (asset: string, amount: bigint) => deltas.set(asset, (deltas.get(asset) ?? 0n) + amount);
  add('', (post[0]?.lamports ?? 0n) - (accounts.get(signer)?.lamports ?? 0n));
  watched.forEach((address, i) => {
    if (i === 0) return;
    const before = tokenAccountOf(accounts.get(address));
    const after = tokenAccountOf(post[i]);
    if (before?.owner === signer) add(before.mint, -before.amount);
    if (after?.owner === signer) add(after.mint, after.amount);
  });
  for (const [asset, amount] of deltas) if (amount === 0n) deltas.delete(asset);
  return { status: 'ok', deltas };
}
