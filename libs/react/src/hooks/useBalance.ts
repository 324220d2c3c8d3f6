import type { Balance } from '@portico/kernel';
import { useAccountData } from './useAccountData';

/**
 * The native balance of the active account (through the chain adapter, 30 s cache);
 * undefined while loading, when disconnected, or when the chain offers no balance.
 */
export function useBalance(): Balance | undefined {
  return useAccountData('useBalance', (portico, namespace) => portico.balance(namespace));
}
