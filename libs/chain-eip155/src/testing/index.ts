export { ANVIL_ACCOUNT_0, ANVIL_ACCOUNT_1, createTestWallet } from './createTestWallet';
export type { TestWalletMode, TestWalletOptions } from './createTestWallet';
