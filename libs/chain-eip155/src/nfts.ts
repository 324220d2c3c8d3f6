import { safeParseWith, type Network, type Nft } from '@portico/kernel';
import { jsonRpcRequest } from '@portico/kernel/http';
import { decodeFunctionResult, encodeFunctionData, getAddress, parseAbi, type Address, type Hex } from 'viem';
import * as z from 'zod/mini';
import type { Eip155AdapterParts } from './adapterParts';
import { rpcUrlsFor } from './rpcUrls';
import { MULTICALL3 } from './tokenBalances';

/** Transfers read per list (Etherscan's largest page). */
const TRANSFER_ROWS = 10_000;
/** NFTs shown at most (their metadata is read for each). */
const MAX_NFTS = 200;
const METADATA_TIMEOUT_MS = 5_000;
const ZERO = '0x0000000000000000000000000000000000000000';

const ABI = parseAbi([
  'struct Call3 { address target; bool allowFailure; bytes callData; }',
  'struct Result { bool success; bytes returnData; }',
  'function aggregate3(Call3[] calls) payable returns (Result[] returnData)',
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

interface Holding {
  contract: Address;
  tokenId: bigint;
  standard: 'erc721' | 'erc1155';
  quantity: bigint;
  collection: string;
  /** The block of its latest transfer. */
  block: bigint;
}

/**
 * The NFTs an account holds, from an Etherscan-compatible account API (the network's
 * `blockExplorers.default.apiUrl`): its ERC-721 and ERC-1155 transfers give what it holds now,
 * Multicall3 reads each token's metadata URI (`tokenURI`, `uri` with its `{id}`), and the
 * metadata (a `data:` JSON, or an https: one fetched with a 5 s limit) gives the name and image.
 * Undefined without an account API; a token whose metadata cannot be read keeps its collection
 * name and number, and the reason is logged.
 */
export async function readNfts(parts: Pick<Eip155AdapterParts, 'http' | 'logger' | 'rpc'>, address: string, network: Network): Promise<Nft[] | undefined> {
  const apiUrl = network.blockExplorers?.default.apiUrl;
  if (!apiUrl) return undefined;
  const account = (address.split(':')[2] ?? '').toLowerCase();
  const [nft, multi] = await Promise.all([transfers(parts, apiUrl, account, 'tokennfttx'), transfers(parts, apiUrl, account, 'token1155tx')]);
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
  const uris = owned.length ? await metadataUris(parts, network, owned) : [];
  return Promise.all(
    owned.map(async (token, index): Promise<Nft> => {
      const fallbackName = `${token.collection || token.contract.slice(0, 10)} #${token.tokenId}`;
      const metadata = await readMetadata(parts, uris[index], token).catch((error: unknown) => {
        parts.logger.warn(`The metadata of ${fallbackName} could not be read: ${error instanceof Error ? error.message : String(error)}`);
        return undefined;
      });
      return {
        id: `${token.contract}:${token.tokenId}`,
        contract: token.contract,
        tokenId: String(token.tokenId),
        name: metadata?.name || fallbackName,
        ...(token.collection ? { collection: token.collection } : {}),
        ...(metadata?.image ? { imageUrl: metadata.image } : {}),
        quantity: String(token.quantity),
      };
    }),
  );
}

async function transfers(parts: Pick<Eip155AdapterParts, 'http'>, apiUrl: string, account: string, action: 'tokennfttx' | 'token1155tx'): Promise<unknown[]> {
  const url = new URL(apiUrl);
  for (const [key, value] of Object.entries({ module: 'account', action, address: account, page: '1', offset: String(TRANSFER_ROWS), sort: 'asc' })) url.searchParams.set(key, value);
  const body = await parts.http.get<unknown>(url.toString(), { timeoutMs: 10_000 });
  const { status, message, result } = (typeof body === 'object' && body !== null ? body : {}) as { status?: unknown; message?: unknown; result?: unknown };
  if (Array.isArray(result)) return result;
  throw new Error(`The account API (${action}) answered ${typeof message === 'string' ? message : 'without a list'}${status === '0' && typeof result === 'string' ? `: ${result.slice(0, 200)}` : ''}`);
}

/** The rows that pass `schema`, oldest block first (the API's order when it sorts ascending); the others are logged. */
function sortByBlock<S extends typeof erc721Row | typeof erc1155Row>(rows: unknown[], schema: S, parts: Pick<Eip155AdapterParts, 'logger'>): z.infer<S>[] {
  const valid: z.infer<S>[] = [];
  rows.forEach((row, index) => {
    const parsed = safeParseWith(schema, row);
    if (parsed.ok) valid.push(parsed.value as z.infer<S>);
    else parts.logger.warn(`Ignored an NFT transfer row ${index}: ${parsed.problems}`);
  });
  return valid.sort((a, b) => Number(BigInt(a.blockNumber) - BigInt(b.blockNumber)));
}

/** Each token's metadata URI in one Multicall3 call; undefined where the contract did not answer. */
async function metadataUris(parts: Pick<Eip155AdapterParts, 'http' | 'rpc'>, network: Network, tokens: readonly Holding[]): Promise<(string | undefined)[]> {
  const calls = tokens.map((t) => ({
    target: t.contract,
    allowFailure: true,
    callData: encodeFunctionData({ abi: ABI, functionName: t.standard === 'erc721' ? 'tokenURI' : 'uri', args: [t.tokenId] }),
  }));
  const reply = await jsonRpcRequest<Hex>(parts.http, rpcUrlsFor(network, parts.rpc), 'eth_call', [{ to: MULTICALL3, data: encodeFunctionData({ abi: ABI, functionName: 'aggregate3', args: [calls] }) }, 'latest']);
  if (typeof reply !== 'string' || reply === '0x') throw new Error(`No Multicall3 at ${MULTICALL3} on ${network.name}: NFT metadata cannot be read`);
  const results = decodeFunctionResult({ abi: ABI, functionName: 'aggregate3', data: reply }) as readonly { success: boolean; returnData: Hex }[];
  return results.map((result, index) => {
    if (!result.success) return undefined;
    try {
      return decodeFunctionResult({ abi: ABI, functionName: tokens[index]!.standard === 'erc721' ? 'tokenURI' : 'uri', data: result.returnData }) as string;
    } catch {
      return undefined;
    }
  });
}

/** A token's metadata from its URI: a `data:` JSON (plain or base64) or an https: URL; ERC-1155's `{id}` filled in. */
async function readMetadata(parts: Pick<Eip155AdapterParts, 'http'>, uri: string | undefined, token: Holding): Promise<{ name?: string | undefined; image?: string | undefined } | undefined> {
  if (!uri) return undefined;
  const resolved = token.standard === 'erc1155' ? uri.replaceAll('{id}', token.tokenId.toString(16).padStart(64, '0')) : uri;
  let json: unknown;
  const data = /^data:application\/json(;charset=[\w-]+)?(;base64)?,/i.exec(resolved);
  if (data) {
    const payload = resolved.slice(data[0].length);
    json = JSON.parse(data[2] ? new TextDecoder().decode(Uint8Array.from(atob(payload), (c) => c.charCodeAt(0))) : decodeURIComponent(payload));
  } else if (/^https:\/\//i.test(resolved)) {
    json = await parts.http.get<unknown>(resolved, { timeoutMs: METADATA_TIMEOUT_MS });
  } else {
    throw new Error(`its metadata URI is neither data: nor https: (${resolved.slice(0, 40)})`);
  }
  const parsed = safeParseWith(metadataSchema, json);
  if (!parsed.ok) throw new Error(`its metadata is malformed: ${parsed.problems}`);
  return parsed.value;
}
