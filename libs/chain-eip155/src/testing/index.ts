export { ANVIL_ACCOUNT_0, ANVIL_ACCOUNT_1, ANVIL_DEV_KEYS, createTestWallet } from './createTestWallet';
export type { TestWalletMode, TestWalletOptions } from './createTestWallet';
