import { definePlugin } from '@portico/kernel';
import { swapsSettingsRef } from './api';
import { manifest } from './manifest';
import { resolveSwapsOptions, type SwapsPluginOptions } from './options';

/**
 * Creates the Swaps plugin: the Swap button on EVM accounts and its view (tokens, amount,
 * quote with rate, price impact, network fee and minimum received, slippage, approval,
 * status), loaded on first use with the providers' code. Throws a `TypeError` for bad options.
 */
export function createSwapsPlugin(options: SwapsPluginOptions = {}) {
  const settings = resolveSwapsOptions(options);
  return definePlugin({
    manifest,
    activate(ctx) {
      ctx.services.register(swapsSettingsRef, { useValue: settings });
    },
    views: { Swap: () => import('./SwapView') },
  });
}

/** The Swaps plugin with the defaults: the spec's 12 networks, 1 % slippage, Uniswap V2 on Ethereum. */
export const swapsPlugin = createSwapsPlugin();
