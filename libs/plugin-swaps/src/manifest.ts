import { defineManifest } from '@portico/kernel';
import { version } from '../package.json';

/** Manifest of the Swaps plugin: data only, validated by the kernel before anything runs. */
export const manifest = defineManifest({
  id: 'swaps',
  version,
  kernel: '^0.1.0',
  displayName: 'Swaps',
  featureFlag: { id: 'swaps', default: true, description: 'Token swaps.' },
  contributes: {
    views: [{ id: 'Swap', title: 'Swap' }],
    walletButtons: [{ id: 'swaps', label: 'Swap', view: 'Swap', icon: 'recycle-horizontal', namespaces: ['eip155'], order: 20 }],
  },
});
