import { definePlugin, onIdle } from '@portico/kernel';
import { isRestrictedTimeZone, onrampSettingsRef } from './api';
import { manifest } from './manifest';
import type { OnrampPluginOptions } from './options';

/**
 * Creates the Onramp plugin: the Buy button on EVM and Solana accounts and its view (amount and
 * currency, the providers with their quotes and fees, the provider's widget in a popup, then
 * "buy in progress" until the funds arrive), loaded on first use. The Buy button is left out
 * where the onramp is restricted (the time zones of mainland China, Hong Kong and Macau) and
 * when no provider is configured. The options are checked off the first load: when the browser
 * is first idle (a mistake is logged as an error, naming the field) and when the Buy view opens.
 */
export function createOnrampPlugin(options: OnrampPluginOptions = {}) {
  const offered = (options.coinbase || options.meld) && !isRestrictedTimeZone(options.timeZone);
  return definePlugin({
    manifest: offered ? manifest : { ...manifest, contributes: { views: manifest.contributes.views } },
    activate(ctx) {
      const settings = ctx.loadOnce(() => import('./options').then((m) => m.resolveOnrampOptions(options)));
      ctx.services.register(onrampSettingsRef, { useValue: settings });
      ctx.onDispose(onIdle(() => void settings().catch((error: unknown) => ctx.logger.error('Buying is off: the host passed bad options to createOnrampPlugin', error))));
    },
    views: { OnRampProviders: () => import('./OnRampView') },
  });
}

/** The Onramp plugin without providers: no Buy button until the host configures Coinbase or Meld. */
export const onrampPlugin = /* @__PURE__ */ createOnrampPlugin();
