/** Id of the chain plugin, for `requires` / `optional` in other manifests. */
export const CHAIN_BIP122_PLUGIN_ID = 'chain-bip122';

/** The CAIP-2 namespace this plugin provides. */
export const BIP122_NAMESPACE = 'bip122';
