import { useSyncExternalStore } from 'react';
import { idleAccountRead, type AccountRead, type AccountReadState } from '@portico/core';

const unwatched = () => () => undefined;

/**
 * Watches an account read while the component is mounted (reading, and retrying a failure with
 * backoff); unmounting stops the retries. No read (disconnected, chain without it): the idle state.
 */
export function useAccountRead<T>(read: AccountRead<T> | undefined): AccountReadState<T> {
  const snapshot = read?.getSnapshot ?? idleAccountRead<T>;
  return useSyncExternalStore(read?.subscribe ?? unwatched, snapshot, snapshot);
}
