/** Id of the Swaps plugin, for `requires` / `optional` in other manifests. */
export const SWAPS_PLUGIN_ID = 'swaps';
