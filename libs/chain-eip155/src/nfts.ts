import { safeParseWith, type Network, type Nft } from '@portico/kernel';
import { jsonRpcRequest, readJsonUri } from '@portico/kernel/http';
import { decodeFunctionResult, encodeFunctionData, getAddress, parseAbi, type Address } from 'viem';
import * as z from 'zod/mini';
import type { Eip155AdapterParts } from './adapterParts';
import type { EtherscanClient } from './etherscanClient';
import { rpcUrlsFor } from './rpcUrls';
import { multicall } from './multicall';
import { ipfsToGateway } from './ipfs';

/** Transfers read per list (Etherscan's largest page). */
const TRANSFER_ROWS = 10_000;
/** NFTs shown at most (their metadata is read for each). */
const MAX_NFTS = 200;
const METADATA_TIMEOUT_MS = 5_000;
const ZERO = '0x0000000000000000000000000000000000000000';

const ABI = parseAbi([
  'function tokenURI(uint256 id) view returns (string)',
  'function uri(uint256 id) view returns (string)',
]);

const base = {
  blockNumber: z.string().check(z.regex(/^\d{1,20}$/)),
  from: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)),
  to: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)),
  contractAddress: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)),
  tokenID: z.string().check(z.regex(/^\d{1,78}$/)),
  tokenName: z.optional(z.string().check(z.maxLength(80))),
};
const erc721Row = z.object(base);
const erc1155Row = z.object({ ...base, tokenValue: z.string().check(z.regex(/^\d{1,78}$/)) });
const metadataSchema = z.object({ name: z.optional(z.string().check(z.maxLength(200))), image: z.optional(z.string().check(z.maxLength(200_000))) });

interface Holding extends NftRef {
  quantity: bigint;
  collection: string;
  /** The block of its latest transfer. */
  block: bigint;
}

/**
 * The NFTs an account holds, from an Etherscan-compatible account API (the network's
 * `blockExplorers.default.apiUrl`): its ERC-721 and ERC-1155 transfers give what it holds now,
 * Multicall3 reads each token's metadata URI (`tokenURI`, `uri` with its `{id}`), and the
 * metadata (a `data:` JSON, an https: one fetched with a 5 s limit, ipfs:// through the gateway) gives the name and image.
 * Undefined without an account API; a token whose metadata cannot be read keeps its collection
 * name and number, and the reason is logged.
 */
export async function readNfts(parts: Pick<Eip155AdapterParts, 'http' | 'logger' | 'rpc' | 'ipfsGateway'> & { explorer: EtherscanClient }, address: string, network: Network): Promise<Nft[] | undefined> {
  const apiUrl = network.blockExplorers?.default.apiUrl;
  if (!apiUrl) return undefined;
  const account = (address.split(':')[2] ?? '').toLowerCase();
  const [nft, multi] = await Promise.all([transfers(parts, network, apiUrl, account, 'tokennfttx'), transfers(parts, network, apiUrl, account, 'token1155tx')]);
  const held = new Map<string, Holding>();
  const holding = (row: { blockNumber: string; contractAddress: string; tokenID: string; tokenName?: string | undefined }, standard: Holding['standard']) => {
    const key = `${row.contractAddress.toLowerCase()}:${row.tokenID}`;
    const entry = held.get(key) ?? { contract: getAddress(row.contractAddress), tokenId: BigInt(row.tokenID), standard, quantity: 0n, collection: row.tokenName ?? '', block: 0n };
    entry.block = BigInt(row.blockNumber);
    held.set(key, entry);
    return entry;
  };
  // Oldest first: an ERC-721 is held when its last transfer came to the account.
  for (const row of sortByBlock(nft, erc721Row, parts)) holding(row, 'erc721').quantity = row.to.toLowerCase() === account ? 1n : 0n;
  for (const row of sortByBlock(multi, erc1155Row, parts)) {
    const entry = holding(row, 'erc1155');
    if (row.to.toLowerCase() === account) entry.quantity += BigInt(row.tokenValue);
    if (row.from.toLowerCase() === account && row.from !== ZERO) entry.quantity -= BigInt(row.tokenValue);
  }
  // Newest first: by the block of each token's latest transfer.
  const owned = [...held.values()]
    .filter((h) => h.quantity > 0n)
    .sort((a, b) => (a.block === b.block ? 0 : a.block > b.block ? -1 : 1))
    .slice(0, MAX_NFTS);
  const metadata = await readTokenMetadata(parts, network, owned);
  return owned.map((token, index): Nft => {
    const read = metadata[index];
    return {
      id: `${token.contract}:${token.tokenId}`,
      contract: token.contract,
      tokenId: String(token.tokenId),
      name: read?.name || `${token.collection || token.contract.slice(0, 10)} #${token.tokenId}`,
      ...(token.collection ? { collection: token.collection } : {}),
      ...(read?.image ? { imageUrl: read.image } : {}),
      quantity: String(token.quantity),
    };
  });
}

/** An NFT to read metadata for. */
export interface NftRef {
  contract: Address;
  tokenId: bigint;
  standard: 'erc721' | 'erc1155';
}

/** A token's name and image (`image` already through the IPFS gateway), from its metadata. */
export interface NftMetadata {
  name?: string | undefined;
  image?: string | undefined;
}

/**
 * Each token's metadata: Multicall3 reads the URIs (`tokenURI`, `uri` with its `{id}`), then each
 * document is read (`data:`, `https:`, `ipfs://` through the gateway; 5 s limit). Undefined where
 * the contract (or the node) answered no URI, null where the document could not be read; the reason
 * is logged.
 */
export async function readTokenMetadata(parts: Pick<Eip155AdapterParts, 'http' | 'logger' | 'rpc' | 'ipfsGateway'>, network: Network, tokens: readonly NftRef[]): Promise<(NftMetadata | null | undefined)[]> {
  if (!tokens.length) return [];
  const uris = await metadataUris(parts, network, tokens);
  const unanswered = uris.filter((uri) => uri === undefined).length;
  if (unanswered) parts.logger.warn(`${unanswered} of ${tokens.length} NFTs on ${network.name} have no metadata URI: the contract or the node did not answer tokenURI / uri`);
  return Promise.all(
    tokens.map((token, index) =>
      readMetadata(uris[index], token, parts.ipfsGateway).catch((error: unknown) => {
        parts.logger.warn(`The metadata of ${token.contract} #${token.tokenId} could not be read: ${error instanceof Error ? error.message : String(error)}`);
        return null;
      }),
    ),
  );
}

async function transfers(parts: Pick<Eip155AdapterParts, 'logger'> & { explorer: EtherscanClient }, network: Network, apiUrl: string, account: string, action: 'tokennfttx' | 'token1155tx'): Promise<unknown[]> {
  // Newest first: past the API's 10,000 rows, the oldest are the ones missing.
  const result = await parts.explorer.list(network, apiUrl, action, { address: account, page: '1', offset: String(TRANSFER_ROWS), sort: 'desc' });
  if (result.length >= TRANSFER_ROWS) parts.logger.warn(`The account API lists ${TRANSFER_ROWS} ${action} rows or more: older NFTs may be missing`);
  return result;
}

/** The rows that pass `schema`, oldest block first (the API sends them newest first); the others are logged. */
function sortByBlock<S extends typeof erc721Row | typeof erc1155Row>(rows: unknown[], schema: S, parts: Pick<Eip155AdapterParts, 'logger'>): z.infer<S>[] {
  const valid: z.infer<S>[] = [];
  rows.forEach((row, index) => {
    const parsed = safeParseWith(schema, row);
    if (parsed.ok) valid.push(parsed.value as z.infer<S>);
    else parts.logger.warn(`Ignored an NFT transfer row ${index}: ${parsed.problems}`);
  });
  // Stable: rows of one block keep the API's order, reversed with the rest.
  return valid.reverse().sort((a, b) => Number(BigInt(a.blockNumber) - BigInt(b.blockNumber)));
}

/** Each token's metadata URI through Multicall3 (`multicall`); undefined where the contract did not answer one. */
async function metadataUris(parts: Pick<Eip155AdapterParts, 'http' | 'rpc'>, network: Network, tokens: readonly NftRef[]): Promise<(string | undefined)[]> {
  const urls = rpcUrlsFor(network, parts.rpc);
  const fn = (t: NftRef) => (t.standard === 'erc721' ? 'tokenURI' : 'uri');
  const results = await multicall(
    (tx) => jsonRpcRequest<unknown>(parts.http, urls, 'eth_call', [tx, 'latest']),
    tokens.map((t) => ({ target: t.contract, callData: encodeFunctionData({ abi: ABI, functionName: fn(t), args: [t.tokenId] }) })),
  );
  return results.map((data, index) => {
    if (data === undefined) return undefined;
    try {
      return decodeFunctionResult({ abi: ABI, functionName: fn(tokens[index]!), data }) as string;
    } catch {
      return undefined;
    }
  });
}

/** A token's metadata from its URI (`readJsonUri`: data: or https:, no credentials; ipfs:// through the gateway); ERC-1155's `{id}` filled in. */
async function readMetadata(uri: string | undefined, token: NftRef, gateway: string | undefined): Promise<NftMetadata | undefined> {
  if (!uri) return undefined;
  const resolved = token.standard === 'erc1155' ? uri.replaceAll('{id}', token.tokenId.toString(16).padStart(64, '0')) : uri;
  const json = await readJsonUri(ipfsToGateway(resolved, gateway), METADATA_TIMEOUT_MS);
  const parsed = safeParseWith(metadataSchema, json);
  if (!parsed.ok) throw new Error(`its metadata is malformed: ${parsed.problems}`);
  const image = parsed.value.image === undefined ? undefined : ipfsToGateway(parsed.value.image.trim(), gateway);
  return { name: parsed.value.name, image };
}
