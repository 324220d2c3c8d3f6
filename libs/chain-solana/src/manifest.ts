import { defineManifest } from '@portico/kernel';
import { SOLANA_CONFIRM_METHODS, SOLANA_SAFE_METHODS } from './rpcPolicy';
import { version } from '../package.json';

/** Manifest of the Solana chain plugin: the solana namespace, Wallet Standard connectors, RPC policy. */
export const manifest = defineManifest({
  id: 'chain-solana',
  version,
  kernel: '^0.1.0',
  displayName: 'Solana',
  namespaces: [{ id: 'solana', name: 'Solana', defaultAccountType: 'eoa' }],
  contributes: {
    connectorGroups: [{ id: 'solana-announced', group: 'injected', connectorType: 'ANNOUNCED', namespaces: ['solana'], order: 30 }],
    // The modal's NFTs view, fed by this plugin's getNfts (Metaplex metadata).
    accountTabs: [{ id: 'solana-nfts', label: 'NFTs', view: 'AccountNfts', namespaces: ['solana'], order: 20 }],
    rpcPolicies: [
      {
        id: 'solana',
        namespace: 'solana',
        safe: SOLANA_SAFE_METHODS,
        confirm: SOLANA_CONFIRM_METHODS,
        // What the approval view shows of these requests.
        read: { solana_signMessage: { as: 'message', field: 'message', encoding: 'base58' } },
      },
    ],
  },
});
