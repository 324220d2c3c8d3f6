import { defineManifest } from '@portico/kernel';
import { EMAIL_CONNECTOR_ID } from './api';
import { version } from '../package.json';

/** Manifest of the E-mail login plugin: data only, validated by the kernel before anything runs. */
export const manifest = defineManifest({
  id: 'email',
  version,
  kernel: '^0.1.0',
  displayName: 'E-mail login',
  featureFlag: { id: 'email', default: true, description: 'E-mail one-time-passcode login.' },
  // Its views activate it (the kernel activates a view's plugin first), and so does a connection of
  // its wallet: restored at start after a reload, or made in another tab.
  activation: { onConnectors: [EMAIL_CONNECTOR_ID] },
  contributes: {
    connectMethods: [{ id: 'email', label: 'Email', view: 'EmailLogin', icon: 'mail', order: 10 }],
    views: [
      { id: 'EmailLogin', title: 'Continue with email' },
      { id: 'EmailVerifyDevice', title: 'Register device' },
      { id: 'EmailVerifyOtp', title: 'Confirm email' },
      { id: 'UpdateEmail', title: 'Edit email' },
      { id: 'UpdateEmailPrimaryOtp', title: 'Confirm current email' },
      { id: 'UpdateEmailSecondaryOtp', title: 'Confirm new email' },
      { id: 'EmailRecover', title: 'Recover your wallet' },
      { id: 'EmailRecoveryPassword', title: 'Recovery password' },
    ],
    // The e-mail wallet's settings (its address), on the Account view while it is the connected wallet.
    walletButtons: [{ id: 'email', label: 'Email', view: 'UpdateEmail', icon: 'mail', namespaces: ['eip155', 'solana'], connectorTypes: ['AUTH'], order: 90 }],
    connectorGroups: [{ id: 'auth', group: 'external', connectorType: 'AUTH' }],
  },
});
