import { definePlugin } from '@portico/kernel';
import { manifest } from './manifest';

/**
 * The Social login plugin: the providers in the spec's order on the Connect view (the host can
 * reorder and hide them), and the SocialConnecting view, which signs in at the provider in a
 * popup through the e-mail plugin's wallet frame and auth service (it needs the e-mail plugin
 * with a frame) and connects the same AUTH connector: the same kind of wallet an e-mail login gives.
 */
export const socialsPlugin = definePlugin({
  manifest,
  messages: () => import('./messages'),
  views: {
    SocialConnecting: () => import('./views/SocialConnectingView'),
  },
});
