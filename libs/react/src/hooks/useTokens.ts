import type { TokenBalance } from '@portico/kernel';
import { useAccountData } from './useAccountData';

/** Token balances of the active account when its wallet reports them (30 s cache); else undefined. */
export function useTokens(): readonly TokenBalance[] | undefined {
  return useAccountData('useTokens', (portico, namespace) => portico.tokens(namespace));
}
