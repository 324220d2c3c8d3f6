// test.html: what the registry test drives, apart from index.html (whose first load is measured).
// A test wallet announced by EIP-6963 on the nodes given as ?evm= (chain 31337's URL, then
// optionally 31338's; before the app, as a wallet extension's script runs first), then the app,
// the connection's status and address on the page, the Portico instance as `window.portico` (and
// the wagmi config as `window.wagmiConfig`, in the wagmi host).
import { ANVIL_ACCOUNT_0, createTestWallet } from '@portico/chain-eip155/testing';
import type { Portico } from '@portico/react';

announceWallet();
const main = await import('./main');
showConnection(main.portico);
if ('wagmiConfig' in main) (window as unknown as { wagmiConfig: unknown }).wagmiConfig = main.wagmiConfig;

function announceWallet() {
  const [a = '', b] = (new URLSearchParams(location.search).get('evm') ?? '').split(',');
  const chains: Record<number, string> = { 31337: a };
  if (b) chains[31338] = b;
  const wallet = createTestWallet({ privateKey: ANVIL_ACCOUNT_0.privateKey, chains, chainId: 31337, storage: localStorage });
  wallet.announce(window, { uuid: crypto.randomUUID(), name: 'Registry Test Wallet', icon: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg"/%3E', rdns: 'dev.portico.registrywallet' });
}

function showConnection(portico: Portico) {
  const status = document.createElement('output');
  status.dataset.testid = 'host-status';
  const address = document.createElement('output');
  address.dataset.testid = 'host-address';
  document.body.append(status, address);
  const show = () => {
    const state = portico.kernel.connection.get('eip155');
    status.textContent = state.status;
    // The connection's CAIP-10 account id; the page shows the address.
    address.textContent = state.address?.split(':')[2] ?? '';
  };
  portico.kernel.connection.subscribe(show);
  show();
  (window as unknown as { portico: Portico }).portico = portico;
}
