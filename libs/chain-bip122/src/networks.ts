import type { Network } from '@portico/kernel';
import { BIP122_NETWORK_IDS } from './bitcoin/networks';

import bitcoinIcon from '@web3icons/core/svgs/networks/branded/bitcoin.svg.js';

const BTC = { name: 'Bitcoin', symbol: 'BTC', decimals: 8 } as const;
/** Bitcoin's mark from web3icons (MIT) as an image URL the modal accepts. */
const BITCOIN_IMAGE = `data:image/svg+xml,${encodeURIComponent(bitcoinIcon)}`;

/**
 * The Bitcoin networks, ready for `createPortico({ networks })`. A network's RPC URL is its
 * Esplora-compatible HTTP API (Blockstream's and mempool.space's publish the same one).
 */
export const bitcoinNetworks = {
  mainnet: {
    caipNetworkId: BIP122_NETWORK_IDS.mainnet,
    name: 'Bitcoin',
    nativeCurrency: { ...BTC },
    imageUrl: BITCOIN_IMAGE,
    rpcUrls: { default: { http: ['https://blockstream.info/api'] } },
    blockExplorers: { default: { name: 'mempool.space', url: 'https://mempool.space' } },
  },
  testnet: {
    caipNetworkId: BIP122_NETWORK_IDS.testnet,
    name: 'Bitcoin Testnet',
    nativeCurrency: { ...BTC },
    imageUrl: BITCOIN_IMAGE,
    rpcUrls: { default: { http: ['https://blockstream.info/testnet/api'] } },
    testnet: true,
  },
  signet: {
    caipNetworkId: BIP122_NETWORK_IDS.signet,
    name: 'Bitcoin Signet',
    nativeCurrency: { ...BTC },
    imageUrl: BITCOIN_IMAGE,
    rpcUrls: { default: { http: ['https://mempool.space/signet/api'] } },
    testnet: true,
  },
} as const satisfies Record<string, Network>;

/** A regtest network served by a local Esplora API (the repo's test server, or electrs). */
export function defineBitcoinRegtest(esploraUrl: string, name = 'Bitcoin Regtest'): Network {
  return { caipNetworkId: BIP122_NETWORK_IDS.regtest, name, nativeCurrency: { ...BTC }, imageUrl: BITCOIN_IMAGE, rpcUrls: { default: { http: [esploraUrl] } } };
}
