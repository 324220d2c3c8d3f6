import { chainAdapterRef, definePlugin } from '@portico/kernel';
import { EMAIL_VIEWS } from './api';
import { manifest } from './manifest';

/** Options of `createEmailPlugin`. */
export interface EmailPluginOptions {
  /** The wallet frame's address (its own origin). Without it, e-mail login is not offered. */
  frameUrl?: string;
  /** How long the frame may take to say READY (default 15 s). */
  frameLoadTimeoutMs?: number;
  /**
   * How long one login step may wait for the frame before the socials-timeout alert (default
   * the spec's 30 000 ms; the wait for a person at a social provider is not a step).
   */
  stepTimeoutMs?: number;
}

/**
 * Creates the E-mail login plugin: the e-mail field first in the Connect view, the login views
 * (address, device link, passcode) and the AUTH connector, an embedded wallet in a frame on its
 * own origin (`frameUrl`) whose EIP-1193 provider the eip155 adapter takes. Listed with the page,
 * it costs the page its manifest and this function: the manifest places the e-mail row on the
 * Connect view at start, and the plugin activates (fetching `activateEmail`, then the flow and the
 * frame) when one of its views opens or a connection uses its connector (the manifest's
 * `activation`: a login restored after a reload, or made in another tab). Signing through it opens
 * the approval view, which shows the frame's own approval screen: the frame signs only on the
 * user's click inside it (issue #36).
 */
export function createEmailPlugin(options: EmailPluginOptions = {}) {
  const frameUrl = options.frameUrl && URL.canParse(options.frameUrl) && /^https?:$/.test(new URL(options.frameUrl).protocol) ? options.frameUrl : undefined;
  return definePlugin({
    // Without a frame, no e-mail method on the Connect view (the views stay declared), and the
    // activation at start says why when the host gave a frame address that cannot be one.
    manifest: frameUrl ? manifest : { ...manifest, activation: 'eager', contributes: { views: manifest.contributes.views } },
    messages: () => import('./messages'),
    async activate(ctx) {
      if (options.frameUrl && !frameUrl) ctx.logger.error(`E-mail login is off: frameUrl must be an http(s) URL, not ${JSON.stringify(options.frameUrl)}`);
      if (!frameUrl || !ctx.services.has(chainAdapterRef('eip155'))) return;
      await (await import('./activateEmail')).activateEmail(ctx, frameUrl, options);
    },
    views: {
      [EMAIL_VIEWS.login]: () => import('./views/EmailLoginView'),
      [EMAIL_VIEWS.device]: () => import('./views/EmailVerifyDeviceView'),
      [EMAIL_VIEWS.otp]: () => import('./views/EmailVerifyOtpView'),
      [EMAIL_VIEWS.update]: () => import('./views/UpdateEmailView'),
      [EMAIL_VIEWS.updatePrimary]: () => import('./views/UpdateEmailPrimaryOtpView'),
      [EMAIL_VIEWS.updateSecondary]: () => import('./views/UpdateEmailSecondaryOtpView'),
      [EMAIL_VIEWS.recover]: () => import('./views/EmailRecoverView'),
      [EMAIL_VIEWS.recoveryPassword]: () => import('./views/EmailRecoveryPasswordView'),
    },
  });
}

/** The E-mail login plugin without a frame: its manifest places it, but it offers no e-mail login. */
export const emailPlugin = /* @__PURE__ */ createEmailPlugin();
