/**
 * Genesis hash of the repo's local Solana server (base58 of sha256("portico-solana-localnet")),
 * so its CAIP-2 id is fixed: `solana:4Zp7vN7NJHyNZnUWo63kvamxAv8rjT4A`.
 */
export const SOLANA_LOCALNET_GENESIS_HASH = '4Zp7vN7NJHyNZnUWo63kvamxAv8rjT4A6JSWrNLSnKZA';

/** Seeds of the playground's and the tests' Solana test wallets (never hold real funds). */
export const SOLANA_TEST_WALLET_SEED = '11'.repeat(32);
export const SOLANA_MULTICHAIN_WALLET_SEED = '22'.repeat(32);

/**
 * The local node's test SPL tokens, held by the test wallets: a 6-decimal "Test USD" and a
 * zero-decimal one (low quality: the Tokens tab leaves it out). Mint addresses are fixed.
 */
export const SOLANA_TEST_TOKENS = {
  usd: { address: 'TUSDbYBPbpNgDkZ4gqYxtfkAWPh9wYgzsv1dTPBwv9R', name: 'Test USD', symbol: 'tUSD', decimals: 6 },
  dust: { address: 'DUSTdUVTsaXMtmsFUb6NkjjPLC6gm3uJjm3GqqkzNTN', name: 'Dust', symbol: 'DUST', decimals: 0 },
} as const;

/** The mint of the Solana test wallet's NFT on the local node ("Portico Comet #1", Metaplex metadata). */
export const SOLANA_TEST_NFT = 'CMETbQh1kgtGrTHsY1Fsz89NyEWP8EQ1ug69t6kxJyHj';
