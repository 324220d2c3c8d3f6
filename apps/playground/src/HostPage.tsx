import { AccountButton, ConnectButton, NetworkButton, useAccount, useModal, useWalletProvider } from '@portico/react';
import { useState } from 'react';

type DemoProvider = { request(args: { method: string; params?: unknown }): Promise<unknown> };

/** What a host site would have: the buttons, the account, and wallet requests. */
export function HostPage() {
  const { isConnected, address, networkId, status } = useAccount();
  const { open } = useModal();
  const provider = useWalletProvider<DemoProvider>('demo');
  const [result, setResult] = useState('');
  const call = (method: string) =>
    provider?.request({ method, params: ['hello'] }).then(
      (value) => setResult(`${method} → ${String(value)}`),
      (error: Error) => setResult(`${method} → ${error.message}`),
    );
  return (
    <section aria-labelledby="host-title" className="card">
      <h1 id="host-title">Portico playground</h1>
      <div className="row">
        <ConnectButton />
        <NetworkButton />
        <AccountButton />
      </div>
      <p>
        Status: <strong data-testid="host-status">{status}</strong>
        {isConnected ? (
          <>
            {' '}
            — <code data-testid="host-address">{address}</code> on <code>{networkId}</code>
          </>
        ) : null}
      </p>
      <div className="row">
        <button type="button" onClick={() => void open('Networks')}>
          Open networks
        </button>
        <button type="button" disabled={!provider} onClick={() => void call('demo_chainId')}>
          Safe request
        </button>
        <button type="button" disabled={!provider} onClick={() => void call('demo_signMessage')}>
          Request needing approval
        </button>
        <button type="button" disabled={!provider} onClick={() => void call('demo_drainWallet')}>
          Request that is not allowed
        </button>
      </div>
      <output data-testid="host-result">{result}</output>
    </section>
  );
}
