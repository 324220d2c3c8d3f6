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
import { walletconnectPlugin } from '@portico/plugin-walletconnect';

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
