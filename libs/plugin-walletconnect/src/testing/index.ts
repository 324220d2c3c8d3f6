export { createMemoryKeyValueStorage, createWalletConnectTestWallet } from './createWalletConnectTestWallet';
export type { ExtraNamespace, WalletConnectTestWallet, WalletConnectTestWalletOptions } from './createWalletConnectTestWallet';
