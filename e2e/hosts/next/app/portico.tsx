'use client';
// The getting-started snippet for Next.js (docs/getting-started.md): Portico in a client component.
import { chainEip155Plugin } from '@portico/chain-eip155';
import { ConnectButton, createPortico, PorticoProvider } from '@portico/react';

export const portico = createPortico({
  projectId: 'registry-next-host',
  networks: [{ caipNetworkId: 'eip155:31337', name: 'Anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, testnet: true }],
  plugins: [chainEip155Plugin],
});

export function Wallet() {
  return (
    <PorticoProvider portico={portico}>
      <ConnectButton />
    </PorticoProvider>
  );
}
