import { defineManifest } from '@portico/kernel';
import { version } from '../package.json';

/** Manifest of the Sign in with X plugin: data only, validated by the kernel before anything runs. */
export const manifest = defineManifest({
  id: 'siwx',
  version,
  kernel: '^0.1.0',
  displayName: 'Sign in with X',
  contributes: {
    views: [{ id: 'SIWXSignMessage', title: 'Sign in', closable: false }],
    alerts: [
      {
        id: 'siwx-init-failed',
        title: 'Sign in',
        message: 'A problem occurred while trying initialize authentication',
        severity: 'error',
      },
    ],
  },
});
