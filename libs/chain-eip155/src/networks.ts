import type { Network } from '@portico/kernel';
import type { Chain } from 'viem';
import arbitrumIcon from '@web3icons/core/svgs/networks/branded/arbitrum-one.svg.js';
import baseIcon from '@web3icons/core/svgs/networks/branded/base.svg.js';
import ethereumIcon from '@web3icons/core/svgs/networks/branded/ethereum.svg.js';
import optimismIcon from '@web3icons/core/svgs/networks/branded/optimism.svg.js';
import polygonIcon from '@web3icons/core/svgs/networks/branded/polygon.svg.js';
import { arbitrum, base, mainnet, optimism, polygon, sepolia } from 'viem/chains';

/** A network mark from web3icons (MIT) as an image URL the modal accepts. */
const icon = (svg: string) => `data:image/svg+xml,${encodeURIComponent(svg)}`;

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

/** Common EVM networks with their marks, ready for `createPortico({ networks })`. */
export const eip155Networks = {
  mainnet: defineNetwork(mainnet, { imageUrl: icon(ethereumIcon) }),
  sepolia: defineNetwork(sepolia, { imageUrl: icon(ethereumIcon) }),
  base: defineNetwork(base, { imageUrl: icon(baseIcon) }),
  optimism: defineNetwork(optimism, { imageUrl: icon(optimismIcon) }),
  arbitrum: defineNetwork(arbitrum, { imageUrl: icon(arbitrumIcon) }),
  polygon: defineNetwork(polygon, { imageUrl: icon(polygonIcon) }),
} as const;
