import { formatAmount, truncateAddress, type ApprovalChange, type ApprovalDecoder, type ApprovalSimulation, type ApprovalText, type DecodeContext, type DecodedApproval } from '@portico/core';
import { base64 } from '@scure/base';
import { isSolanaAddress } from '../addresses';
import { describeInstructions, type Described, type TransactionView } from './describeInstructions';
import { createMintInfo } from './mintInfo';
import { isWritable, MAX_TRANSACTION_BYTES, parseSolanaTransaction, type SolanaTransaction } from './parseSolanaTransaction';
import { simulateSolanaTransaction } from './simulateSolanaTransaction';
import { lookupTableOf, readAccounts } from './solanaAccounts';
import { transactionFee } from './transactionFee';

/** At most this many transactions of `solana_signAllTransactions` are read; a longer list is left to the generic reading. */
export const MAX_TRANSACTIONS = 8;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const MAX_BASE64_CHARS = Math.ceil(MAX_TRANSACTION_BYTES / 3) * 4;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The request's transactions, each as sent (base64) and parsed; `undefined` when one is not a transaction. */
function transactionsOf(request: { readonly method: string; readonly params?: unknown }): { wire: string; tx: SolanaTransaction }[] | undefined {
  const params = isRecord(request.params) ? request.params : undefined;
  if (!params) return undefined;
  const list = request.method === 'solana_signAllTransactions' ? params['transactions'] : request.method === 'solana_signTransaction' || request.method === 'solana_signAndSendTransaction' ? [params['transaction']] : undefined;
  if (!Array.isArray(list) || list.length === 0 || list.length > MAX_TRANSACTIONS) return undefined;
  const out: { wire: string; tx: SolanaTransaction }[] = [];
  for (const wire of list) {
    if (typeof wire !== 'string' || wire.length === 0 || wire.length > MAX_BASE64_CHARS || wire.length % 4 !== 0 || !BASE64.test(wire)) return undefined;
    let tx: SolanaTransaction | undefined;
    try {
      tx = parseSolanaTransaction(base64.decode(wire));
    } catch {
      return undefined;
    }
    if (!tx) return undefined;
    out.push({ wire, tx });
  }
  return out;
}

/** The transaction's accounts (lookup tables read through the RPC; what cannot be read stays unknown) and the writable ones' state before. */
async function viewOf(ctx: DecodeContext, tx: SolanaTransaction, signer: string): Promise<TransactionView> {
  let keys: (string | undefined)[] = [...tx.staticKeys];
  if (tx.lookups.length > 0) {
    const tables = await readAccounts(ctx.read, tx.lookups.map((l) => l.table), false).catch(() => new Map());
    const addresses = tx.lookups.map((l) => lookupTableOf(tables.get(l.table)));
    keys = [...keys, ...tx.lookups.flatMap((l, i) => l.writable.map((at) => addresses[i]?.[at])), ...tx.lookups.flatMap((l, i) => l.readonly.map((at) => addresses[i]?.[at]))];
  }
  const writable = keys.filter((k, i): k is string => !!k && isWritable(tx, i));
  const accounts = await readAccounts(ctx.read, [signer, ...writable], true).catch(() => new Map());
  return { tx, keys, signer, accounts };
}

/** One line per risk, however many instructions carry it. */
function unique(risks: readonly ApprovalText[]): ApprovalText[] {
  const seen = new Set<string>();
  return risks.filter((r) => {
    const key = `${r.key}|${JSON.stringify(r.vars ?? {})}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The Solana approval decoder (issue #37): reads `solana_signTransaction`,
 * `solana_signAndSendTransaction` and `solana_signAllTransactions` (up to 8) — legacy and v0
 * transactions, lookup tables resolved through the RPC — into sentences: SOL transfers, SPL Token
 * and Token-2022 transfers, allowances (unlimited: u64's maximum or above the supply), revocations,
 * authority changes and Assign, other programs by id. Risks first; then what `simulateTransaction`
 * predicts for the signer's SOL (fee included) and tokens; `blocked` when its SOL does not cover
 * what it sends and the fee. Tokens are named by their Metaplex symbol (else the shortened mint)
 * in their mint's decimals. Malformed input gives `undefined`, never an exception.
 */
export function createSolanaApprovalDecoder(): ApprovalDecoder {
  const mints = createMintInfo();

  async function changesOf(ctx: DecodeContext, deltas: ReadonlyMap<string, bigint>): Promise<ApprovalChange[]> {
    const native = ctx.network.nativeCurrency;
    const ordered = [...deltas].sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : 0));
    return Promise.all(
      ordered.map(async ([asset, delta]): Promise<ApprovalChange> => {
        const direction = delta < 0n ? 'out' : 'in';
        const amount = delta < 0n ? -delta : delta;
        if (asset === '') return { direction, amount: formatAmount(amount, native.decimals, ctx.locale), symbol: native.symbol };
        const info = await mints.of(ctx.read, ctx.network.caipNetworkId, asset);
        return { direction, amount: info.decimals === undefined ? amount.toString() : formatAmount(amount, info.decimals, ctx.locale), symbol: info.symbol ?? truncateAddress(asset), asset };
      }),
    );
  }

  return {
    async decode(request, ctx): Promise<DecodedApproval | undefined> {
      const transactions = transactionsOf(request);
      if (!transactions) return undefined;
      try {
        const signer = isSolanaAddress(ctx.account) ? ctx.account : transactions[0]!.tx.staticKeys[0]!;
        const out: Described = { actions: [], risks: [], solOut: 0n };
        const deltas = new Map<string, bigint>();
        let simulation: ApprovalSimulation | undefined;
        let fees = 0n;
        let balance: bigint | undefined;
        for (const [index, { wire, tx }] of transactions.entries()) {
          const view = await viewOf(ctx, tx, signer);
          if (index === 0 && view.accounts.has(signer)) balance = view.accounts.get(signer)?.lamports ?? 0n;
          const [, fee, outcome] = await Promise.all([describeInstructions(view, ctx, mints, out), tx.staticKeys[0] === signer ? transactionFee(ctx, tx) : 0n, simulateSolanaTransaction(ctx, view, wire)]);
          fees += fee;
          if (simulation) continue;
          // Each is simulated on today's state: a later one may fail only because it needs an earlier one to land first.
          if (outcome.status === 'revert') simulation = index === 0 ? outcome : { status: 'unavailable' };
          else if (outcome.status === 'unavailable') simulation = outcome;
          else for (const [asset, delta] of outcome.deltas) deltas.set(asset, (deltas.get(asset) ?? 0n) + delta);
        }
        const native = ctx.network.nativeCurrency;
        const needed = out.solOut + fees;
        const risks = [...out.risks];
        let blocked: ApprovalText | undefined;
        if (balance !== undefined && balance < needed) {
          blocked = { key: 'approve.risk.insufficientFunds', vars: { balance: `${formatAmount(balance, native.decimals, ctx.locale)} ${native.symbol}`, needed: `${formatAmount(needed, native.decimals, ctx.locale)} ${native.symbol}` } };
        } else if (balance !== undefined && out.solOut > 0n && balance === needed) {
          risks.unshift({ key: 'approve.risk.wholeBalance', vars: { symbol: native.symbol } });
        }
        return {
          risks: unique(risks),
          actions: out.actions,
          simulation: simulation ?? { status: 'ok', changes: await changesOf(ctx, new Map([...deltas].filter(([, d]) => d !== 0n))) },
          ...(blocked ? { blocked } : {}),
        };
      } catch {
        return undefined;
      }
    },
  };
}
