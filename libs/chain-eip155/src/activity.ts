import { formatUnits, PorticoError, safeParseWith, type ActivityPage, type ActivityTransaction, type Network } from '@portico/kernel';
import { jsonRpcRequest } from '@portico/kernel/http';
import { decodeFunctionResult, encodeFunctionData, getAddress, parseAbi, type Hex } from 'viem';
import * as z from 'zod/mini';
import type { Eip155AdapterParts } from './adapterParts';
import type { EtherscanClient } from './etherscanClient';
import { multicall } from './multicall';
import { readTokenMetadata, type NftMetadata, type NftRef } from './nfts';
import { rpcUrlsFor } from './rpcUrls';

type ActivityOperation = ActivityTransaction['metadata']['operationType'];
type ActivityTransfer = ActivityTransaction['transfers'][number];

/** Rows per list and request (Etherscan's `offset`). */
export const ETHERSCAN_PAGE = 25;
const ACTIONS = ['txlist', 'tokentx', 'tokennfttx', 'token1155tx'] as const;
type Action = (typeof ACTIONS)[number];

const uint = z.string().check(z.regex(/^\d{1,78}$/));
const hexAddress = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/));
const base = {
  blockNumber: uint,
  // Seconds; at most 10 digits keeps `new Date(t * 1000)` a valid date (until the year 2286).
  timeStamp: z.string().check(z.regex(/^\d{1,10}$/)),
  hash: z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/)),
  from: hexAddress,
  // Empty for a contract creation.
  to: z.union([hexAddress, z.literal('')]),
  transactionIndex: z.optional(uint),
};
const schemas = {
  txlist: z.object({ ...base, value: uint, isError: z.optional(z.string()), txreceipt_status: z.optional(z.string()), contractAddress: z.optional(z.string()), input: z.optional(z.string()) }),
  tokentx: z.object({ ...base, value: uint, tokenName: z.string(), tokenSymbol: z.string(), tokenDecimal: z.string().check(z.regex(/^\d{1,2}$/)), contractAddress: hexAddress }),
  tokennfttx: z.object({ ...base, tokenID: uint, tokenName: z.string(), tokenSymbol: z.string(), contractAddress: hexAddress }),
  token1155tx: z.object({ ...base, tokenID: uint, tokenValue: uint, tokenName: z.string(), tokenSymbol: z.string(), contractAddress: hexAddress }),
};
type Rows = { [A in Action]: z.infer<(typeof schemas)[A]>[] };

/** The approve(address,uint256) selector: an ERC-20 allowance. */
const APPROVE = '0x095ea7b3';

/**
 * `ChainAdapter.getActivity` on eip155: the network's Etherscan-compatible account API
 * (`blockExplorers.default.apiUrl`, through the adapter's paced `explorer`), undefined without
 * one; `cursor` is a block number.
 */
export async function eip155Activity(parts: Pick<Eip155AdapterParts, 'logger' | 'http' | 'rpc' | 'ipfsGateway'> & { explorer: EtherscanClient; artwork?: ArtworkCache }, address: string, network: Network, cursor: string | undefined): Promise<ActivityPage | undefined> {
  const apiUrl = network.blockExplorers?.default.apiUrl;
  if (!apiUrl) return undefined;
  if (cursor !== undefined && !/^(0|[1-9]\d{0,15})$/.test(cursor)) throw new PorticoError(`The activity cursor "${cursor.slice(0, 20)}" is not a block number`, { code: 'eip155/invalid-request' });
  const page = await readEtherscanActivity(parts.explorer, network, apiUrl, address.split(':')[2] ?? '', cursor, (problem) => parts.logger.warn(`Ignored an activity entry: ${problem}`));
  return withArtwork(parts, network, page, parts.artwork ?? new Map());
}

const NAME_ABI = parseAbi(['function name() view returns (string)', 'function symbol() view returns (string)']);
/** How long a page waits for its rows' NFT metadata and contract names. */
export const ARTWORK_WAIT_MS = 2_000;
/** Metadata read for at most this many NFTs of a page (and contract names for as many creations). */
const MAX_READS = 50;
/** One read kept by the cache: its promise, and once it has settled, its value and when. */
interface Known {
  readonly promise: Promise<unknown>;
  settled: boolean;
  value: unknown;
  at: number;
}
/**
 * What Activity has read beside the API's rows, one per adapter: NFT metadata (by network,
 * contract and token) and the names of created contracts (public, immutable in practice). A read
 * that found nothing is kept for `RETRY_AFTER_MS`, so a host that is slow or fails (an airdropped
 * NFT's, say) is not asked again, nor waited for, on every load.
 */
export type ArtworkCache = Map<string, Known>;
const KNOWN_MAX = 1_000;
const RETRY_AFTER_MS = 10 * 60_000;

/**
 * Keeps a batch read under `keys` (its answer in the same order). An answer of `undefined` for every
 * key (the node did not answer, most likely) is not kept: the next load asks again.
 */
function remember(cache: ArtworkCache, keys: readonly string[], read: Promise<readonly unknown[]>): void {
  const settled = read.then(
    (all) => all,
    () => [] as unknown[],
  );
  keys.forEach((key, index) => {
    if (cache.size >= KNOWN_MAX) cache.delete(cache.keys().next().value!);
    const entry: Known = { promise: settled.then((all) => all[index]), settled: false, value: undefined, at: 0 };
    void entry.promise.then((value) => Object.assign(entry, { settled: true, value, at: Date.now() }));
    cache.set(key, entry);
  });
  void settled.then((all) => {
    if (all.every((value) => value === undefined)) for (const key of keys) cache.delete(key);
  });
}

/** The cached read under `key`, unless it found nothing long enough ago to be asked again. */
function cached(cache: ArtworkCache, key: string): Known | undefined {
  const entry = cache.get(key);
  if (entry?.settled && (entry.value === undefined || entry.value === null) && Date.now() - entry.at > RETRY_AFTER_MS) cache.delete(key);
  return cache.get(key);
}

/**
 * What the API's rows do not say: each NFT's name and image from its metadata (`tokenURI` /
 * `uri`) and, for a contract creation, the name and symbol the new contract gives itself, read once
 * per adapter (`known`). The page waits for them at most `ARTWORK_WAIT_MS`: then it takes what has
 * arrived, and the rest goes on into the cache for the next load. A read that fails leaves the
 * row as the API named it (logged).
 */
export async function withArtwork(parts: Pick<Eip155AdapterParts, 'logger' | 'http' | 'rpc' | 'ipfsGateway'>, network: Network, page: ActivityPage, known: ArtworkCache): Promise<ActivityPage> {
  const refs = new Map<string, NftRef>();
  for (const tx of page.transactions) for (const transfer of tx.transfers) if (transfer.nft_info && NFT_REFS.has(transfer)) refs.set(refKey(network, NFT_REFS.get(transfer)!), NFT_REFS.get(transfer)!);
  const missing = [...refs.entries()].filter(([key]) => !cached(known, key)).slice(0, MAX_READS);
  if (missing.length) {
    const reading = readTokenMetadata(parts, network, missing.map(([, ref]) => ref)).catch((error: unknown) => {
      parts.logger.warn('The metadata of the NFTs in Activity could not be read', error);
      return [];
    });
    remember(known, missing.map(([key]) => key), reading);
  }
  const nameKey = (contract: string) => `name:${network.caipNetworkId}:${contract}`;
  const created = [...new Set(page.transactions.filter((tx) => tx.metadata.operationType === 'deploy' && /^0x[0-9a-f]{40}$/.test(tx.metadata.sentTo)).map((tx) => tx.metadata.sentTo))];
  const unnamed = created.filter((contract) => !cached(known, nameKey(contract))).slice(0, MAX_READS);
  if (unnamed.length) remember(known, unnamed.map(nameKey), contractNames(parts, network, unnamed));
  const entries = [...refs.keys(), ...created.map(nameKey)].flatMap((key) => (known.has(key) ? [known.get(key)!] : []));
  // Slow metadata (a gateway taking seconds) does not hold the rows back.
  let timer: ReturnType<typeof globalThis.setTimeout> | undefined;
  const all = await Promise.race([Promise.all(entries.map((entry) => entry.promise)).then(() => true), new Promise<false>((resolve) => (timer = globalThis.setTimeout(() => resolve(false), ARTWORK_WAIT_MS)))]);
  globalThis.clearTimeout(timer);
  if (!all) parts.logger.warn(`Some NFT metadata or contract names of Activity took over ${ARTWORK_WAIT_MS} ms: those rows show without them`);
  const value = <T>(key: string): T | undefined => {
    const entry = known.get(key);
    return entry?.settled && entry.value ? (entry.value as T) : undefined;
  };
  return {
    ...page,
    transactions: page.transactions.map((tx) => {
      const made = tx.metadata.operationType === 'deploy' ? value<{ name: string; symbol?: string }>(nameKey(tx.metadata.sentTo)) : undefined;
      const transfers = tx.transfers.map((transfer) => {
        const ref = NFT_REFS.get(transfer);
        const read = ref ? value<NftMetadata>(refKey(network, ref)) : undefined;
        if (!read || !transfer.nft_info) return transfer;
        return { ...transfer, nft_info: { name: read.name || transfer.nft_info.name, ...(read.image ? { content: { preview: { url: read.image } } } : {}) } };
      });
      return { ...tx, metadata: made ? { ...tx.metadata, created: made } : tx.metadata, transfers };
    }),
  };
}

const refKey = (network: Network, ref: NftRef) => `${network.caipNetworkId}:${ref.contract.toLowerCase()}:${ref.tokenId}`;

/** The `name()` and `symbol()` of new contracts (Multicall3), in order; null for a contract that gives no printable name. */
async function contractNames(parts: Pick<Eip155AdapterParts, 'http' | 'logger' | 'rpc'>, network: Network, contracts: readonly string[]): Promise<({ name: string; symbol?: string } | null | undefined)[]> {
  const urls = rpcUrlsFor(network, parts.rpc);
  const calls = contracts.flatMap((target) => (['name', 'symbol'] as const).map((functionName) => ({ target: getAddress(target), callData: encodeFunctionData({ abi: NAME_ABI, functionName }) })));
  const results = await multicall((tx) => jsonRpcRequest<unknown>(parts.http, urls, 'eth_call', [tx, 'latest']), calls);
  // Nothing answered at all: the node, most likely (not kept, asked again next time).
  if (results.every((data) => data === undefined)) return contracts.map(() => undefined);
  const text = (data: Hex | undefined, functionName: 'name' | 'symbol') => {
    if (data === undefined) return undefined;
    try {
      const value = (decodeFunctionResult({ abi: NAME_ABI, functionName, data }) as string).trim();
      // Shown as text: no control, format (bidi overrides, zero-width) or line-separator characters.
      return value && value.length <= 80 && !/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(value) ? value : undefined;
    } catch {
      return undefined;
    }
  };
  return contracts.map((_, index) => {
    const name = text(results[index * 2], 'name');
    const symbol = text(results[index * 2 + 1], 'symbol');
    if (!name) return null;
    return symbol && symbol.length <= 20 ? { name, symbol } : { name };
  });
}

/** The token each NFT transfer of a page moved (kept beside the transfer, which carries only what the view shows). */
const NFT_REFS = new WeakMap<ActivityTransfer, NftRef>();

/**
 * One page of an account's activity from an Etherscan-compatible account API (Etherscan,
 * Blockscout, Routescan, the local indexer): its normal transactions and its ERC-20, ERC-721
 * and ERC-1155 transfers, newest first, merged by hash. The four lists page independently, so a
 * page is cut at a block every list has passed: `cursor` is the block to continue from (the
 * API's `endblock`), and a list that ran out of rows does not hold the others back. The API's
 * own query (`apikey`; `chainid`, added for Etherscan V2 when absent) stays in `apiUrl`.
 * Malformed rows are left out and reported through `warn`; a refusal throws `ExplorerApiError`.
 */
export async function readEtherscanActivity(explorer: EtherscanClient, network: Network, apiUrl: string, address: string, cursor: string | undefined, warn: (problem: string) => void): Promise<ActivityPage> {
  const page = await readLists(explorer, network, apiUrl, address, ETHERSCAN_PAGE, cursor === undefined ? {} : { endblock: cursor }, warn);
  const me = address.toLowerCase();
  if (page.cutoff === undefined) return { transactions: merge(page.rows, me, network) };
  const cutoff = page.cutoff;
  // Rows of the cutoff block itself come again, complete, with the next page.
  const above = (list: { blockNumber: string }[]) => list.filter((row) => BigInt(row.blockNumber) > cutoff);
  const kept = { txlist: above(page.rows.txlist), tokentx: above(page.rows.tokentx), tokennfttx: above(page.rows.tokennfttx), token1155tx: above(page.rows.token1155tx) } as Rows;
  if (Object.values(kept).some((list) => list.length)) return { transactions: merge(kept, me, network), next: String(cutoff) };
  // One block fills a whole page of one list: that block alone, every row of it (Etherscan's largest page), then below it.
  const block = await readLists(explorer, network, apiUrl, address, MAX_ROWS, { startblock: String(cutoff), endblock: String(cutoff) }, warn);
  return { transactions: merge(block.rows, me, network), ...(cutoff > 0n ? { next: String(cutoff - 1n) } : {}) };
}

/** Etherscan's largest page. */
const MAX_ROWS = 10_000;

/**
 * The four lists, newest first, `offset` rows each within `range`; and the cutoff: the newest
 * block below which some full list may still hold rows it did not send (from every row's block
 * number, malformed rows included).
 */
async function readLists(explorer: EtherscanClient, network: Network, apiUrl: string, address: string, offset: number, range: Record<string, string>, warn: (problem: string) => void): Promise<{ rows: Rows; cutoff: bigint | undefined }> {
  // Queued by the client at the key's rate, not sent at once.
  const answers = await Promise.all(ACTIONS.map(async (action) => [action, await explorer.list(network, apiUrl, action, { address, page: '1', offset: String(offset), sort: 'desc', ...range })] as const));
  const rows = {} as Rows;
  let cutoff: bigint | undefined;
  for (const [action, result] of answers) {
    rows[action] = result.flatMap((row, index) => {
      const checked = safeParseWith(schemas[action], row);
      if (checked.ok) return [checked.value] as never[];
      warn(`${action} row ${index}: ${checked.problems}`);
      return [];
    });
    if (result.length >= offset) {
      const blocks = result.map((row: unknown) => (row as { blockNumber?: unknown } | null)?.blockNumber).filter((b): b is string => typeof b === 'string' && /^\d{1,20}$/.test(b)).map(BigInt);
      const oldest = blocks.reduce<bigint | undefined>((min, b) => (min === undefined || b < min ? b : min), undefined);
      if (oldest !== undefined && (cutoff === undefined || oldest > cutoff)) cutoff = oldest;
    }
  }
  return { rows, cutoff };
}

function merge(rows: Rows, me: string, network: Network): ActivityTransaction[] {
  interface Entry {
    hash: string;
    block: bigint;
    index: number;
    time: number;
    from: string;
    to: string;
    failed: boolean;
    operation?: ActivityOperation;
    transfers: ActivityTransfer[];
  }
  const entries = new Map<string, Entry>();
  const entryOf = (row: { hash: string; blockNumber: string; timeStamp: string; from: string; to: string; transactionIndex?: string | undefined }): Entry => {
    const key = row.hash.toLowerCase();
    let entry = entries.get(key);
    if (!entry) {
      entry = { hash: row.hash, block: BigInt(row.blockNumber), index: Number(row.transactionIndex ?? 0), time: Number(row.timeStamp), from: row.from.toLowerCase(), to: row.to.toLowerCase(), failed: false, transfers: [] };
      entries.set(key, entry);
    }
    return entry;
  };
  const direction = (from: string, to: string) => (from.toLowerCase() === me ? (to.toLowerCase() === me ? 'self' : 'out') : 'in');
  const { name, symbol, decimals } = network.nativeCurrency;
  const nativeIcon = network.imageUrl ? { icon: { url: network.imageUrl } } : {};
  // The network's token list gives each ERC-20 its image (the API's rows have none).
  const icons = new Map((network.tokens ?? []).filter((token) => token.iconUrl).map((token) => [token.address.toLowerCase(), token.iconUrl!]));
  const iconOf = (contract: string) => (icons.has(contract.toLowerCase()) ? { icon: { url: icons.get(contract.toLowerCase())! } } : {});
  const nft = (row: { contractAddress: string; tokenID: string }, standard: NftRef['standard'], transfer: ActivityTransfer) => {
    NFT_REFS.set(transfer, { contract: getAddress(row.contractAddress), tokenId: BigInt(row.tokenID), standard });
    return transfer;
  };
  for (const row of rows.txlist) {
    const entry = entryOf(row);
    // The transaction row is the authority on sender and recipient (a token row names the token's).
    Object.assign(entry, { from: row.from.toLowerCase(), to: (row.to || row.contractAddress || '').toLowerCase() });
    entry.failed = row.isError === '1' || row.txreceipt_status === '0';
    if (!row.to && row.contractAddress) entry.operation = 'deploy';
    else if (row.input?.startsWith(APPROVE)) entry.operation = 'approve';
    if (BigInt(row.value) > 0n) entry.transfers.unshift({ direction: direction(row.from, row.to), quantity: { numeric: formatUnits(BigInt(row.value), decimals) }, fungible_info: { name, symbol, ...nativeIcon } });
  }
  for (const row of rows.tokentx) {
    if (row.from.toLowerCase() !== me && row.to.toLowerCase() !== me) continue;
    entryOf(row).transfers.push({ direction: direction(row.from, row.to), quantity: { numeric: formatUnits(BigInt(row.value), Number(row.tokenDecimal)) }, fungible_info: { name: row.tokenName, symbol: row.tokenSymbol, ...iconOf(row.contractAddress) } });
  }
  for (const row of rows.tokennfttx) {
    if (row.from.toLowerCase() !== me && row.to.toLowerCase() !== me) continue;
    entryOf(row).transfers.push(nft(row, 'erc721', { direction: direction(row.from, row.to), quantity: { numeric: '1' }, nft_info: { name: `${row.tokenName || row.tokenSymbol} #${row.tokenID}` } }));
  }
  for (const row of rows.token1155tx) {
    if (row.from.toLowerCase() !== me && row.to.toLowerCase() !== me) continue;
    entryOf(row).transfers.push(nft(row, 'erc1155', { direction: direction(row.from, row.to), quantity: { numeric: row.tokenValue }, nft_info: { name: `${row.tokenName || row.tokenSymbol || row.contractAddress.slice(0, 10)} #${row.tokenID}` } }));
  }
  const ZERO = '0x0000000000000000000000000000000000000000';
  return [...entries.values()]
    .sort((a, b) => (a.block === b.block ? b.index - a.index : a.block > b.block ? -1 : 1))
    .map((entry): ActivityTransaction => {
      const transfers = entry.failed ? [] : entry.transfers;
      const out = transfers.some((t) => t.direction === 'out');
      const into = transfers.some((t) => t.direction === 'in');
      const minted = rows.tokennfttx.concat(rows.token1155tx as never[]).some((r) => r.hash.toLowerCase() === entry.hash.toLowerCase() && r.from === ZERO && r.to.toLowerCase() === me);
      const operation: ActivityOperation =
        entry.operation ?? (minted ? 'mint' : out && into ? 'trade' : out ? 'send' : into ? 'receive' : transfers.some((t) => t.direction === 'self') ? 'self' : 'execute');
      return {
        id: entry.hash,
        metadata: {
          operationType: operation,
          status: entry.failed ? 'failed' : 'confirmed',
          sentFrom: entry.from,
          sentTo: entry.to,
          minedAt: new Date(entry.time * 1000).toISOString(),
          chain: network.caipNetworkId,
          hash: entry.hash,
        },
        transfers,
      };
    });
}
