/** Id of the Social login plugin, for `requires` / `optional` in other manifests. */
export const SOCIALS_PLUGIN_ID = 'socials';
