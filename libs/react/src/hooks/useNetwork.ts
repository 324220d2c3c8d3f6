import type { Network } from '@portico/core';
import { useAccount } from './useAccount';
import { usePortico } from './usePortico';

/** The active network of a namespace, whether the app supports it, and `switchNetwork`. */
export function useNetwork(namespace?: string): {
  network: Network | undefined;
  networkId: string | undefined;
  isSupported: boolean;
  networks: readonly Network[];
  switchNetwork(networkId: string): Promise<void>;
} {
  const portico = usePortico('useNetwork');
  const { networkId } = useAccount(namespace);
  const network = portico.network(networkId);
  return {
    network,
    networkId,
    isSupported: networkId === undefined || network !== undefined,
    networks: portico.networks,
    switchNetwork: (id) => portico.switchNetwork(id),
  };
}
