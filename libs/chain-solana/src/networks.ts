import type { Network } from '@portico/kernel';
import solanaIcon from '@web3icons/core/svgs/networks/branded/solana.svg.js';
import { SOLANA_CHAIN_IDS } from './chainIds';

const SOL = { name: 'Solana', symbol: 'SOL', decimals: 9 } as const;
/** Solana's mark from web3icons (MIT) as an image URL the modal accepts. */
const SOLANA_IMAGE = `data:image/svg+xml,${encodeURIComponent(solanaIcon)}`;

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
