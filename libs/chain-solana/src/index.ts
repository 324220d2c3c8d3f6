export { manifest as chainSolanaManifest } from './manifest';
export { chainSolanaPlugin } from './plugin';
export { CHAIN_SOLANA_PLUGIN_ID, SOLANA_NAMESPACE } from './api';
export { SOLANA_CONFIRM_METHODS, SOLANA_SAFE_METHODS } from './rpcPolicy';
