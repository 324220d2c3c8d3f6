import { formatUnits, safeParseWith, type Network, type TokenBalance } from '@portico/kernel';
import { jsonRpcRequest } from '@portico/kernel/http';
import { decodeFunctionResult, encodeFunctionData, getAddress, isAddress, parseAbi, type Address, type Hex } from 'viem';
import * as z from 'zod/mini';
import type { Eip155AdapterParts } from './adapterParts';
import { rpcUrlsFor } from './rpcUrls';

/** Multicall3's address on most EVM chains (github.com/mds1/multicall). */
export const MULTICALL3 = '0xcA11bde05977b3631167028862bE2a173976CA11';
/** Token contracts asked in one `aggregate3`. */
const BATCH = 200;
/** Transfers read from the account API to find the tokens an account has held. */
const DISCOVERY_ROWS = 200;

const MULTICALL_ABI = parseAbi([
  'struct Call3 { address target; bool allowFailure; bytes callData; }',
  'struct Result { bool success; bytes returnData; }',
  'function aggregate3(Call3[] calls) payable returns (Result[] returnData)',
  'function getEthBalance(address addr) view returns (uint256 balance)',
]);
const ERC20_ABI = parseAbi(['function balanceOf(address owner) view returns (uint256)']);

interface Candidate {
  address: Address;
  name: string;
  symbol: string;
  decimals: number;
  iconUrl?: string | undefined;
}

const transferRow = z.object({
  contractAddress: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)),
  tokenName: z.string().check(z.maxLength(80)),
  tokenSymbol: z.string().check(z.maxLength(20)),
  tokenDecimal: z.string().check(z.regex(/^\d{1,2}$/)),
});

/**
 * The account's balances through the RPC when the wallet cannot tell (no EIP-7811): the native
 * balance and each ERC-20 of the network's `tokens` and of those the account API
 * (`blockExplorers.default.apiUrl`) shows it has received or sent, in one Multicall3
 * `aggregate3` per 200 tokens. Tokens with zero decimals (low quality) and empty balances are
 * left out. Undefined when the network names neither tokens nor an account API.
 */
export async function readTokenBalances(parts: Pick<Eip155AdapterParts, 'http' | 'logger' | 'rpc'>, address: string, network: Network): Promise<TokenBalance[] | undefined> {
  const apiUrl = network.blockExplorers?.default.apiUrl;
  if (!network.tokens?.length && !apiUrl) return undefined;
  const account = getAddress(address.split(':')[2] ?? '');
  const candidates = new Map<string, Candidate>();
  for (const token of network.tokens ?? []) {
    if (isAddress(token.address)) candidates.set(token.address.toLowerCase(), { ...token, address: getAddress(token.address) });
    else parts.logger.warn(`Ignored the configured token ${token.symbol}: ${token.address.slice(0, 60)} is not an EVM address`);
  }
  if (apiUrl) for (const token of await discoverTokens(parts, apiUrl, account)) if (!candidates.has(token.address.toLowerCase())) candidates.set(token.address.toLowerCase(), token);
  const tokens = [...candidates.values()].filter((t) => t.decimals > 0);
  const urls = rpcUrlsFor(network, parts.rpc);
  const results: { success: boolean; returnData: Hex }[] = [];
  // The native balance rides along in the first batch (Multicall3's getEthBalance).
  for (let i = 0; i === 0 || i < tokens.length; i += BATCH) {
    const batch = tokens.slice(i, i + BATCH);
    const calls = [
      ...(i === 0 ? [{ target: MULTICALL3 as Address, allowFailure: true, callData: encodeFunctionData({ abi: MULTICALL_ABI, functionName: 'getEthBalance', args: [account] }) }] : []),
      ...batch.map((t) => ({ target: t.address, allowFailure: true, callData: encodeFunctionData({ abi: ERC20_ABI, functionName: 'balanceOf', args: [account] }) })),
    ];
    const data = encodeFunctionData({ abi: MULTICALL_ABI, functionName: 'aggregate3', args: [calls] });
    const reply = await jsonRpcRequest<Hex>(parts.http, urls, 'eth_call', [{ to: MULTICALL3, data }, 'latest']);
    if (typeof reply !== 'string' || reply === '0x') throw new Error(`No Multicall3 at ${MULTICALL3} on ${network.name}: its token balances cannot be read`);
    results.push(...(decodeFunctionResult({ abi: MULTICALL_ABI, functionName: 'aggregate3', data: reply }) as readonly { success: boolean; returnData: Hex }[]));
  }
  const [native, ...balances] = results;
  const uint = (result: { success: boolean; returnData: Hex } | undefined) => (result?.success && /^0x[0-9a-fA-F]{64}$/.test(result.returnData) ? BigInt(result.returnData) : undefined);
  const { name, symbol, decimals } = network.nativeCurrency;
  const out: TokenBalance[] = [];
  const nativeValue = uint(native);
  if (nativeValue !== undefined) out.push({ name, symbol, chainId: network.caipNetworkId, quantity: { decimals, numeric: formatUnits(nativeValue, decimals) }, ...(network.imageUrl ? { iconUrl: network.imageUrl } : {}) });
  tokens.forEach((token, index) => {
    const value = uint(balances[index]);
    if (value === undefined) parts.logger.warn(`Ignored ${token.symbol} (${token.address}): its balanceOf did not answer a number`);
    if (!value) return;
    out.push({
      name: token.name,
      symbol: token.symbol,
      chainId: network.caipNetworkId,
      address: token.address,
      quantity: { decimals: token.decimals, numeric: formatUnits(value, token.decimals) },
      ...(token.iconUrl ? { iconUrl: token.iconUrl } : {}),
    });
  });
  return out;
}

/** The ERC-20s of the account's latest transfers on the account API (tokentx); a failing API only logs. */
async function discoverTokens(parts: Pick<Eip155AdapterParts, 'http' | 'logger'>, apiUrl: string, account: Address): Promise<Candidate[]> {
  const url = new URL(apiUrl);
  for (const [key, value] of Object.entries({ module: 'account', action: 'tokentx', address: account, page: '1', offset: String(DISCOVERY_ROWS), sort: 'desc' })) url.searchParams.set(key, value);
  let body: unknown;
  try {
    body = await parts.http.get<unknown>(url.toString(), { timeoutMs: 10_000 });
  } catch (error) {
    parts.logger.warn('The account API did not list the account’s tokens: only the configured ones are read', error);
    return [];
  }
  const rows = typeof body === 'object' && body !== null && Array.isArray((body as { result?: unknown }).result) ? ((body as { result: unknown[] }).result) : [];
  const found = new Map<string, Candidate>();
  rows.forEach((row, index) => {
    const parsed = safeParseWith(transferRow, row);
    if (!parsed.ok) return parts.logger.warn(`Ignored a token transfer row ${index}: ${parsed.problems}`);
    const { contractAddress, tokenName, tokenSymbol, tokenDecimal } = parsed.value;
    if (!found.has(contractAddress.toLowerCase())) found.set(contractAddress.toLowerCase(), { address: getAddress(contractAddress), name: tokenName || tokenSymbol, symbol: tokenSymbol || '?', decimals: Number(tokenDecimal) });
  });
  return [...found.values()];
}
