import { createWalletConnectPlugin } from '@portico/plugin-walletconnect';
import { mountWith } from './withPlugins';

// Every feature plugin on (#41): WalletConnect with the wallet directory, e-mail and social login,
// Activity, Send, Receive, Swap and Buy — what a site copying AppKit's defaults enables, each feature
// plugin listed lazily; what only the Account view shows (Activity, Send, Receive, Swap, Buy) loads once an
// account is connected.  `?registry=` points at the local registry.
const params = new URLSearchParams(location.search);
mountWith(
  [
    createWalletConnectPlugin({ projectId: 'bench', relayUrl: params.get('relay') ?? 'ws://127.0.0.1:9' }),
    () => import('@portico/plugin-email/plugin').then((m) => m.createEmailPlugin({ frameUrl: 'https://wallet.portico.example' })),
    () => import('@portico/plugin-socials/plugin').then((m) => m.socialsPlugin),
    { when: 'connected', load: () => import('@portico/plugin-history').then((m) => m.historyPlugin) },
    { when: 'connected', load: () => import('@portico/plugin-send').then((m) => m.sendPlugin) },
    { when: 'connected', load: () => import('@portico/plugin-receive').then((m) => m.receivePlugin) },
    { when: 'connected', load: () => import('@portico/plugin-swaps/plugin').then((m) => m.swapsPlugin) },
    { when: 'connected', load: () => import('@portico/plugin-onramp/plugin').then((m) => m.createOnrampPlugin({ meld: { publicKey: 'bench-meld-public-key' } })) },
  ],
  params.get('registry') ? { walletRegistryUrl: params.get('registry')! } : {},
);
