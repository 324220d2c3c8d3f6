/** Id of the smart-sessions plugin, for `requires` / `optional` in other manifests. */
export const SMART_SESSIONS_PLUGIN_ID = 'smart-sessions';

/** The ERC-7715 methods: the grant the user approves, the read of what is granted, the revocation. */
export const PERMISSION_METHODS = {
  grant: 'wallet_grantPermissions',
  list: 'wallet_getGrantedExecutionPermissions',
  revoke: 'wallet_revokePermissions',
} as const;
