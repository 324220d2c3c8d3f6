export { createSolanaTestWallet } from './createSolanaTestWallet';
export type { SolanaTestWalletMode, SolanaTestWalletOptions } from './createSolanaTestWallet';
export { SOLANA_LOCALNET_GENESIS_HASH, SOLANA_MULTICHAIN_WALLET_SEED, SOLANA_TEST_TOKENS, SOLANA_TEST_WALLET_SEED } from './localnet';
export { createSolTransfer } from './transfer';
