/** Id of the Send plugin, for `requires` / `optional` in other manifests. */
export const SEND_PLUGIN_ID = 'send';
