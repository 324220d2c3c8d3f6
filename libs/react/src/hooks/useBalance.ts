import type { Balance } from '@portico/kernel';
import { useEffect, useState } from 'react';
import { useAccount } from './useAccount';
import { usePortico } from './usePortico';

/**
 * The native balance of the active account (through the chain adapter, 30 s cache);
 * undefined while loading, when disconnected, or when the chain offers no balance.
 */
export function useBalance(): Balance | undefined {
  const portico = usePortico('useBalance');
  const { namespace, caipAddress, networkId } = useAccount();
  const [balance, setBalance] = useState<{ key: string; value: Balance }>();
  const key = `${namespace}|${caipAddress}|${networkId}`;
  useEffect(() => {
    if (!namespace) return;
    let live = true;
    portico.balance(namespace).then(
      (value) => live && value && setBalance({ key, value }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [portico, namespace, key]);
  return balance?.key === key ? balance.value : undefined;
}
