import { definePlugin } from '@portico/kernel';
import { manifest } from './manifest';

/** The Activity plugin: the account's Activity tab on every namespace (its view loaded on first use). */
export const historyPlugin = definePlugin({
  manifest,
  messages: () => import('./messages'),
  views: { Activity: () => import('./ActivityView') },
});
