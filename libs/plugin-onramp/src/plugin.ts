import { createServiceRef, definePlugin, onIdle, type ConnectionStore } from '@portico/kernel';
import { isRestrictedTimeZone, onrampSettingsRef } from './api';
import { manifest } from './manifest';
import type { OnrampPluginOptions } from './options';

/** The kernel's connection, by its id (a service is its id): `kernelRefs` would split the kernel's refs into a chunk of their own in a host that lists this plugin lazily. */
const connectionRef = createServiceRef<ConnectionStore>('kernel/connection');

/**
 * Creates the Onramp plugin: the Buy button on EVM and Solana accounts and its view (amount and
 * currency, the providers with their quotes and fees, the provider's widget in a popup, then
 * "buy in progress" until the funds arrive), loaded on first use. The Buy button is left out
 * where the onramp is restricted (the time zones of mainland China, Hong Kong and Macau) and
 * when no provider is configured. The options are checked off the first load: when the browser
 * is idle after an account first connects (a mistake is logged as an error, naming the field) and
 * when the Buy view opens.
 */
export function createOnrampPlugin(options: OnrampPluginOptions = {}) {
  const offered = (options.coinbase || options.meld) && !isRestrictedTimeZone(options.timeZone);
  return definePlugin({
    manifest: offered ? manifest : { ...manifest, contributes: { views: manifest.contributes.views } },
    messages: () => import('./messages'),
    activate(ctx) {
      const settings = ctx.loadOnce(() => import('./options').then((m) => m.resolveOnrampOptions(options)));
      ctx.services.register(onrampSettingsRef, { useValue: settings });
      // Checked off the first load, and not before a visitor could use it: once an account is
      // connected (its button shows), when the browser is next idle; and when the view opens.
      const check = () => ctx.onDispose(onIdle(() => void settings().catch((error: unknown) => ctx.logger.error('Buying is off: the host passed bad options to createOnrampPlugin', error))));
      if (Object.values(ctx.services.get(connectionRef).getSnapshot().namespaces).some((n) => n.status === 'connected')) check();
      else ctx.onDispose(ctx.events.once('account:connected', check));
    },
    views: { OnRampProviders: () => import('./OnRampView') },
  });
}

/** The Onramp plugin without providers: no Buy button until the host configures Coinbase or Meld. */
export const onrampPlugin = /* @__PURE__ */ createOnrampPlugin();
