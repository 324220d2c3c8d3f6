// The shape of an account read and its idle state: what the page's first load needs (the hooks,
// the stand-in read of a Portico whose read code has not loaded); the read machinery itself,
// `accountReads.ts`, loads later.

/**
 * What one account read (a balance, a token list) knows: the last value read successfully and
 * how the latest attempt went. Replaced, never mutated, so it can be a `useSyncExternalStore` snapshot.
 */
/**
 * Where a read stands, TanStack-Query style: `idle` (nothing read, nothing under way), `loading`
 * (the first read is under way), `success` (the latest read gave `data`), `error` (the latest
 * read failed; `data` may still hold the last good value, then `isStale`).
 */
export type AccountReadStatus = 'idle' | 'loading' | 'success' | 'error';

export interface AccountReadState<T> {
  readonly status: AccountReadStatus;
  /** The last value read successfully for this account on this network; kept when a later read fails. */
  readonly data: T | undefined;
  /** Why the latest read failed; cleared by the next success. */
  readonly error: Error | undefined;
  /** The first read is under way: nothing has been read yet. */
  readonly isLoading: boolean;
  /** A read is under way (the first one or a refresh). */
  readonly isFetching: boolean;
  /** `data` is the last known value and the latest read of it failed. */
  readonly isStale: boolean;
  /** When `data` was read (ms since the epoch), or undefined when nothing was ever read. */
  readonly updatedAt: number | undefined;
  /** Failed reads in a row; 0 after a success. */
  readonly failureCount: number;
}

/** One account's read: subscribing watches it (reads when nothing fresh is there, retries failures). */
export interface AccountRead<T> {
  getSnapshot(): AccountReadState<T>;
  /**
   * Watches the read: reads now unless a fresh value is there and, while anyone watches, retries
   * a failure with exponential backoff and at once on `online`, focus or the page becoming visible.
   * Returns the unsubscribe; the last one stops the retries.
   */
  subscribe(listener: () => void): () => void;
  /** The fresh value, or a read now (concurrent calls share it); rejects when the read fails. */
  fetch(): Promise<T>;
  /**
   * Keeps the read live while it is watched: a good value is read again every `intervalMs`, and a
   * failure's retries come no later than that (a view that must stay true while open, e.g. the
   * Account view). Returns the stop; the shortest interval of those polling applies.
   */
  poll(intervalMs: number): () => void;
}

export const NOTHING_YET: AccountReadState<never> = Object.freeze({
  status: 'idle',
  data: undefined,
  error: undefined,
  isLoading: false,
  isFetching: false,
  isStale: false,
  updatedAt: undefined,
  failureCount: 0,
});

/** The state of a read nobody can make (disconnected, or a chain without that read). */
export function idleAccountRead<T>(): AccountReadState<T> {
  return NOTHING_YET;
}


/** The first read is under way (or the read code is still loading): nothing has been read yet. */
export const LOADING: AccountReadState<never> = Object.freeze({ ...NOTHING_YET, status: 'loading', isLoading: true, isFetching: true });
