import { formatUnits, safeParseWith, type ActivityPage, type ActivityTransaction, type Network } from '@portico/kernel';
import * as z from 'zod/mini';

/** Esplora pages hold 25 confirmed transactions (after up to 50 in the mempool on the first). */
export const ESPLORA_CHAIN_PAGE = 25;

const sats = z.number().check(z.int(), z.nonnegative(), z.lte(21e14));
const output = z.object({ scriptpubkey_address: z.optional(z.string()), value: sats });
const esploraTransaction = z.object({
  txid: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
  // A coinbase input has no previous output.
  vin: z.array(z.object({ prevout: z.optional(z.nullable(output)) })),
  vout: z.array(output),
  // API.md: `block_time` is "available for confirmed transactions, null otherwise" (electrs leaves it out).
  status: z.object({ confirmed: z.boolean(), block_time: z.optional(z.nullable(z.number().check(z.int(), z.positive(), z.lte(9_999_999_999)))) }),
});
type EsploraTransaction = z.infer<typeof esploraTransaction>;

/**
 * One page of an address's activity from Esplora's `/address/:a/txs` (or `/txs/chain/:last`)
 * answer: what the address received, or what it sent to others (its change left out), pending
 * ones first as Esplora lists them. Malformed entries are left out and reported through `warn`;
 * an answer that is not a list throws.
 */
export function parseEsploraActivity(body: unknown, address: string, network: Network, warn: (problem: string) => void): ActivityPage {
  if (!Array.isArray(body)) throw new Error(`Esplora sent ${body === null ? 'null' : typeof body} instead of a list of transactions`);
  const transactions: ActivityTransaction[] = [];
  for (const [index, entry] of body.entries()) {
    const parsed = safeParseWith(esploraTransaction, entry);
    if (parsed.ok) transactions.push(toActivity(parsed.value, address, network));
    else warn(`Esplora transaction ${index}: ${parsed.problems}`);
  }
  // A full page of confirmed entries may have more after it: its last txid (well-formed or not) is the cursor.
  const confirmed = body.filter((e: unknown): e is { txid: string } => isRecord(e) && typeof e.txid === 'string' && isRecord(e.status) && e.status.confirmed === true);
  const next = confirmed.length >= ESPLORA_CHAIN_PAGE ? confirmed.at(-1)?.txid : undefined;
  return { transactions, ...(next && /^[0-9a-f]{64}$/.test(next) ? { next } : {}) };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function toActivity(tx: EsploraTransaction, address: string, network: Network): ActivityTransaction {
  const spent = tx.vin.filter((input) => input.prevout?.scriptpubkey_address === address);
  const toOthers = tx.vout.filter((out) => out.scriptpubkey_address !== address);
  const toMe = tx.vout.filter((out) => out.scriptpubkey_address === address);
  const sum = (outs: readonly { value: number }[]) => outs.reduce((total, out) => total + BigInt(out.value), 0n);
  const sending = spent.length > 0;
  const self = sending && toOthers.length === 0;
  // Sent: what left for others (change excluded). Received: what came to the address.
  const amount = sending ? (self ? sum(toMe) : sum(toOthers)) : sum(toMe);
  const firstSender = tx.vin.find((input) => input.prevout?.scriptpubkey_address)?.prevout?.scriptpubkey_address ?? '';
  const { symbol, name, decimals } = network.nativeCurrency;
  return {
    id: tx.txid,
    metadata: {
      operationType: self ? 'self' : sending ? 'send' : 'receive',
      status: tx.status.confirmed ? 'confirmed' : 'pending',
      sentFrom: sending ? address : firstSender,
      sentTo: sending ? (toOthers[0]?.scriptpubkey_address ?? address) : address,
      ...(tx.status.confirmed && tx.status.block_time ? { minedAt: new Date(tx.status.block_time * 1000).toISOString() } : {}),
      chain: network.caipNetworkId,
      hash: tx.txid,
    },
    transfers: [{ direction: self ? 'self' : sending ? 'out' : 'in', quantity: { numeric: formatUnits(amount, decimals) }, fungible_info: { name, symbol, ...(network.imageUrl ? { icon: { url: network.imageUrl } } : {}) } }],
  };
}
