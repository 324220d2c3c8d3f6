import { defineManifest } from '@portico/kernel';
import { version } from '../package.json';

/**
 * Manifest of Portico's core, loaded first by every `createPortico`: the flags the spec gives the
 * modal itself (a binding's views read them) and the alerts the core raises or a plugin may.
 */
export const coreManifest = defineManifest({
  id: 'core',
  version,
  kernel: '^0.1.0',
  displayName: 'Portico core',
  flags: [
    { id: 'analytics', default: true, description: 'Anonymous usage events.' },
    { id: 'allWallets', default: true, description: 'The "All wallets" button and view.' },
    { id: 'legalCheckbox', default: false, description: 'Require accepting terms before connecting.' },
    { id: 'collapseWallets', default: false, description: 'Show wallets behind a single button.' },
  ],
  contributes: {
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
