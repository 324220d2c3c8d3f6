import { defineManifest } from '@portico/kernel';

/** Manifest of the E-mail login plugin: data only, validated by the kernel before anything runs. */
export const manifest = defineManifest({
  id: 'email',
  version: '0.1.0',
  kernel: '^0.1.0',
  displayName: 'E-mail login',
  featureFlag: { id: 'email', default: true, description: 'E-mail one-time-passcode login.' },
  contributes: {
    connectMethods: [{ id: 'email', label: 'Email', view: 'EmailLogin', order: 10 }],
    views: [
      { id: 'EmailLogin', title: 'Continue with email' },
      { id: 'EmailVerifyDevice', title: 'Register device' },
      { id: 'EmailVerifyOtp', title: 'Confirm email' },
    ],
    connectorGroups: [{ id: 'auth', group: 'external', connectorType: 'AUTH' }],
  },
});
