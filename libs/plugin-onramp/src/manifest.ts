import { defineManifest } from '@portico/kernel';
import { version } from '../package.json';

/** Manifest of the Onramp plugin: data only, validated by the kernel before anything runs. */
export const manifest = defineManifest({
  id: 'onramp',
  version,
  kernel: '^0.1.0',
  displayName: 'Onramp',
  featureFlag: { id: 'onramp', default: true, description: 'Buy crypto with an onramp provider.' },
  contributes: {
    views: [{ id: 'OnRampProviders', title: 'Choose provider' }],
    walletButtons: [{ id: 'onramp', label: 'Buy', view: 'OnRampProviders', icon: 'dollar', namespaces: ['eip155', 'solana'], order: 10 }],
  },
});
