import { defineManifest } from '@portico/kernel';
import { WALLETCONNECT_INTERRUPTED_ALERT, WALLETCONNECT_QR_VIEW, WALLETCONNECT_REQUEST_VIEW } from './api';
import { version } from '../package.json';

/** Manifest of the WalletConnect plugin: data only, validated by the kernel before anything runs. */
export const manifest = defineManifest({
  id: 'walletconnect',
  version,
  kernel: '^0.1.0',
  displayName: 'WalletConnect',
  activation: 'eager',
  contributes: {
    views: [
      { id: WALLETCONNECT_QR_VIEW, title: 'WalletConnect', prefetch: true },
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
