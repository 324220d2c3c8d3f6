export { manifest as chainSolanaManifest } from './manifest';
export { chainSolanaPlugin, createSolanaPlugin } from './plugin';
export type { SolanaPluginOptions } from './plugin';
export { CHAIN_SOLANA_PLUGIN_ID, SOLANA_NAMESPACE } from './api';
export { SOLANA_CONFIRM_METHODS, SOLANA_SAFE_METHODS } from './rpcPolicy';
export { defineSolanaLocalnet, SOLANA_CHAIN_IDS, solanaNetworks, walletStandardChainOf } from './networks';
export { isSolanaAddress, isSolanaSignature } from './addresses';
export { createSolanaAdapter, InvalidSolanaRequestError, InvalidSolanaResponseError } from './createSolanaAdapter';
export type { SolanaAdapterParts, SolanaProvider } from './createSolanaAdapter';
