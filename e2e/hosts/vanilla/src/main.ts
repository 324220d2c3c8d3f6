// The getting-started snippet for a page without React (docs/getting-started.md): mountPortico
// renders the connect button and the modal into an element (React comes with @portico/react's peers).
import { chainEip155Plugin } from '@portico/chain-eip155';
import { createPortico, mountPortico } from '@portico/react';

export const portico = createPortico({
  projectId: 'registry-vanilla-host',
  networks: [{ caipNetworkId: 'eip155:31337', name: 'Anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, testnet: true }],
  plugins: [chainEip155Plugin],
});

mountPortico(portico, document.getElementById('portico')!);
