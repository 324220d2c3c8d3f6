import { chainEip155Plugin } from '@portico/chain-eip155';
import { ConnectButton, createPortico, PorticoProvider } from '@portico/react';
import { createRoot } from 'react-dom/client';

/** The host's Portico instance (the bench's wallet page reads it). */
export const portico = createPortico({
  projectId: 'bench',
  networks: [
    { caipNetworkId: 'eip155:1', name: 'Ethereum', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } },
    { caipNetworkId: 'eip155:31337', name: 'Anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, testnet: true },
  ],
  plugins: [chainEip155Plugin],
});

createRoot(document.getElementById('root')!).render(
  <PorticoProvider portico={portico}>
    <ConnectButton />
  </PorticoProvider>,
);
