/** Id of the Activity plugin, for `requires` / `optional` in other manifests. */
export const HISTORY_PLUGIN_ID = 'history';
