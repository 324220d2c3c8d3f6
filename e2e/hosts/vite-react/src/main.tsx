// The getting-started snippet (docs/getting-started.md), as a host writes it.
import { chainEip155Plugin } from '@portico/chain-eip155';
import { ConnectButton, createPortico, PorticoProvider } from '@portico/react';
import { createRoot } from 'react-dom/client';

export const portico = createPortico({
  projectId: 'registry-host',
  networks: [{ caipNetworkId: 'eip155:31337', name: 'Anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, testnet: true }],
  plugins: [chainEip155Plugin],
});

createRoot(document.getElementById('root')!).render(
  <PorticoProvider portico={portico}>
    <ConnectButton />
  </PorticoProvider>,
);
