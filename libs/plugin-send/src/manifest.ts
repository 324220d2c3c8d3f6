import { defineManifest } from '@portico/kernel';
import { version } from '../package.json';

/** Manifest of the Send plugin: data only, validated by the kernel before anything runs. */
export const manifest = defineManifest({
  id: 'send',
  version,
  kernel: '^0.1.0',
  displayName: 'Send',
  featureFlag: { id: 'send', default: true, description: 'Send tokens.' },
  contributes: {
    views: [{ id: 'Send', title: 'Send' }],
    walletButtons: [{ id: 'send', label: 'Send', view: 'Send', icon: 'send', namespaces: ['eip155', 'solana', 'bip122'], order: 40 }],
  },
});
