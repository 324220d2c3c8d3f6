import { createWalletConnectPlugin } from '@portico/plugin-walletconnect';
import { mountWith } from './withPlugins';

// The minimal host plus WalletConnect and the wallet directory (`?registry=` points at the local
// registry the bench starts; `?relay=` at a relay, unused unless a pairing starts).
const params = new URLSearchParams(location.search);
mountWith([createWalletConnectPlugin({ projectId: 'bench', relayUrl: params.get('relay') ?? 'ws://127.0.0.1:9' })], {
  ...(params.get('registry') ? { walletRegistryUrl: params.get('registry')! } : {}),
});
(window as { benchReady?: boolean }).benchReady = true;
