import { definePlugin } from '@portico/kernel';
import { manifest } from './manifest';

/**
 * The smart-sessions plugin (ERC-7715): with the `smartSessions` flag on, a site may ask the
 * connected wallet for a scoped, expiring permission (`wallet_grantPermissions` through the
 * wallet provider, e.g. viem's `grantPermissions`), which the user approves once; the Account
 * view's Permissions button lists what is granted (`wallet_getGrantedExecutionPermissions`)
 * and revokes it. Batches the site then sends under a grant (`wallet_sendCalls` with the
 * `permissions` capability) go to the wallet without a prompt: the wallet holds them to the grant.
 */
export const smartSessionsPlugin = definePlugin({
  manifest,
  messages: () => import('./messages'),
  views: {
    Permissions: () => import('./views/PermissionsView'),
  },
});
