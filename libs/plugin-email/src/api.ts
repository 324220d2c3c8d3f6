/** Id of the E-mail login plugin, for `requires` / `optional` in other manifests. */
export const EMAIL_PLUGIN_ID = 'email';
