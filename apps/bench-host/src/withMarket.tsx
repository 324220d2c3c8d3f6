import { mountWith } from './withPlugins';

// The minimal host plus Swap and Buy (a host's Meld key, so the Buy button is there), enabled as
// lazy plugins (each a chunk loaded after start): what they add to the first load.
mountWith([
  () => import('@portico/plugin-swaps').then((m) => m.swapsPlugin),
  () => import('@portico/plugin-onramp').then((m) => m.createOnrampPlugin({ meld: { publicKey: 'bench-meld-public-key' } })),
]);
