import { defineManifest } from '@portico/kernel';
import { version } from '../package.json';

/**
 * Manifest of the smart-sessions plugin (ERC-7715): data only, validated by the kernel before
 * anything runs. It owns the `smartSessions` flag (off by default) and, with it, the RPC policy
 * that lets `wallet_grantPermissions` through at all (confirmed by the user, read field by
 * field on the approval view) and the read of what is granted; without the plugin the kernel
 * refuses both, as it does any method no policy names.
 */
export const manifest = defineManifest({
  id: 'smart-sessions',
  version,
  kernel: '^0.1.0',
  displayName: 'Smart sessions',
  featureFlag: { id: 'smartSessions', default: false, description: 'ERC-7715 smart-session permissions.' },
  contributes: {
    rpcPolicies: [
      {
        id: 'smart-sessions',
        namespace: 'eip155',
        safe: ['wallet_getGrantedExecutionPermissions'],
        confirm: ['wallet_grantPermissions'],
        read: { wallet_grantPermissions: { as: 'permissions' } },
      },
    ],
    walletButtons: [{ id: 'permissions', label: 'Permissions', view: 'Permissions', icon: 'key', namespaces: ['eip155'], order: 80 }],
    views: [{ id: 'Permissions', title: 'Permissions' }],
  },
});
