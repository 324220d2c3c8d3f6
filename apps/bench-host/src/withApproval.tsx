// The bench's approval page (#37): the minimal host with a test wallet that has no confirmation
// UI of its own (so Portico's approval view asks the user) on a local anvil given as ?evm=, with
// the network's RPC URL, so the approval view's decoder reads and simulates through it.
import './announceTestWallet';
import { createEip155Plugin } from '@portico/chain-eip155';
import { ConnectButton, createPortico, PorticoProvider } from '@portico/react';
import { createRoot } from 'react-dom/client';

const rpc = new URLSearchParams(location.search).get('evm') ?? '';
const portico = createPortico({
  projectId: 'bench',
  networks: [{ caipNetworkId: 'eip155:31337', name: 'Anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpc] } }, testnet: true }],
  plugins: [createEip155Plugin({ approvalRequired: ['dev.portico.benchwallet'] })],
});
(window as { portico?: typeof portico }).portico = portico;

createRoot(document.getElementById('root')!).render(
  <PorticoProvider portico={portico}>
    <ConnectButton />
  </PorticoProvider>,
);
