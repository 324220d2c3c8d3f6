import type { AccountIdentity } from '@portico/kernel';
import type { AccountReadState } from '@portico/core';
import { useAccount } from './useAccount';
import { useAccountRead } from './useAccountRead';
import { usePortico } from './usePortico';

/**
 * The name-service profile (ENS name and avatar on eip155:1, 5 min cache) of the active account,
 * or of `namespace`'s, like `useBalance`: `data` (undefined while loading, when there is none or
 * when the chain has no name service), `error` of the latest lookup and `status`. While mounted,
 * a failed lookup is retried with backoff.
 */
export function useIdentity(namespace?: string): AccountReadState<AccountIdentity | undefined> {
  const portico = usePortico('useIdentity');
  const { namespace: active } = useAccount(namespace);
  return useAccountRead(active ? portico.identityRead(active) : undefined);
}
