/** Id of the WalletConnect plugin, for `requires` / `optional` in other manifests. */
export const WALLETCONNECT_PLUGIN_ID = 'walletconnect';
