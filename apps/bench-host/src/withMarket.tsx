import { mountWith } from './withPlugins';

// The minimal host plus Swap and Buy (a host's Meld key, so the Buy button is there), enabled as
// lazy plugins through their `/plugin` entries (the plugin alone, not the index's other exports):
// what they add to the first load.
mountWith([
  () => import('@portico/plugin-swaps/plugin').then((m) => m.swapsPlugin),
  () => import('@portico/plugin-onramp/plugin').then((m) => m.createOnrampPlugin({ meld: { publicKey: 'bench-meld-public-key' } })),
]);
