/** Id of the chain plugin, for `requires` / `optional` in other manifests. */
export const CHAIN_EIP155_PLUGIN_ID = 'chain-eip155';

/** The CAIP-2 namespace this plugin provides. */
export const EIP155_NAMESPACE = 'eip155';
