import type { Observable } from '@portico/kernel';
import { useSyncExternalStore } from 'react';

/** Reads a kernel observable through `useSyncExternalStore` (no tearing, no extra renders). */
export function useObservable<S>(source: Observable<S>): S {
  return useSyncExternalStore(
    (listener) => source.subscribe(listener),
    () => source.getSnapshot(),
    () => source.getSnapshot(),
  );
}
