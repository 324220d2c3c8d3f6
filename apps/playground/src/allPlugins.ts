import { evmPlugin } from './evm';
import { bip122Plugin, solanaPlugin } from './multichain';
import type { PluginDefinition } from '@portico/kernel';
import { createEmailPlugin } from '@portico/plugin-email';
import { historyPlugin } from '@portico/plugin-history';
import { createOnrampPlugin } from '@portico/plugin-onramp';
import { receivePlugin } from '@portico/plugin-receive';
import { sendPlugin } from '@portico/plugin-send';
import { smartSessionsPlugin } from '@portico/plugin-smart-sessions';
import { socialsPlugin } from '@portico/plugin-socials';
import { createSwapsPlugin, DEFAULT_SWAP_NETWORKS, UNISWAP_V2_MAINNET, type SwapProviderConfig } from '@portico/plugin-swaps';
import { createWalletConnectPlugin } from '@portico/plugin-walletconnect';

const params = new URLSearchParams(location.search);
/** The local relay: `?relay=ws://…`, or what `npm start` passes in VITE_PORTICO_RELAY. */
const relayUrl = params.get('relay') ?? (import.meta.env.VITE_PORTICO_RELAY as string | undefined);
/**
 * WalletConnect on the local relay (a pairing lasts `?pairingMs=`, and a request waits at most
 * `?relayTimeoutMs=` on an unreachable relay, when a test shortens them).
 */
const walletconnectPlugin = createWalletConnectPlugin({
  projectId: params.get('projectId') ?? 'playground-project',
  ...(relayUrl ? { relayUrl } : {}),
  ...(params.get('pairingMs') ? { pairingLifetimeMs: Number(params.get('pairingMs')), expiryMarginMs: Number(params.get('pairingMs')) / 4 } : {}),
  ...(params.get('relayTimeoutMs') ? { relayTimeoutMs: Number(params.get('relayTimeoutMs')) } : {}),
});

const env = import.meta.env as Record<string, string | undefined>;
/** The local Uniswap V2 (`?uniswap={"router":"0x…","weth":"0x…"}`, or VITE_PORTICO_UNISWAP from `npm start`) on the first chain. */
const uniswap = (() => {
  try {
    return JSON.parse(params.get('uniswap') ?? env.VITE_PORTICO_UNISWAP ?? 'null') as { router: string; weth: string } | null;
  } catch {
    return null;
  }
})();
/**
 * The site's swap proxy to the local 1inch-compatible API (`?aggregator=url`, or VITE_PORTICO_AGGREGATOR):
 * the key stays in the proxy, as it must on a real site (1inch's API sends no CORS headers).
 */
const aggregatorUrl = params.get('aggregator') ?? env.VITE_PORTICO_AGGREGATOR;
/** `?swapProviders=v2` or `=1inch` keeps one of them (each adapter path on its own); both by default. */
const swapProviders = (params.get('swapProviders') ?? 'v2,1inch').split(',');
const LOCAL_CHAIN = 'eip155:31337';
const localProviders: SwapProviderConfig[] = [
  ...(uniswap && swapProviders.includes('v2') ? [{ type: 'uniswap-v2' as const, name: 'Uniswap V2 (local)', deployments: { [LOCAL_CHAIN]: uniswap } }] : []),
  ...(aggregatorUrl && swapProviders.includes('1inch') ? [{ type: '1inch' as const, url: aggregatorUrl, networks: [LOCAL_CHAIN] }] : []),
];
/** Swaps on the local chain through the local references (and the spec's 12 networks); `?swapTtl=ms` shortens a quote's life. */
const swapsPlugin = createSwapsPlugin({
  ...(localProviders.length ? { networks: [LOCAL_CHAIN, ...DEFAULT_SWAP_NETWORKS], providers: [...localProviders, UNISWAP_V2_MAINNET] } : {}),
  ...(params.get('swapTtl') ? { quoteTtlMs: Number(params.get('swapTtl')) } : {}),
});

/**
 * The site's onramp server (`?onramp=url`, or VITE_PORTICO_ONRAMP: quotes and Coinbase session tokens)
 * and where the providers' widgets are (`?onrampWidgets=url`, or VITE_PORTICO_ONRAMP_WIDGETS: the
 * local stand-in for pay.coinbase.com and meldcrypto.com), with Meld's public key (`?meldKey=…`).
 */
const onrampUrl = params.get('onramp') ?? env.VITE_PORTICO_ONRAMP;
const widgetsUrl = params.get('onrampWidgets') ?? env.VITE_PORTICO_ONRAMP_WIDGETS;
const meldKey = params.get('meldKey') ?? env.VITE_PORTICO_MELD_KEY;
const onrampPlugin = createOnrampPlugin(
  onrampUrl && widgetsUrl
    ? {
        coinbase: { sessionTokenUrl: `${onrampUrl}/coinbase/token`, widgetUrl: `${widgetsUrl}/buy/select-asset` },
        ...(meldKey ? { meld: { publicKey: meldKey, widgetUrl: `${widgetsUrl}/widget/meld` } } : {}),
        quoteUrl: `${onrampUrl}/quotes`,
        pollMs: 500,
        // The local chain stands in for Ethereum: the providers' names for it.
        networks: { [LOCAL_CHAIN]: { coinbaseNetwork: 'ethereum', coinbaseAsset: 'ETH', meldCode: 'ETH' } },
      }
    : {},
);

/** The embedded wallet's frame (`?frame=url`, or VITE_PORTICO_FRAME from `npm start`): e-mail login. */
const frameUrl = params.get('frame') ?? env.VITE_PORTICO_FRAME;
const emailPlugin = createEmailPlugin(
  frameUrl
    ? {
        frameUrl,
        ...(params.get('frameLoadMs') ? { frameLoadTimeoutMs: Number(params.get('frameLoadMs')) } : {}),
        // `?stepMs=` shortens the spec's 30 s step timeout (a test of the socials-timeout alert).
        ...(params.get('stepMs') ? { stepTimeoutMs: Number(params.get('stepMs')) } : {}),
      }
    : {},
);

/** Every first-party plugin the playground can load (the core comes with createPortico). */
export const allPlugins: readonly PluginDefinition[] = [
  evmPlugin,
  solanaPlugin,
  bip122Plugin,
  emailPlugin,
  socialsPlugin,
  walletconnectPlugin,
  onrampPlugin,
  swapsPlugin,
  receivePlugin,
  sendPlugin,
  historyPlugin,
  smartSessionsPlugin,
];
