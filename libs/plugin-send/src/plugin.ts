import { definePlugin } from '@portico/kernel';
import { manifest } from './manifest';

/** The Send plugin: the Send button on the Account view and its view (token, amount, recipient, review, send), loaded on first use. */
export const sendPlugin = definePlugin({
  manifest,
  messages: () => import('./messages'),
  views: { Send: () => import('./SendView') },
});
