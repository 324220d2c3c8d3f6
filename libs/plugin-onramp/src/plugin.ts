import { definePlugin } from '@portico/kernel';
import { isRestrictedTimeZone, onrampSettingsRef } from './api';
import { manifest } from './manifest';
import { resolveOnrampOptions, type OnrampPluginOptions } from './options';

/**
 * Creates the Onramp plugin: the Buy button on EVM and Solana accounts and its view (amount and
 * currency, the providers with their quotes and fees, the provider's widget in a popup, then
 * "buy in progress" until the funds arrive), loaded on first use. The Buy button is left out
 * where the onramp is restricted (the time zones of mainland China, Hong Kong and Macau) and
 * when no provider is configured. Throws a `TypeError` for bad options.
 */
export function createOnrampPlugin(options: OnrampPluginOptions = {}) {
  const settings = resolveOnrampOptions(options);
  const offered = (settings.coinbase || settings.meld) && !isRestrictedTimeZone(options.timeZone);
  return definePlugin({
    manifest: offered ? manifest : { ...manifest, contributes: { views: manifest.contributes.views } },
    activate(ctx) {
      ctx.services.register(onrampSettingsRef, { useValue: settings });
    },
    views: { OnRampProviders: () => import('./OnRampView') },
  });
}

/** The Onramp plugin without providers: no Buy button until the host configures Coinbase or Meld. */
export const onrampPlugin = createOnrampPlugin();
