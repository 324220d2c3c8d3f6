/** A loader made by `loadOnce`: call it to load; `current` is the value once it has loaded. */
export interface Loader<T> {
  (): Promise<T>;
  readonly current: T | undefined;
}

/**
 * Runs `load` once, however many callers ask (a lazy chunk and what is built from it); a load
 * that fails is forgotten, so the next call tries again. `current` gives the loaded value to
 * synchronous code.
 */
export function loadOnce<T>(load: () => Promise<T>): Loader<T> {
  let pending: Promise<T> | undefined;
  const loader = (() =>
    (pending ??= load().then(
      (value) => ((loader as { current: T | undefined }).current = value),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ))) as Loader<T> & { current: T | undefined };
  loader.current = undefined;
  return loader;
}
