import { useEffect, useState } from 'react';
import type { SwapIo } from './api';
import { readTokenBalance } from './providers/erc20';
import { isNativeToken, type SwapToken } from './swapFlow';

/**
 * The account's balances of the tokens on the form, read on chain (keyed by lower-case address)
 * when the pair changes, and a `refresh` that reads one again and resolves it (undefined when
 * the read failed: the last known value stays).
 */
export function useSwapBalances(io: SwapIo, account: string, pair: readonly SwapToken[]) {
  const [balances, setBalances] = useState<Record<string, bigint>>({});
  const read = (token: SwapToken) => readTokenBalance(io, isNativeToken(token.address) ? undefined : token.address, account).catch(() => undefined);
  const keep = (entries: [SwapToken, bigint | undefined][]) => setBalances((b) => ({ ...b, ...Object.fromEntries(entries.flatMap(([token, value]) => (value === undefined ? [] : [[token.address.toLowerCase(), value]]))) }));
  const refresh = async (token: SwapToken) => {
    const value = await read(token);
    keep([[token, value]]);
    return value;
  };
  const key = pair.map((token) => token.address).join('|');
  useEffect(() => {
    let live = true;
    void Promise.all(pair.map(read)).then((values) => live && keep(pair.map((token, i) => [token, values[i]])));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read again when the pair changes
  }, [key]);
  return [balances, refresh] as const;
}
