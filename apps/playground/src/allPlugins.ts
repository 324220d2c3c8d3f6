import { chainBip122Plugin } from '@portico/chain-bip122';
import { chainEip155Plugin } from '@portico/chain-eip155';
import { chainSolanaPlugin } from '@portico/chain-solana';
import type { PluginDefinition } from '@portico/kernel';
import { emailPlugin } from '@portico/plugin-email';
import { historyPlugin } from '@portico/plugin-history';
import { onrampPlugin } from '@portico/plugin-onramp';
import { receivePlugin } from '@portico/plugin-receive';
import { sendPlugin } from '@portico/plugin-send';
import { siwxPlugin } from '@portico/plugin-siwx';
import { socialsPlugin } from '@portico/plugin-socials';
import { swapsPlugin } from '@portico/plugin-swaps';
import { walletconnectPlugin } from '@portico/plugin-walletconnect';
import { corePlugin } from '@portico/react';

/** Every first-party plugin the playground can load. */
export const allPlugins: readonly PluginDefinition[] = [
  corePlugin,
  chainEip155Plugin,
  chainSolanaPlugin,
  chainBip122Plugin,
  emailPlugin,
  socialsPlugin,
  walletconnectPlugin,
  siwxPlugin,
  onrampPlugin,
  swapsPlugin,
  receivePlugin,
  sendPlugin,
  historyPlugin,
];
