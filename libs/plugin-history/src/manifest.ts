import { defineManifest } from '@portico/kernel';
import { version } from '../package.json';

/** Manifest of the Activity plugin: data only, validated by the kernel before anything runs. */
export const manifest = defineManifest({
  id: 'history',
  version,
  kernel: '^0.1.0',
  displayName: 'Activity',
  featureFlag: { id: 'history', default: true, description: 'Transaction history (Activity tab).' },
  contributes: {
    views: [{ id: 'Activity', title: 'Activity' }],
    accountTabs: [{ id: 'activity', label: 'Activity', view: 'Activity', namespaces: ['eip155', 'solana', 'bip122'], order: 30 }],
  },
});
