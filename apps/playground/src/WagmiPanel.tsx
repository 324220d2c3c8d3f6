import type { Portico } from '@portico/react';
import { createPorticoWagmiConfig } from '@portico/wagmi';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { parseEther } from 'viem';
import { useConnection, useDisconnect, useSendTransaction, useSignMessage, useSwitchChain, useWaitForTransactionReceipt, WagmiProvider } from 'wagmi';

/** `?wagmi`: the host's own panel written with wagmi's hooks over Portico's connection (@portico/wagmi). */
export default function WagmiPanel({ portico }: { portico: Portico }) {
  const config = useMemo(() => createPorticoWagmiConfig({ portico }), [portico]);
  const [queryClient] = useState(() => new QueryClient());
  return (
    <WagmiProvider config={config} key={config.chains.map((c) => c.id).join()}>
      <QueryClientProvider client={queryClient}>
        <Hooks />
      </QueryClientProvider>
    </WagmiProvider>
  );
}

function Hooks() {
  const { address, chainId, status } = useConnection();
  const sign = useSignMessage();
  const send = useSendTransaction();
  const receipt = useWaitForTransactionReceipt({ hash: send.data });
  const switchChain = useSwitchChain();
  const disconnect = useDisconnect();
  const error = sign.error ?? send.error ?? switchChain.error;
  return (
    <section aria-labelledby="wagmi-title" className="card">
      <h2 id="wagmi-title">wagmi</h2>
      <p>
        Status: <strong data-testid="wagmi-status">{status}</strong> <code data-testid="wagmi-address">{address}</code> on <code data-testid="wagmi-chain">{chainId}</code>
      </p>
      {status === 'connected' ? (
        <div className="row">
          <button type="button" onClick={() => sign.mutate({ message: 'Hello from wagmi' })}>
            Sign with wagmi
          </button>
          <button type="button" onClick={() => send.mutate({ to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: parseEther('0.001') })}>
            Send with wagmi
          </button>
          {switchChain.chains
            .filter((chain) => chain.id !== chainId)
            .map((chain) => (
              <button key={chain.id} type="button" onClick={() => switchChain.mutate({ chainId: chain.id })}>
                Switch to {chain.name} with wagmi
              </button>
            ))}
          <button type="button" onClick={() => disconnect.mutate()}>
            Disconnect with wagmi
          </button>
        </div>
      ) : null}
      <p>
        <output data-testid="wagmi-signature">{sign.data}</output> <output data-testid="wagmi-receipt">{receipt.data?.status}</output> <output data-testid="wagmi-error">{error?.name}</output>
      </p>
    </section>
  );
}
