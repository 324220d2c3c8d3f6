import { defineManifest } from '@portico/kernel';
import { version } from '../package.json';

/** Manifest of the Receive plugin: data only, validated by the kernel before anything runs. */
export const manifest = defineManifest({
  id: 'receive',
  version,
  kernel: '^0.1.0',
  displayName: 'Receive',
  featureFlag: { id: 'receive', default: true, description: 'Receive: address and QR code.' },
  contributes: {
    views: [{ id: 'Receive', title: 'Receive' }],
    walletButtons: [{ id: 'receive', label: 'Receive', view: 'Receive', icon: 'arrow-bottom-circle', order: 30 }],
  },
});
