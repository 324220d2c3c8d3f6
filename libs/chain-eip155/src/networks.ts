import type { Network } from '@portico/kernel';
import type { Chain } from 'viem';
import { arbitrum, base, mainnet, optimism, polygon, sepolia } from 'viem/chains';

/** A Portico network from viem's chain data (`eip155:<id>`), with optional overrides. */
export function defineNetwork(chain: Chain, overrides: Partial<Network> = {}): Network {
  return {
    caipNetworkId: `eip155:${chain.id}`,
    name: chain.name,
    nativeCurrency: { ...chain.nativeCurrency },
    rpcUrls: { default: { http: [...chain.rpcUrls.default.http] } },
    ...(chain.blockExplorers?.default ? { blockExplorers: { default: { name: chain.blockExplorers.default.name, url: chain.blockExplorers.default.url } } } : {}),
    ...(chain.testnet ? { testnet: true } : {}),
    ...overrides,
  };
}

/** Common EVM networks, ready for `createPortico({ networks })`. */
export const eip155Networks = {
  mainnet: defineNetwork(mainnet),
  sepolia: defineNetwork(sepolia),
  base: defineNetwork(base),
  optimism: defineNetwork(optimism),
  arbitrum: defineNetwork(arbitrum),
  polygon: defineNetwork(polygon),
} as const;
