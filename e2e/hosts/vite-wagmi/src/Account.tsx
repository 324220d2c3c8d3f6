// The app's own component, written with wagmi's hooks: they see the account Portico connected,
// and what they ask of the wallet goes through Portico (its request gate and approval view).
import { parseEther } from 'viem';
import { useConnect, useConnection, useConnectors, useDisconnect, useSendTransaction, useSignMessage, useSwitchChain, useWaitForTransactionReceipt } from 'wagmi';

export function Account() {
  // wagmi 3's name for useAccount (which it keeps as an alias).
  const { address, chainId, status } = useConnection();
  const [porticoConnector] = useConnectors();
  const connect = useConnect();
  const disconnect = useDisconnect();
  const sign = useSignMessage();
  const send = useSendTransaction();
  const receipt = useWaitForTransactionReceipt({ hash: send.data });
  const switchChain = useSwitchChain();
  const error = connect.error ?? sign.error ?? send.error ?? switchChain.error;
  return (
    <section aria-label="wagmi">
      <p>
        wagmi: <output data-testid="wagmi-status">{status}</output> <output data-testid="wagmi-address">{address}</output> on{' '}
        <output data-testid="wagmi-chain">{chainId}</output>
      </p>
      {status === 'connected' ? (
        <>
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
        </>
      ) : (
        <button type="button" onClick={() => porticoConnector && connect.mutate({ connector: porticoConnector })}>
          Connect with wagmi
        </button>
      )}
      <output data-testid="wagmi-signature">{sign.data}</output>
      <output data-testid="wagmi-receipt">{receipt.data?.status}</output>
      <output data-testid="wagmi-error">{error?.name}</output>
    </section>
  );
}
