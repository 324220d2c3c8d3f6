import { evmPlugin } from './evm';
import { bip122Plugin, solanaPlugin } from './multichain';
import type { PluginDefinition } from '@portico/kernel';
import { emailPlugin } from '@portico/plugin-email';
import { historyPlugin } from '@portico/plugin-history';
import { onrampPlugin } from '@portico/plugin-onramp';
import { receivePlugin } from '@portico/plugin-receive';
import { sendPlugin } from '@portico/plugin-send';
import { socialsPlugin } from '@portico/plugin-socials';
import { swapsPlugin } from '@portico/plugin-swaps';
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
];
