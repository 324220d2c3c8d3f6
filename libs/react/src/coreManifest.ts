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
      { id: 'Connect', title: 'Connect Wallet', role: 'home' },
      { id: 'AllWallets', title: 'All Wallets', prefetch: true },
      { id: 'Connecting', title: 'Connecting', prefetch: true },
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
    alerts: [
      { id: 'project-id-not-configured', title: 'Project ID Not Configured', message: 'Set projectId in createPortico() to connect wallets.', severity: 'error' },
      { id: 'invalid-project-id', title: 'Invalid Project ID', message: 'The projectId was not accepted. Check it in your dashboard.', severity: 'error' },
      { id: 'network-not-found', title: 'Network Not Found', message: 'This network is not supported by the app. Choose another network.', severity: 'error' },
      { id: 'invalid-app-configuration', title: 'Invalid App Configuration', message: 'This origin is not on the allowlist, or the embedded wallet failed to load.', severity: 'error' },
      { id: 'socials-timeout', title: 'Sign-in Timed Out', message: 'The social or email sign-in step took too long. Please try again.', severity: 'warning' },
      { id: 'session-expired', title: 'Session Expired', message: 'Your session is invalid. Check your device’s time settings and sign in again.', severity: 'warning' },
    ],
  },
});
