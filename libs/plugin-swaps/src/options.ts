import { isCaipNetworkId } from '@portico/kernel/caip';
import type { SwapProviderConfig, SwapsSettings } from './api';

/**
 * The 12 EVM networks swaps are offered on by default (the spec's count; the list AppKit uses):
 * Ethereum, Arbitrum One, Optimism, zkSync Era, Base, BNB Smart Chain, Polygon, Gnosis,
 * Avalanche, Fantom, Klaytn, Aurora.
 */
export const DEFAULT_SWAP_NETWORKS: readonly string[] = ['eip155:1', 'eip155:42161', 'eip155:10', 'eip155:324', 'eip155:8453', 'eip155:56', 'eip155:137', 'eip155:100', 'eip155:43114', 'eip155:250', 'eip155:8217', 'eip155:1313161554'];

/** Slippage tolerance by default, in percent (spec §9). */
export const DEFAULT_SLIPPAGE = 1;

/** A quote is asked for again after 30 s. */
export const DEFAULT_QUOTE_TTL_MS = 30_000;

/** Uniswap V2 on Ethereum: Router02 and WETH, the provider used when the host names none. */
export const UNISWAP_V2_MAINNET: SwapProviderConfig = {
  type: 'uniswap-v2',
  name: 'Uniswap V2',
  deployments: { 'eip155:1': { router: '0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D', weth: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2' } },
};

/** Options of `createSwapsPlugin`. */
export interface SwapsPluginOptions {
  /** Networks (CAIP-2) where swaps are offered; the 12 of `DEFAULT_SWAP_NETWORKS` by default. */
  networks?: readonly string[];
  /** Default slippage tolerance in percent, above 0 and at most 50; 1 by default. */
  slippage?: number;
  /** Quote providers, best quote wins; Uniswap V2 on Ethereum by default. */
  providers?: readonly SwapProviderConfig[];
  /** How long a quote stays good, in ms (30 s by default, at least 1 s). */
  quoteTtlMs?: number;
}

const address = /^0x[0-9a-fA-F]{40}$/;

/** Checks the host's options and fills the defaults; throws a `TypeError` naming the field that is wrong. */
export function resolveSwapsOptions(options: SwapsPluginOptions = {}): SwapsSettings {
  const fail = (field: string, problem: string): never => {
    throw new TypeError(`createSwapsPlugin: ${field} ${problem}`);
  };
  const networks = options.networks ?? DEFAULT_SWAP_NETWORKS;
  if (!Array.isArray(networks)) fail('networks', 'must be an array of CAIP-2 ids');
  networks.forEach((id, i) => (typeof id === 'string' && isCaipNetworkId(id) && id.startsWith('eip155:')) || fail(`networks[${i}]`, `must be an eip155 CAIP-2 id such as "eip155:1", not ${JSON.stringify(id)}`));
  const slippage = options.slippage ?? DEFAULT_SLIPPAGE;
  if (typeof slippage !== 'number' || !(slippage > 0 && slippage <= 50)) fail('slippage', `must be a percentage above 0 and at most 50, not ${String(slippage)}`);
  const quoteTtlMs = options.quoteTtlMs ?? DEFAULT_QUOTE_TTL_MS;
  if (!Number.isInteger(quoteTtlMs) || quoteTtlMs < 1_000) fail('quoteTtlMs', `must be a whole number of ms, at least 1000, not ${String(quoteTtlMs)}`);
  const providers = options.providers ?? [UNISWAP_V2_MAINNET];
  if (!Array.isArray(providers) || providers.length === 0) fail('providers', 'must be a non-empty array');
  providers.forEach((p: SwapProviderConfig, i) => {
    const at = `providers[${i}]`;
    if (p?.type === 'uniswap-v2') {
      if (typeof p.deployments !== 'object' || p.deployments === null) fail(`${at}.deployments`, 'must map CAIP-2 ids to { router, weth }');
      for (const [id, d] of Object.entries(p.deployments)) {
        if (!isCaipNetworkId(id) || !id.startsWith('eip155:')) fail(`${at}.deployments`, `has a key that is not an eip155 CAIP-2 id: ${JSON.stringify(id)}`);
        if (!address.test(String(d?.router))) fail(`${at}.deployments["${id}"].router`, 'must be a 0x address');
        if (!address.test(String(d?.weth))) fail(`${at}.deployments["${id}"].weth`, 'must be a 0x address');
      }
    } else if (p?.type === '1inch') {
      if (typeof p.url !== 'string' || !/^https?:\/\//.test(p.url) || !URL.canParse(p.url)) fail(`${at}.url`, 'must be an http(s) URL');
      if (p.apiKey !== undefined && (typeof p.apiKey !== 'string' || !/^[\x21-\x7e]{1,200}$/.test(p.apiKey))) fail(`${at}.apiKey`, 'must be a printable string');
      p.networks?.forEach((id, j) => (isCaipNetworkId(id) && id.startsWith('eip155:')) || fail(`${at}.networks[${j}]`, 'must be an eip155 CAIP-2 id'));
      if (p.rps !== undefined && !(typeof p.rps === 'number' && p.rps > 0 && p.rps <= 1000)) fail(`${at}.rps`, 'must be a number of requests per second above 0, at most 1000');
    } else if (p?.type === 'custom') {
      if (typeof p.id !== 'string' || p.id.length === 0) fail(`${at}.id`, 'must be a non-empty string');
      if (typeof p.load !== 'function') fail(`${at}.load`, 'must be a function resolving the provider');
    } else fail(`${at}.type`, `must be "uniswap-v2", "1inch" or "custom", not ${JSON.stringify((p as { type?: unknown } | undefined)?.type)}`);
  });
  return { networks: [...networks], slippage, providers: [...providers], quoteTtlMs };
}
