'use client';
// What the registry test drives, after hydration: a test wallet announced by EIP-6963 on the node
// given as ?evm=, the connection's status and address, and the Portico instance as window.portico.
import { useEffect, useState } from 'react';
import { portico } from './portico';

export function Harness({ evm }: { evm: string }) {
  const [state, setState] = useState({ status: 'disconnected', address: '' });
  useEffect(() => {
    let cancelled = false;
    void import('@portico/chain-eip155/testing').then(({ ANVIL_ACCOUNT_0, createTestWallet }) => {
      if (cancelled) return;
      const wallet = createTestWallet({ privateKey: ANVIL_ACCOUNT_0.privateKey, chains: { 31337: evm }, chainId: 31337, storage: localStorage });
      wallet.announce(window, { uuid: crypto.randomUUID(), name: 'Registry Test Wallet', icon: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg"/%3E', rdns: 'dev.portico.registrywallet' });
    });
    const show = () => {
      const current = portico.kernel.connection.get('eip155');
      setState({ status: current.status, address: current.address?.split(':')[2] ?? '' });
    };
    const off = portico.kernel.connection.subscribe(show);
    show();
    (window as unknown as { portico: typeof portico }).portico = portico;
    return () => {
      cancelled = true;
      off();
    };
  }, [evm]);
  return (
    <p>
      <output data-testid="host-status">{state.status}</output> <output data-testid="host-address">{state.address}</output>
    </p>
  );
}
