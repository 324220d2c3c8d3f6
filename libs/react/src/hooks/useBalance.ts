import type { Balance } from '@portico/kernel';
import type { AccountReadState } from '@portico/core';
import { useAccount } from './useAccount';
import { useAccountRead, type AccountReadOptions } from './useAccountRead';
import { usePortico } from './usePortico';

/**
 * The native balance of the active account (through the chain adapter, 30 s cache), like
 * wagmi's: `data` (undefined before the first read, when disconnected or when the chain offers no
 * balance), `error` of the latest read, `isLoading`, and `isStale` when `data` is the last known
 * value and refreshing it failed. While mounted, a failed read is retried with backoff.
 */
export function useBalance(options?: AccountReadOptions): AccountReadState<Balance> {
  const portico = usePortico('useBalance');
  const { namespace } = useAccount();
  // The same read object for the same account and network, so this re-subscribes only when they change.
  return useAccountRead(namespace ? portico.balanceRead(namespace) : undefined, options);
}
