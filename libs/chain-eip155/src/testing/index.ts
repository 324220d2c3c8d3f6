export { ANVIL_ACCOUNT_0, createTestWallet } from './createTestWallet';
export type { TestWalletMode, TestWalletOptions } from './createTestWallet';
