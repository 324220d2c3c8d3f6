import { useEffect, useSyncExternalStore } from 'react';
import { idleAccountRead, type AccountRead, type AccountReadState } from '@portico/core';

const unwatched = () => () => undefined;

/**
 * How often the modal's account views read the balance and tokens again while open (wagmi's
 * default polling interval): a node that stops answering is marked within one interval, and its
 * return (maybe as a fresh chain) is shown within one more.
 */
export const OPEN_VIEW_REFETCH_MS = 4_000;

/** Options of the account-read hooks (`useBalance`, `useTokens`). */
export interface AccountReadOptions {
  /**
   * While mounted, read again every this many ms (TanStack Query's `refetchInterval`), and retry a
   * failure no later than that: a view that must stay true while open. Default: none (a value is
   * read again once its cache expires and someone watches).
   */
  readonly refetchInterval?: number;
}

/**
 * Watches an account read while the component is mounted (reading, and retrying a failure with
 * backoff); unmounting stops the retries. No read (disconnected, chain without it): the idle state.
 */
export function useAccountRead<T>(read: AccountRead<T> | undefined, options: AccountReadOptions = {}): AccountReadState<T> {
  const snapshot = read?.getSnapshot ?? idleAccountRead<T>;
  const { refetchInterval } = options;
  useEffect(() => (read && refetchInterval ? read.poll(refetchInterval) : undefined), [read, refetchInterval]);
  return useSyncExternalStore(read?.subscribe ?? unwatched, snapshot, snapshot);
}
