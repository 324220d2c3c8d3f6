// viem over Portico's provider, no wagmi needed (README): the wallet client's requests go through
// Portico's request gate like any other.
import { useAccount, useWalletProvider } from '@portico/react';
import { useState } from 'react';
import { createWalletClient, custom, type EIP1193Provider } from 'viem';

export function SignWithViem() {
  const { address } = useAccount('eip155');
  const provider = useWalletProvider<EIP1193Provider>('eip155');
  const [signature, setSignature] = useState('');
  if (!provider || !address) return null;
  const sign = async () => {
    const client = createWalletClient({ transport: custom(provider) });
    const [account] = await client.getAddresses();
    setSignature(await client.signMessage({ account: account!, message: 'Hello from viem' }));
  };
  return (
    <p>
      <button type="button" onClick={() => void sign()}>
        Sign with viem
      </button>
      <output data-testid="viem-signature">{signature}</output>
    </p>
  );
}
