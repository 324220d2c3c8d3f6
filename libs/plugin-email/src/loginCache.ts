/** The key of the cached login data in the plugin's storage (spec §4: cleared on disconnect or when the frame reports not connected). */
export const LOGIN_CACHE_KEY = 'login';
