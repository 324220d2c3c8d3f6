import type { Network } from '@portico/kernel';

import solanaIcon from '@web3icons/core/svgs/networks/branded/solana.svg.js';

const SOL = { name: 'Solana', symbol: 'SOL', decimals: 9 } as const;
/** Solana's mark from web3icons (MIT) as an image URL the modal accepts. */
const SOLANA_IMAGE = `data:image/svg+xml,${encodeURIComponent(solanaIcon)}`;

/** Solana clusters as CAIP-2 ids (the first 32 characters of the genesis hash). */
export const SOLANA_CHAIN_IDS = {
  mainnet: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  devnet: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  testnet: 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
} as const;

/** The public Solana clusters, ready for `createPortico({ networks })`. */
export const solanaNetworks = {
  mainnet: {
    caipNetworkId: SOLANA_CHAIN_IDS.mainnet,
    name: 'Solana',
    nativeCurrency: { ...SOL },
    imageUrl: SOLANA_IMAGE,
    rpcUrls: { default: { http: ['https://api.mainnet-beta.solana.com'] } },
    blockExplorers: { default: { name: 'Solscan', url: 'https://solscan.io' } },
  },
  devnet: {
    caipNetworkId: SOLANA_CHAIN_IDS.devnet,
    name: 'Solana Devnet',
    nativeCurrency: { ...SOL },
    imageUrl: SOLANA_IMAGE,
    rpcUrls: { default: { http: ['https://api.devnet.solana.com'] } },
    testnet: true,
  },
  testnet: {
    caipNetworkId: SOLANA_CHAIN_IDS.testnet,
    name: 'Solana Testnet',
    nativeCurrency: { ...SOL },
    imageUrl: SOLANA_IMAGE,
    rpcUrls: { default: { http: ['https://api.testnet.solana.com'] } },
    testnet: true,
  },
} as const satisfies Record<string, Network>;

/**
 * A local cluster (a test validator, or the repo's LiteSVM server) identified by its
 * genesis hash. It is not marked `testnet`, so its balance shows like a real one.
 */
export function defineSolanaLocalnet(genesisHash: string, rpcUrl: string, name = 'Solana Local'): Network {
  return { caipNetworkId: `solana:${genesisHash.slice(0, 32)}`, name, nativeCurrency: { ...SOL }, imageUrl: SOLANA_IMAGE, rpcUrls: { default: { http: [rpcUrl] } } };
}

/**
 * The Wallet Standard chain (`solana:mainnet`, …) of a CAIP-2 id; any other cluster is
 * `solana:localnet` (Wallet Standard chains are not CAIP-2).
 */
export function walletStandardChainOf(caipNetworkId: string): `solana:${string}` {
  const entry = Object.entries(SOLANA_CHAIN_IDS).find(([, id]) => id === caipNetworkId);
  return `solana:${entry ? entry[0] : 'localnet'}`;
}
