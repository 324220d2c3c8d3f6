export { createMemoryKeyValueStorage, createWalletConnectTestWallet } from './createWalletConnectTestWallet';
export type { WalletConnectTestWallet, WalletConnectTestWalletOptions } from './createWalletConnectTestWallet';
