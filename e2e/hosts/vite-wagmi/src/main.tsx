// The getting-started snippet for an app that uses wagmi (docs/getting-started.md).
import { chainEip155Plugin } from '@portico/chain-eip155';
import { ConnectButton, createPortico, PorticoProvider } from '@portico/react';
import { createPorticoWagmiConfig } from '@portico/wagmi';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { WagmiProvider } from 'wagmi';
import { Account } from './Account';
import { SignWithViem } from './SignWithViem';

const ether = { name: 'Ether', symbol: 'ETH', decimals: 18 };
export const portico = createPortico({
  projectId: 'registry-wagmi-host',
  networks: [
    { caipNetworkId: 'eip155:31337', name: 'Anvil', nativeCurrency: ether, testnet: true },
    { caipNetworkId: 'eip155:31338', name: 'Anvil B', nativeCurrency: ether, testnet: true },
  ],
  plugins: [chainEip155Plugin],
});
// wagmi's chains are Portico's eip155 networks; its one connector is the account Portico connects.
export const wagmiConfig = createPorticoWagmiConfig({ portico });
const queryClient = new QueryClient();

createRoot(document.getElementById('root')!).render(
  <WagmiProvider config={wagmiConfig}>
    <QueryClientProvider client={queryClient}>
      <PorticoProvider portico={portico}>
        <ConnectButton />
        <Account />
        <SignWithViem />
      </PorticoProvider>
    </QueryClientProvider>
  </WagmiProvider>,
);
