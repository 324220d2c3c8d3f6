import { createOnrampPlugin } from '@portico/plugin-onramp';
import { swapsPlugin } from '@portico/plugin-swaps';
import { mountWith } from './withPlugins';

// The minimal host plus Swap and Buy (a host's Meld key, so the Buy button is there): what they add to the first load.
mountWith([swapsPlugin, createOnrampPlugin({ meld: { publicKey: 'bench-meld-public-key' } })]);
