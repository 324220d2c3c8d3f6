import { chainEip155Plugin } from '@portico/chain-eip155';
import { ConnectButton, createPortico, PorticoProvider } from '@portico/react';
import { createRoot } from 'react-dom/client';

const portico = createPortico({
  projectId: 'bench',
  networks: [{ caipNetworkId: 'eip155:1', name: 'Ethereum', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }],
  plugins: [chainEip155Plugin],
});

createRoot(document.getElementById('root')!).render(
  <PorticoProvider portico={portico}>
    <ConnectButton />
  </PorticoProvider>,
);
