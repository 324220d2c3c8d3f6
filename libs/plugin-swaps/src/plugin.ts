import { createServiceRef, definePlugin, onIdle, type ConnectionStore } from '@portico/kernel';
import { swapsSettingsRef } from './api';
import { manifest } from './manifest';
import type { SwapsPluginOptions } from './options';

/** The kernel's connection, by its id (a service is its id): `kernelRefs` would split the kernel's refs into a chunk of their own in a host that lists this plugin lazily. */
const connectionRef = createServiceRef<ConnectionStore>('kernel/connection');

/**
 * Creates the Swaps plugin: the Swap button on EVM accounts and its view (tokens, amount,
 * quote with rate, price impact, network fee and minimum received, slippage, approval,
 * status), loaded on first use with the providers' code. The options are checked off the first
 * load: when the browser is idle after an account first connects (a mistake is logged as an
 * error, naming the field) and when the Swap view opens (it shows the mistake instead of a form).
 */
export function createSwapsPlugin(options: SwapsPluginOptions = {}) {
  return definePlugin({
    manifest,
    messages: () => import('./messages'),
    activate(ctx) {
      const settings = ctx.loadOnce(() => import('./options').then((m) => m.resolveSwapsOptions(options)));
      ctx.services.register(swapsSettingsRef, { useValue: settings });
      // Checked off the first load, and not before a visitor could use it: once an account is
      // connected (its button shows), when the browser is next idle; and when the view opens.
      const check = () => ctx.onDispose(onIdle(() => void settings().catch((error: unknown) => ctx.logger.error('Swaps are off: the host passed bad options to createSwapsPlugin', error))));
      if (Object.values(ctx.services.get(connectionRef).getSnapshot().namespaces).some((n) => n.status === 'connected')) check();
      else ctx.onDispose(ctx.events.once('account:connected', check));
    },
    views: { Swap: () => import('./SwapView') },
  });
}

/** The Swaps plugin with the defaults: the spec's 12 networks, 1 % slippage, Uniswap V2 on Ethereum. */
export const swapsPlugin = /* @__PURE__ */ createSwapsPlugin();
