/** Id of the Sign in with X plugin, for `requires` / `optional` in other manifests. */
export const SIWX_PLUGIN_ID = 'siwx';
