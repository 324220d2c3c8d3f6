import { createEmailPlugin } from '@portico/plugin-email/plugin';
import { historyPlugin } from '@portico/plugin-history';
import { createOnrampPlugin } from '@portico/plugin-onramp/plugin';
import { receivePlugin } from '@portico/plugin-receive';
import { sendPlugin } from '@portico/plugin-send';
import { socialsPlugin } from '@portico/plugin-socials/plugin';
import { swapsPlugin } from '@portico/plugin-swaps/plugin';
import { createWalletConnectPlugin } from '@portico/plugin-walletconnect';
import { mountWith } from './withPlugins';

// Every feature plugin on (#41): WalletConnect with the wallet directory, e-mail and social login,
// Activity, Send, Receive, Swap and Buy — what a site copying AppKit's defaults enables. Each is
// listed with the page: the kernel reads their manifests at start (the Connect view's e-mail and
// social rows, the Account view's buttons and tabs) and their code loads when they activate (a
// view of theirs opens; the e-mail plugin also when a connection uses its wallet). `?registry=`
// points at the local registry.
const params = new URLSearchParams(location.search);
mountWith(
  [
    createWalletConnectPlugin({ projectId: 'bench', relayUrl: params.get('relay') ?? 'ws://127.0.0.1:9' }),
    createEmailPlugin({ frameUrl: 'https://wallet.portico.example' }),
    socialsPlugin,
    historyPlugin,
    sendPlugin,
    receivePlugin,
    swapsPlugin,
    createOnrampPlugin({ meld: { publicKey: 'bench-meld-public-key' } }),
  ],
  params.get('registry') ? { walletRegistryUrl: params.get('registry')! } : {},
);
