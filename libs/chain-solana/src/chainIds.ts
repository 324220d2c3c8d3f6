// The clusters' ids, apart from `networks.ts`: its marks are paid for only by a host that lists those networks.

/** Solana clusters as CAIP-2 ids (the first 32 characters of the genesis hash). */
export const SOLANA_CHAIN_IDS = {
  mainnet: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  devnet: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  testnet: 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
} as const;

/**
 * The Wallet Standard chain (`solana:mainnet`, …) of a CAIP-2 id; any other cluster is
 * `solana:localnet` (Wallet Standard chains are not CAIP-2).
 */
export function walletStandardChainOf(caipNetworkId: string): `solana:${string}` {
  const entry = Object.entries(SOLANA_CHAIN_IDS).find(([, id]) => id === caipNetworkId);
  return `solana:${entry ? entry[0] : 'localnet'}`;
}
