import { AccountButton, ConnectButton, NetworkButton, useAccount, useModal, useWalletProvider } from '@portico/react';
import { useState } from 'react';
import { CaughtMail } from './CaughtMail';
import { demo } from './multichain';
import { usePortico } from '@portico/react';

const mailUrl = new URLSearchParams(location.search).get('mail') ?? (import.meta.env.VITE_PORTICO_MAIL as string | undefined);

type DemoProvider = { request(args: { method: string; params?: unknown }): Promise<unknown> };

/** What a host site would have: the buttons, the account, and wallet requests. */
export function HostPage() {
  const { isConnected, address, networkId, status } = useAccount();
  const { open } = useModal();
  const provider = useWalletProvider<DemoProvider>('demo');
  const evm = useWalletProvider<DemoProvider>('eip155');
  const evmAccount = useAccount('eip155');
  const solana = useAccount('solana');
  const bitcoin = useAccount('bip122');
  const portico = usePortico();
  const [result, setResult] = useState('');
  const run = (method: string, send: () => Promise<unknown>) =>
    send().then(
      (value) => setResult(`${method} → ${String(value)}`),
      (error: Error) => setResult(`${method} → ${error.message}`),
    );
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
      {evmAccount.isConnected && evm ? (
        <div className="row">
          <button type="button" onClick={() => void run('personal_sign', () => evm.request({ method: 'personal_sign', params: ['0x48656c6c6f20506f727469636f', evmAccount.address] }))}>
            Sign message (EVM)
          </button>
          <button
            type="button"
            onClick={() =>
              void run('eth_sendTransaction', () =>
                evm.request({ method: 'eth_sendTransaction', params: [{ from: evmAccount.address, to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: '0x38d7ea4c68000' }] }),
              )
            }
          >
            Send 0.001 ETH (EVM)
          </button>
          <button type="button" onClick={() => void run('eth_sign', () => evm.request({ method: 'eth_sign', params: [evmAccount.address, '0x00'] }))}>
            eth_sign (refused)
          </button>
        </div>
      ) : null}
      <ul className="chains" aria-label="Connection per chain">
        {[evmAccount, solana, bitcoin].map((a, i) => {
          const ns = ['eip155', 'solana', 'bip122'][i]!;
          return (
            <li key={ns}>
              {ns}: <strong data-testid={`host-status-${ns}`}>{a.status}</strong>
              {a.address ? (
                <>
                  {' '}
                  <code data-testid={`host-address-${ns}`}>{a.address}</code>
                </>
              ) : null}
            </li>
          );
        })}
      </ul>
      {solana.isConnected || bitcoin.isConnected ? (
        <div className="row">
          {solana.isConnected ? (
            <button type="button" onClick={() => void run('solana_signAndSendTransaction', () => demo.sendSol(portico, '11111111111111111111111111111112', 1_000_000))}>
              Send 0.001 SOL (Solana)
            </button>
          ) : null}
          {bitcoin.isConnected ? (
            <button type="button" onClick={() => void run('sendTransfer', () => demo.sendBtc(portico, bitcoin.address!, 10_000))}>
              Send 10,000 sats to self (Bitcoin)
            </button>
          ) : null}
        </div>
      ) : null}
      <output data-testid="host-result">{result}</output>
      {mailUrl ? <CaughtMail url={mailUrl} /> : null}
    </section>
  );
}
