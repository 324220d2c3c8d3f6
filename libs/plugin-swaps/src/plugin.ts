import { definePlugin, onIdle } from '@portico/kernel';
import { swapsSettingsRef } from './api';
import { manifest } from './manifest';
import type { SwapsPluginOptions } from './options';

/**
 * Creates the Swaps plugin: the Swap button on EVM accounts and its view (tokens, amount,
 * quote with rate, price impact, network fee and minimum received, slippage, approval,
 * status), loaded on first use with the providers' code. The options are checked off the first
 * load: when the browser is first idle after start-up (a mistake is logged as an error, naming
 * the field) and when the Swap view opens (it shows the mistake instead of a form).
 */
export function createSwapsPlugin(options: SwapsPluginOptions = {}) {
  return definePlugin({
    manifest,
    activate(ctx) {
      const settings = ctx.loadOnce(() => import('./options').then((m) => m.resolveSwapsOptions(options)));
      ctx.services.register(swapsSettingsRef, { useValue: settings });
      ctx.onDispose(onIdle(() => void settings().catch((error: unknown) => ctx.logger.error('Swaps are off: the host passed bad options to createSwapsPlugin', error))));
    },
    views: { Swap: () => import('./SwapView') },
  });
}

/** The Swaps plugin with the defaults: the spec's 12 networks, 1 % slippage, Uniswap V2 on Ethereum. */
export const swapsPlugin = /* @__PURE__ */ createSwapsPlugin();
