import type { TokenBalance } from '@portico/kernel';
import type { AccountReadState } from '@portico/core';
import { useAccount } from './useAccount';
import { useAccountRead, type AccountReadOptions } from './useAccountRead';
import { usePortico } from './usePortico';

/**
 * Token balances of the active account when its wallet reports them (30 s cache), in the shape
 * of `useBalance`: `data` is undefined when the wallet reports none; errors are retried while mounted.
 */
export function useTokens(options?: AccountReadOptions): AccountReadState<readonly TokenBalance[] | undefined> {
  const portico = usePortico('useTokens');
  const { namespace } = useAccount();
  return useAccountRead(namespace ? portico.tokensRead(namespace) : undefined, options);
}
