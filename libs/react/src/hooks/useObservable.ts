import type { Observable } from '@portico/kernel';
import { useSyncExternalStore } from 'react';

/**
 * Reads a kernel observable through `useSyncExternalStore` (no tearing, no extra renders).
 * `hydrating`: what the server renders and React hydrates with, when the browser's snapshot can
 * differ from the server's (state restored from the visitor's storage); the snapshot follows.
 */
export function useObservable<S>(source: Observable<S>, hydrating?: S): S {
  const read = () => source.getSnapshot();
  return useSyncExternalStore((listener) => source.subscribe(listener), read, () => hydrating ?? read());
}
