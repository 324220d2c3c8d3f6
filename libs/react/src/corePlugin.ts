import { definePlugin } from '@portico/kernel';
import { coreManifest } from './coreManifest';

/** The core plugin every Portico instance loads first: the modal's own views, each lazy. */
export const corePlugin = definePlugin({
  manifest: coreManifest,
  views: {
    Connect: () => import('./views/ConnectView'),
    AllWallets: () => import('./views/AllWalletsView'),
    Connecting: () => import('./views/ConnectingView'),
    Networks: () => import('./views/NetworksView'),
    Account: () => import('./views/AccountView'),
    AccountTokens: () => import('./views/AccountTokensView'),
    AccountNfts: () => import('./views/AccountNftsView'),
    ApproveTransaction: () => import('./views/ApproveTransactionView'),
  },
});
