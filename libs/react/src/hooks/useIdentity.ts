import type { AccountIdentity } from '@portico/kernel';
import { useAccountData } from './useAccountData';

/**
 * The name-service profile (ENS name and avatar on eip155:1, 5 min cache) of the active
 * account, or of `namespace`'s; undefined while loading, when there is none, or on failure.
 */
export function useIdentity(namespace?: string): AccountIdentity | undefined {
  return useAccountData('useIdentity', (portico, ns) => portico.identity(ns), namespace);
}
