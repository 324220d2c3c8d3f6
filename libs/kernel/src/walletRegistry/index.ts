// The wallet-registry client as its own entry (`@portico/kernel/walletRegistry`), so a host
// loads its schema and normalisation only when the directory is first used.
export { createWalletRegistryClient, WALLET_REGISTRY_MAX_ENTRIES } from './createWalletRegistryClient';
export type { WalletListPage, WalletListQuery, WalletRegistryClient, WalletRegistryClientOptions } from './createWalletRegistryClient';
