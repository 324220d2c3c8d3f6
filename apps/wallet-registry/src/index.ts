export { createRegistryServer } from './createRegistryServer';
export type { RegistryServer, RegistryServerOptions } from './createRegistryServer';
export { createWalletFixture, FIXTURE_CHAINS, FIXTURE_SEED, FIXTURE_SIZE, HOSTILE_WALLET_NAME } from './fixture';
export type { WalletFixtureOptions } from './fixture';
export { MAX_ENTRIES } from './queryWallets';
export { walletImageSvg } from './walletImageSvg';
export type { WcWallet, WcWalletsPage } from './WcWallet';
