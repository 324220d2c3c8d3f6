import { useEffect, useRef, useState } from 'react';
import type { Portico } from '../portico/createPortico';
import { useAccount } from './useAccount';
import { usePortico } from './usePortico';

/**
 * Loads something about the active account (balance, tokens…) and reloads it when the
 * account or network changes; undefined while loading, on failure, or when disconnected.
 * `of` picks a namespace other than the active one.
 */
export function useAccountData<T>(hook: string, load: (portico: Portico, namespace: string) => Promise<T | undefined>, of?: string): T | undefined {
  const portico = usePortico(hook);
  const { namespace, caipAddress, networkId } = useAccount(of);
  const [data, setData] = useState<{ key: string; value: T }>();
  const key = `${namespace}|${caipAddress}|${networkId}`;
  // The latest loader, without making a new loader function a reason to reload.
  const loader = useRef(load);
  useEffect(() => {
    loader.current = load;
  });
  useEffect(() => {
    if (!namespace) return;
    let live = true;
    loader.current(portico, namespace).then(
      (value) => live && value !== undefined && setData({ key, value }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [portico, namespace, key]);
  return data?.key === key ? data.value : undefined;
}
