import { chainBip122Plugin } from '@portico/chain-bip122';
import { chainEip155Plugin } from '@portico/chain-eip155';
import { chainSolanaPlugin } from '@portico/chain-solana';
import type { PluginDefinition } from '@portico/kernel';
import { createEmailPlugin } from '@portico/plugin-email';
import { historyPlugin } from '@portico/plugin-history';
import { createOnrampPlugin } from '@portico/plugin-onramp';
import { receivePlugin } from '@portico/plugin-receive';
import { sendPlugin } from '@portico/plugin-send';
import { siwxPlugin } from '@portico/plugin-siwx';
import { smartSessionsPlugin } from '@portico/plugin-smart-sessions';
import { socialsPlugin } from '@portico/plugin-socials';
import { swapsPlugin } from '@portico/plugin-swaps';
import { walletconnectPlugin } from '@portico/plugin-walletconnect';
import { corePlugin, modalPlugin } from '@portico/react';

/** Every first-party plugin, deliberately not in the spec's order (Buy with a provider and e-mail with a wallet frame, as a host that offers them configures them). */
export const allPlugins: readonly PluginDefinition[] = [
  sendPlugin,
  walletconnectPlugin,
  receivePlugin,
  chainSolanaPlugin,
  swapsPlugin,
  socialsPlugin,
  smartSessionsPlugin,
  historyPlugin,
  corePlugin,
  modalPlugin,
  createEmailPlugin({ frameUrl: 'https://wallet.portico.example' }),
  chainBip122Plugin,
  createOnrampPlugin({ meld: { publicKey: 'spec-test-meld-key' }, timeZone: 'Europe/Paris' }),
  siwxPlugin,
  chainEip155Plugin,
];
