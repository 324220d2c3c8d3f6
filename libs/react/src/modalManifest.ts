import { defineManifest } from '@portico/kernel';
import { version } from '../package.json';

/**
 * Manifest of the React modal: its views (home, connecting, account and approval roles among
 * them), the "wallet" connect method and the Tokens account tab. The flags and alerts the spec
 * gives the modal are `@portico/core`'s (`coreManifest`).
 */
export const modalManifest = defineManifest({
  id: 'modal',
  version,
  kernel: '^0.1.0',
  displayName: 'Portico modal views',
  contributes: {
    views: [
      { id: 'Connect', title: 'Connect Wallet', role: 'home' },
      { id: 'AllWallets', title: 'All Wallets', prefetch: true },
      { id: 'Connecting', title: 'Connecting', prefetch: true, role: 'connecting' },
      { id: 'Networks', title: 'Choose Network', prefetch: true },
      { id: 'Account', title: 'Account', prefetch: true, role: 'account' },
      { id: 'AccountTokens', title: 'Tokens', prefetch: true },
      { id: 'AccountNfts', title: 'NFTs', prefetch: true },
      { id: 'ApproveTransaction', title: 'Approve Transaction', closable: false, prefetch: true, role: 'approval' },
    ],
    connectMethods: [{ id: 'wallet', label: 'Wallet', view: 'Connect', order: 30 }],
    accountTabs: [
      { id: 'tokens', label: 'Tokens', view: 'AccountTokens', order: 10 },
    ],
  },
});
