import { defineManifest } from '@portico/kernel';
import { WALLETCONNECT_INTERRUPTED_ALERT, WALLETCONNECT_REQUEST_VIEW } from './api';

/** Manifest of the WalletConnect plugin: data only, validated by the kernel before anything runs. */
export const manifest = defineManifest({
  id: 'walletconnect',
  version: '0.1.0',
  kernel: '^0.1.0',
  displayName: 'WalletConnect',
  // After the chain plugins, so their adapters are there to take the session's provider.
  optional: { 'chain-eip155': '^0.1.0', 'chain-solana': '^0.1.0', 'chain-bip122': '^0.1.0' },
  activation: 'eager',
  contributes: {
    views: [
      { id: 'ConnectingWalletConnect', title: 'WalletConnect', prefetch: true },
      // Prefetched: it is needed when the network is away, and then it could not be loaded.
      { id: WALLETCONNECT_REQUEST_VIEW, title: 'Wallet request', prefetch: true },
    ],
    connectorGroups: [{ id: 'walletConnect', group: 'walletConnect', connectorType: 'WALLET_CONNECT' }],
    alerts: [
      {
        id: WALLETCONNECT_INTERRUPTED_ALERT,
        title: 'Connection to your wallet interrupted',
        message: 'Reconnecting… Your wallet cannot receive requests until the connection is back.',
        severity: 'warning',
      },
    ],
  },
});
