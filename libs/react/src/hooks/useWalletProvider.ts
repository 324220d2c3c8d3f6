import { useObservable } from './useObservable';
import { usePortico } from './usePortico';

/**
 * The wallet provider a chain plugin exposes for `namespace` (EIP-1193 for eip155), with
 * the RPC policy gate applied; undefined while no such plugin is active.
 */
export function useWalletProvider<P = unknown>(namespace: string): P | undefined {
  const portico = usePortico('useWalletProvider');
  useObservable(portico.kernel.plugins);
  useObservable(portico.kernel.connection);
  return portico.adapter(namespace)?.getProvider?.() as P | undefined;
}
