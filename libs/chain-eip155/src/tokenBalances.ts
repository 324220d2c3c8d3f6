import { formatUnits, safeParseWith, type Network, type TokenBalance } from '@portico/kernel';
import { jsonRpcRequest } from '@portico/kernel/http';
import { encodeFunctionData, getAddress, isAddress, parseAbi, type Address, type Hex } from 'viem';
import * as z from 'zod/mini';
import type { Eip155AdapterParts } from './adapterParts';
import type { EtherscanClient } from './etherscanClient';
import { multicall } from './multicall';
import { rpcUrlsFor } from './rpcUrls';

/** Transfers read from the account API to find the tokens an account has held. */
const DISCOVERY_ROWS = 200;

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
 * (`blockExplorers.default.apiUrl`) shows it has received or sent, through Multicall3 (`multicall`:
 * one contract that fails or burns the gas costs only its own line). Tokens with zero decimals (low quality) and empty balances are
 * left out. Undefined when the network names neither tokens nor an account API.
 */
export async function readTokenBalances(parts: Pick<Eip155AdapterParts, 'http' | 'logger' | 'rpc'> & { explorer: EtherscanClient }, address: string, network: Network): Promise<TokenBalance[] | undefined> {
  const apiUrl = network.blockExplorers?.default.apiUrl;
  if (!network.tokens?.length && !apiUrl) return undefined;
  const account = getAddress(address.split(':')[2] ?? '');
  const candidates = new Map<string, Candidate>();
  for (const token of network.tokens ?? []) {
    if (isAddress(token.address)) candidates.set(token.address.toLowerCase(), { ...token, address: getAddress(token.address) });
    else parts.logger.warn(`Ignored the configured token ${token.symbol}: ${token.address.slice(0, 60)} is not an EVM address`);
  }
  if (apiUrl) for (const token of await discoverTokens(parts, network, apiUrl, account)) if (!candidates.has(token.address.toLowerCase())) candidates.set(token.address.toLowerCase(), token);
  const tokens = [...candidates.values()].filter((t) => t.decimals > 0);
  const urls = rpcUrlsFor(network, parts.rpc);
  const call = (method: string, params: unknown[]) => jsonRpcRequest<unknown>(parts.http, urls, method, params);
  // The native balance on its own: no token contract can make it fail.
  const [nativeHex, balances] = await Promise.all([
    call('eth_getBalance', [account, 'latest']),
    multicall((tx) => call('eth_call', [tx, 'latest']), tokens.map((t) => ({ target: t.address, callData: encodeFunctionData({ abi: ERC20_ABI, functionName: 'balanceOf', args: [account] }) }))),
  ]);
  const uint = (data: Hex | undefined) => (data !== undefined && /^0x[0-9a-fA-F]{64}$/.test(data) ? BigInt(data) : undefined);
  const { name, symbol, decimals } = network.nativeCurrency;
  const out: TokenBalance[] = [];
  if (typeof nativeHex !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(nativeHex)) throw new Error(`eth_getBalance answered ${JSON.stringify(nativeHex)?.slice(0, 60)}, not a balance`);
  out.push({ name, symbol, chainId: network.caipNetworkId, quantity: { decimals, numeric: formatUnits(BigInt(nativeHex), decimals) }, ...(network.imageUrl ? { iconUrl: network.imageUrl } : {}) });
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
async function discoverTokens(parts: Pick<Eip155AdapterParts, 'logger'> & { explorer: EtherscanClient }, network: Network, apiUrl: string, account: Address): Promise<Candidate[]> {
  let rows: unknown[];
  try {
    rows = await parts.explorer.list(network, apiUrl, 'tokentx', { address: account, page: '1', offset: String(DISCOVERY_ROWS), sort: 'desc' });
  } catch (error) {
    parts.logger.warn('The account API did not list the account’s tokens: only the configured ones are read', error);
    return [];
  }
  const found = new Map<string, Candidate>();
  rows.forEach((row, index) => {
    const parsed = safeParseWith(transferRow, row);
    if (!parsed.ok) return parts.logger.warn(`Ignored a token transfer row ${index}: ${parsed.problems}`);
    const { contractAddress, tokenName, tokenSymbol, tokenDecimal } = parsed.value;
    if (!found.has(contractAddress.toLowerCase())) found.set(contractAddress.toLowerCase(), { address: getAddress(contractAddress), name: tokenName || tokenSymbol, symbol: tokenSymbol || '?', decimals: Number(tokenDecimal) });
  });
  return [...found.values()];
}
