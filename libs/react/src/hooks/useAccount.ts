import type { Account, ConnectionStatus, ConnectionStore } from '@portico/kernel';
import { useObservable } from './useObservable';
import { usePortico } from './usePortico';

/** The account of a namespace (the active one by default). */
export interface AccountState {
  namespace: string | undefined;
  status: ConnectionStatus;
  isConnected: boolean;
  isConnecting: boolean;
  /** CAIP-10 address of the selected account. */
  caipAddress: string | undefined;
  /** The address without the CAIP prefix. */
  address: string | undefined;
  accounts: readonly Account[];
  networkId: string | undefined;
  connectorId: string | undefined;
}

/**
 * What the server renders (it knows no connection: that is in the visitor's storage) and React
 * hydrates with; the restored connection shows right after, with no hydration mismatch.
 */
const SERVER = { namespaces: {} } as ReturnType<ConnectionStore['getSnapshot']>;

/** Reads the connection of `namespace`, or of the active namespace. */
export function useAccount(namespace?: string): AccountState {
  const { kernel } = usePortico('useAccount');
  const state = useObservable(kernel.connection, SERVER);
  const ns = namespace ?? state.activeNamespace;
  const connection = ns ? state.namespaces[ns] : undefined;
  const status = connection?.status ?? 'disconnected';
  return {
    namespace: ns,
    status,
    isConnected: status === 'connected',
    isConnecting: status === 'connecting',
    caipAddress: connection?.address,
    address: connection?.address?.split(':')[2],
    accounts: connection?.accounts ?? [],
    networkId: connection?.network,
    connectorId: connection?.connectorId,
  };
}
