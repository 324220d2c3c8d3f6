/** Id of the Onramp plugin, for `requires` / `optional` in other manifests. */
export const ONRAMP_PLUGIN_ID = 'onramp';
