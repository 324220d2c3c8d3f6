/**
 * Genesis hash of the repo's local Solana server (base58 of sha256("portico-solana-localnet")),
 * so its CAIP-2 id is fixed: `solana:4Zp7vN7NJHyNZnUWo63kvamxAv8rjT4A`.
 */
export const SOLANA_LOCALNET_GENESIS_HASH = '4Zp7vN7NJHyNZnUWo63kvamxAv8rjT4A6JSWrNLSnKZA';

/** Seeds of the playground's and the tests' Solana test wallets (never hold real funds). */
export const SOLANA_TEST_WALLET_SEED = '11'.repeat(32);
export const SOLANA_MULTICHAIN_WALLET_SEED = '22'.repeat(32);
