import type { SwapProvider, SwapsSettings } from '../api';
import { createOneInchProvider } from './oneInch';
import { createUniswapV2Provider } from './uniswapV2';

/** The host's provider configs as providers (custom ones loaded); one that fails to load is left out and logged. */
export async function loadProviders(settings: SwapsSettings, warn: (message: string, error: unknown) => void): Promise<SwapProvider[]> {
  const loaded = await Promise.all(
    settings.providers.map(async (config): Promise<SwapProvider | undefined> => {
      if (config.type === 'uniswap-v2') return createUniswapV2Provider(config.deployments, config.name);
      if (config.type === '1inch') return createOneInchProvider(config, settings.networks);
      try {
        const provider = await config.load();
        if (typeof provider?.quote !== 'function' || typeof provider.buildSwap !== 'function' || typeof provider.supports !== 'function') throw new TypeError('it has no quote / buildSwap / supports');
        return provider;
      } catch (error) {
        warn(`Swap provider "${config.id}" did not load`, error);
        return undefined;
      }
    }),
  );
  return loaded.filter((p): p is SwapProvider => p !== undefined);
}
