import type { Observable } from '@portico/kernel';
import { useSyncExternalStore } from 'react';

export type { Portico } from '@portico/react';

/** Reads a kernel observable in the playground's own panels. */
export function useObservable<S>(source: Observable<S>): S {
  return useSyncExternalStore(
    (listener) => source.subscribe(listener),
    () => source.getSnapshot(),
  );
}
