import { defineManifest } from '@portico/kernel';

/**
 * Manifest of the modal's core: the flags the spec gives the modal itself, the "wallet"
 * connect method, the core views and the Tokens / NFTs account tabs.
 */
export const coreManifest = defineManifest({
  id: 'core',
  version: '0.1.0',
  kernel: '^0.1.0',
  displayName: 'Portico core views',
  flags: [
    { id: 'analytics', default: true, description: 'Anonymous usage events.' },
    { id: 'allWallets', default: true, description: 'The "All wallets" button and view.' },
    { id: 'legalCheckbox', default: false, description: 'Require accepting terms before connecting.' },
    { id: 'collapseWallets', default: false, description: 'Show wallets behind a single button.' },
  ],
  contributes: {
    views: [
      { id: 'Connect', title: 'Connect wallet' },
      { id: 'AllWallets', title: 'All wallets' },
      { id: 'Connecting', title: 'Connecting' },
      { id: 'Networks', title: 'Choose network' },
      { id: 'Account', title: 'Account' },
      { id: 'ApproveTransaction', title: 'Approve transaction', closable: false },
    ],
    connectMethods: [{ id: 'wallet', label: 'Wallet', view: 'Connect', order: 30 }],
    accountTabs: [
      { id: 'tokens', label: 'Tokens', view: 'Account', namespaces: ['eip155', 'solana', 'bip122'], order: 10 },
      { id: 'nfts', label: 'NFTs', view: 'Account', namespaces: ['eip155'], order: 20 },
    ],
  },
});
