import { definePlugin } from '@portico/kernel';
import { manifest } from './manifest';

/** The Receive plugin: the Receive button on the Account view and its view (QR code, address, copy, networks), loaded on first use. */
export const receivePlugin = definePlugin({
  manifest,
  messages: () => import('./messages'),
  views: { Receive: () => import('./ReceiveView') },
});
