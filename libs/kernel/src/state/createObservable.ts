import type { Unsubscribe } from '../events/createEventBus';

/**
 * An immutable snapshot plus change listeners: the shape `useSyncExternalStore` wants.
 * `set` with an equal (===) value notifies nobody.
 */
export interface Observable<S> {
  getSnapshot(): S;
  subscribe(listener: () => void): Unsubscribe;
}

/** The writable side, kept by the service that owns the state. */
export interface WritableObservable<S> extends Observable<S> {
  set(next: S | ((previous: S) => S)): void;
}

/** Creates a writable observable. Listener errors are isolated from each other. */
export function createObservable<S>(initial: S, onListenerError?: (error: unknown) => void): WritableObservable<S> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    set(next) {
      const value = typeof next === 'function' ? (next as (previous: S) => S)(state) : next;
      if (Object.is(value, state)) return;
      state = value;
      for (const listener of [...listeners]) {
        try {
          listener();
        } catch (error) {
          onListenerError?.(error);
        }
      }
    },
  };
}

/** An observable whose snapshot is computed from its owner's state on first read after a change. */
export interface DerivedObservable<S> extends Observable<S> {
  /** The owner's state changed: drop the snapshot and tell the listeners. */
  invalidate(): void;
}

/**
 * Creates an observable over state its owner keeps elsewhere (e.g. plugin records):
 * `compute` runs only when someone reads after an `invalidate`, so a burst of changes
 * with no reader in between builds no snapshot. Listener errors are isolated.
 */
export function createDerivedObservable<S>(compute: () => S): DerivedObservable<S> {
  let snapshot: { value: S } | undefined;
  const listeners = new Set<() => void>();
  return {
    getSnapshot: () => (snapshot ??= { value: compute() }).value,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    invalidate() {
      snapshot = undefined;
      for (const listener of [...listeners]) {
        try {
          listener();
        } catch {
          // One subscriber's failure must not keep the others from hearing of the change.
        }
      }
    },
  };
}
