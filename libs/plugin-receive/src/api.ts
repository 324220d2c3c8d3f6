/** Id of the Receive plugin, for `requires` / `optional` in other manifests. */
export const RECEIVE_PLUGIN_ID = 'receive';
