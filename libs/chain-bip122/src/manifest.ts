import { defineManifest } from '@portico/kernel';
import { BIP122_CONFIRM_METHODS, BIP122_SAFE_METHODS } from './rpcPolicy';
import { version } from '../package.json';

/** Manifest of the Bitcoin chain plugin: the bip122 namespace, Wallet Standard connectors, RPC policy. */
export const manifest = defineManifest({
  id: 'chain-bip122',
  version,
  kernel: '^0.1.0',
  displayName: 'Bitcoin',
  namespaces: [{ id: 'bip122', name: 'Bitcoin', accountTypes: ['payment', 'ordinal'], defaultAccountType: 'payment' }],
  contributes: {
    connectorGroups: [{ id: 'bip122-announced', group: 'injected', connectorType: 'ANNOUNCED', namespaces: ['bip122'] }],
    rpcPolicies: [
      {
        id: 'bip122',
        namespace: 'bip122',
        safe: BIP122_SAFE_METHODS,
        confirm: BIP122_CONFIRM_METHODS,
        // What the approval view shows of these requests.
        read: {
          signMessage: { as: 'message', field: 'message', encoding: 'text' },
          sendTransfer: { as: 'transfer', to: 'recipientAddress', amount: 'amount' },
        },
      },
    ],
  },
});
