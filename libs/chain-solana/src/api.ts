/** Id of the chain plugin, for `requires` / `optional` in other manifests. */
export const CHAIN_SOLANA_PLUGIN_ID = 'chain-solana';

/** The CAIP-2 namespace this plugin provides. */
export const SOLANA_NAMESPACE = 'solana';
