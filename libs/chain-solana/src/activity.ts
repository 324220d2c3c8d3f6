import { formatUnits, safeParseWith, type ActivityPage, type ActivityTransaction, type Network } from '@portico/kernel';
import { jsonRpcRequest, type HttpClient } from '@portico/kernel/http';
import * as z from 'zod/mini';
import { isSolanaAddress, isSolanaSignature } from './addresses';

type ActivityTransfer = ActivityTransaction['transfers'][number];

/** Transactions per page (`getSignaturesForAddress`'s `limit`). */
export const SOLANA_ACTIVITY_PAGE = 25;

// u64 in JSON: a large account's balance is past 2^53 and arrives rounded, still a whole number.
const lamports = z.number().check(z.nonnegative(), z.refine(Number.isInteger, 'not a whole number of lamports'));
const blockTime = z.optional(z.nullable(z.number().check(z.int(), z.nonnegative(), z.lte(9_999_999_999))));
const signatureInfo = z.object({
  signature: z.string().check(z.refine(isSolanaSignature, 'not a base58 signature')),
  blockTime,
  err: z.optional(z.nullable(z.unknown())),
  confirmationStatus: z.optional(z.nullable(z.string())),
});
const tokenBalance = z.object({
  accountIndex: z.number().check(z.int(), z.nonnegative()),
  mint: z.string(),
  owner: z.optional(z.string()),
  uiTokenAmount: z.object({ amount: z.string().check(z.regex(/^\d+$/)), decimals: z.number().check(z.int(), z.nonnegative(), z.lte(30)) }),
});
const transactionReply = z.object({
  blockTime,
  meta: z.object({
    err: z.optional(z.nullable(z.unknown())),
    fee: lamports,
    preBalances: z.array(lamports),
    postBalances: z.array(lamports),
    preTokenBalances: z.optional(z.nullable(z.array(tokenBalance))),
    postTokenBalances: z.optional(z.nullable(z.array(tokenBalance))),
    loadedAddresses: z.optional(z.nullable(z.object({ writable: z.array(z.string()), readonly: z.array(z.string()) }))),
  }),
  transaction: z.object({ message: z.object({ accountKeys: z.array(z.string()) }) }),
});
type TransactionReply = z.infer<typeof transactionReply>;

/**
 * One page of an account's activity through the RPC: `getSignaturesForAddress` (25, older than
 * `cursor`), then `getTransaction` for each; what moved is read from the balances before and
 * after (SOL, with the fee it paid left out, and SPL tokens it owns). Entries the node sent
 * malformed are left out and reported through `warn`.
 */
export async function readSolanaActivity(http: HttpClient, network: Network, address: string, cursor: string | undefined, warn: (problem: string) => void): Promise<ActivityPage> {
  const urls = network.rpcUrls?.default.http ?? [];
  const signatures = await jsonRpcRequest<unknown>(http, urls, 'getSignaturesForAddress', [address, { limit: SOLANA_ACTIVITY_PAGE, commitment: 'confirmed', ...(cursor ? { before: cursor } : {}) }]);
  if (!Array.isArray(signatures)) throw new Error(`The Solana RPC sent ${signatures === null ? 'null' : typeof signatures} instead of a list of signatures`);
  // A node sending more than the page asked for gets the page's worth read, no more.
  const infos = signatures.slice(0, SOLANA_ACTIVITY_PAGE).flatMap((entry, index) => {
    const parsed = safeParseWith(signatureInfo, entry);
    if (parsed.ok) return [parsed.value];
    warn(`signature ${index}: ${parsed.problems}`);
    return [];
  });
  const replies = await Promise.all(
    infos.map((info) => jsonRpcRequest<unknown>(http, urls, 'getTransaction', [info.signature, { encoding: 'json', commitment: 'confirmed', maxSupportedTransactionVersion: 0 }])),
  );
  const transactions: ActivityTransaction[] = [];
  for (const [index, info] of infos.entries()) {
    const parsed = safeParseWith(transactionReply, replies[index]);
    if (!parsed.ok) {
      warn(`transaction ${info.signature}: ${replies[index] === null ? 'not found' : parsed.problems}`);
      continue;
    }
    transactions.push(toActivity(info.signature, info.blockTime ?? parsed.value.blockTime ?? undefined, parsed.value, address, network));
  }
  const last = signatures.at(-1) as { signature?: unknown } | undefined;
  const next = signatures.length >= SOLANA_ACTIVITY_PAGE && typeof last?.signature === 'string' && isSolanaSignature(last.signature) ? last.signature : undefined;
  return { transactions, ...(next ? { next } : {}) };
}

function toActivity(signature: string, blockTime: number | undefined, tx: TransactionReply, address: string, network: Network): ActivityTransaction {
  const keys = [...tx.transaction.message.accountKeys, ...(tx.meta.loadedAddresses?.writable ?? []), ...(tx.meta.loadedAddresses?.readonly ?? [])];
  const delta = (index: number) => BigInt(tx.meta.postBalances[index] ?? 0) - BigInt(tx.meta.preBalances[index] ?? 0);
  const mine = keys.indexOf(address);
  // The fee payer is the first key: its fee is not part of what it sent.
  const moved = mine < 0 ? 0n : delta(mine) + (mine === 0 ? BigInt(tx.meta.fee) : 0n);
  const transfers: ActivityTransfer[] = [];
  let counterparty = '';
  if (moved !== 0n) {
    const { name, symbol, decimals } = network.nativeCurrency;
    transfers.push({ direction: moved < 0n ? 'out' : 'in', quantity: { numeric: formatUnits(moved < 0n ? -moved : moved, decimals) }, fungible_info: { name, symbol, ...(network.imageUrl ? { icon: { url: network.imageUrl } } : {}) } });
    // The other side: the key whose balance moved most the other way.
    counterparty = largestOpposite(keys, mine, moved, delta);
  }
  transfers.push(...tokenTransfers(tx, address, network));
  // Only tokens moved: the other side is the owner whose token balance moved the other way, else the fee payer.
  if (!counterparty && transfers.length) counterparty = tokenCounterparty(tx, address) ?? (keys[0] !== address ? (keys[0] ?? '') : '');
  const outgoing = transfers.some((t) => t.direction === 'out');
  const incoming = transfers.some((t) => t.direction === 'in');
  const operationType = outgoing && incoming ? 'trade' : outgoing ? 'send' : incoming ? 'receive' : 'execute';
  const failed = tx.meta.err !== null && tx.meta.err !== undefined;
  return {
    id: signature,
    metadata: {
      operationType,
      status: failed ? 'failed' : 'confirmed',
      sentFrom: outgoing || !incoming ? address : counterparty,
      sentTo: outgoing ? counterparty : address,
      ...(blockTime ? { minedAt: new Date(blockTime * 1000).toISOString() } : {}),
      chain: network.caipNetworkId,
      hash: signature,
    },
    // A failed transaction moved nothing but its fee.
    transfers: failed ? [] : transfers,
  };
}

function largestOpposite(keys: readonly string[], mine: number, moved: bigint, delta: (index: number) => bigint): string {
  let best = '';
  let bestAmount = 0n;
  keys.forEach((key, index) => {
    if (index === mine || !isSolanaAddress(key)) return;
    const amount = moved < 0n ? delta(index) : -delta(index);
    if (amount > bestAmount) [best, bestAmount] = [key, amount];
  });
  return best;
}

/** The owner of another token account whose balance of a mint moved the opposite way to `owner`'s. */
function tokenCounterparty(tx: TransactionReply, owner: string): string | undefined {
  const changes = new Map<string, bigint>();
  const add = (entries: TransactionReply['meta']['preTokenBalances'], sign: bigint) => {
    for (const entry of entries ?? []) if (entry.owner) changes.set(`${entry.owner} ${entry.mint}`, (changes.get(`${entry.owner} ${entry.mint}`) ?? 0n) + sign * BigInt(entry.uiTokenAmount.amount));
  };
  add(tx.meta.preTokenBalances, -1n);
  add(tx.meta.postTokenBalances, 1n);
  for (const [key, change] of changes) {
    const [who, mint] = key.split(' ');
    const mine = changes.get(`${owner} ${mint}`) ?? 0n;
    if (who !== owner && mine !== 0n && change !== 0n && (mine < 0n) !== (change < 0n)) return who;
  }
  return undefined;
}

/** SPL token movements of the token accounts `owner` holds, from the token balances before and after (named from the network's tokens). */
function tokenTransfers(tx: TransactionReply, owner: string, network: Network): ActivityTransfer[] {
  const known = new Map((network.tokens ?? []).map((t) => [t.address, t]));
  const byMint = new Map<string, { change: bigint; decimals: number }>();
  const add = (entries: TransactionReply['meta']['preTokenBalances'], sign: bigint) => {
    for (const entry of entries ?? []) {
      if (entry.owner !== owner) continue;
      const current = byMint.get(entry.mint) ?? { change: 0n, decimals: entry.uiTokenAmount.decimals };
      byMint.set(entry.mint, { change: current.change + sign * BigInt(entry.uiTokenAmount.amount), decimals: entry.uiTokenAmount.decimals });
    }
  };
  add(tx.meta.preTokenBalances, -1n);
  add(tx.meta.postTokenBalances, 1n);
  return [...byMint].flatMap(([mint, { change, decimals }]) =>
    change === 0n
      ? []
      : [
          {
            direction: change < 0n ? 'out' : 'in',
            quantity: { numeric: formatUnits(change < 0n ? -change : change, decimals) },
            // Named from the network's tokens, else by the mint.
            fungible_info: { name: known.get(mint)?.name ?? mint, symbol: known.get(mint)?.symbol ?? `${mint.slice(0, 4)}…`, ...(known.get(mint)?.iconUrl ? { icon: { url: known.get(mint)!.iconUrl! } } : {}) },
          } satisfies ActivityTransfer,
        ],
  );
}
