import { toError } from '../errors/toError';

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
}

/** Where the "try again now" signals come from (the window and document, injectable for tests). */
export interface ReadRefreshSignals {
  readonly window?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | undefined;
  readonly document?: (Pick<EventTarget, 'addEventListener' | 'removeEventListener'> & { readonly visibilityState?: string }) | undefined;
}

/** Options of `createAccountReads`. */
export interface AccountReadsOptions {
  /** How long a value read successfully is fresh (no new read on watch or fetch). */
  ttlMs: number;
  /** Delay before retry number `failureCount` (default `retryDelayMs`: 1 s, 2 s, 4 s … 30 s). */
  retryDelay?: (failureCount: number) => number;
  now?: () => number;
  /** Default: the global `window` and `document`, when there are any. */
  signals?: ReadRefreshSignals;
  /** Reads kept for accounts nobody watches; the oldest go first. */
  maxEntries?: number;
}

/** The reads of one kind (balances, token lists), keyed by account and network. */
export interface AccountReads<T> {
  /** The read of `key` (the same object while it is kept); `load` reads the value. */
  read(key: string, load: () => Promise<T>): AccountRead<T>;
  /** Forgets every value (a disconnect); reads someone still watches start again. */
  clear(): void;
  /** Stops every retry and listener; nothing is read on its own afterwards. */
  dispose(): void;
}

/** The backoff TanStack Query and wagmi use: 1 s, 2 s, 4 s, 8 s, 16 s, then every 30 s. */
export function retryDelayMs(failureCount: number): number {
  return Math.min(1_000 * 2 ** Math.max(0, failureCount - 1), 30_000);
}

const NOTHING_YET: AccountReadState<never> = Object.freeze({
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

interface Entry<T> {
  readonly key: string;
  load: () => Promise<T>;
  state: AccountReadState<T>;
  readonly listeners: Set<() => void>;
  inflight: Promise<T> | undefined;
  retry: ReturnType<typeof setTimeout> | undefined;
  /** Bumped by `clear()`: a read started before it does not write its result. */
  generation: number;
  readonly handle: AccountRead<T>;
}

const TRIGGERS = ['online', 'focus'] as const;

/**
 * Creates the reads of one kind (TanStack-Query-like, without React): the last good value per
 * account and network survives a failed refresh, marked stale; failures are retried with backoff
 * only while something watches, so an unmounted view leaves no timer running.
 */
export function createAccountReads<T>(options: AccountReadsOptions): AccountReads<T> {
  const { ttlMs, retryDelay = retryDelayMs, now = Date.now, maxEntries = 100 } = options;
  const signals: ReadRefreshSignals = options.signals ?? {
    window: typeof window === 'undefined' ? undefined : window,
    document: typeof document === 'undefined' ? undefined : document,
  };
  const entries = new Map<string, Entry<T>>();
  let watched = 0;
  let disposed = false;

  const set = (entry: Entry<T>, patch: Partial<Omit<AccountReadState<T>, 'status'>>) => {
    const next = { ...entry.state, ...patch };
    entry.state = { ...next, status: next.error ? 'error' : next.updatedAt !== undefined ? 'success' : next.isLoading ? 'loading' : 'idle' };
    for (const listener of [...entry.listeners]) listener();
  };
  const isFresh = (entry: Entry<T>) => entry.state.updatedAt !== undefined && !entry.state.error && now() - entry.state.updatedAt < ttlMs;
  const cancelRetry = (entry: Entry<T>) => {
    if (entry.retry !== undefined) clearTimeout(entry.retry);
    entry.retry = undefined;
  };

  function run(entry: Entry<T>): Promise<T> {
    if (entry.inflight) return entry.inflight;
    cancelRetry(entry);
    const { generation } = entry;
    const current = () => entry.generation === generation;
    // A load that throws before returning its promise fails like one that rejects.
    const reading = new Promise<T>((resolve) => resolve(entry.load())).then(
      (value) => {
        if (!current()) return value;
        entry.inflight = undefined;
        set(entry, { data: value, error: undefined, isLoading: false, isFetching: false, isStale: false, updatedAt: now(), failureCount: 0 });
        return value;
      },
      (error: unknown) => {
        if (!current()) throw error;
        entry.inflight = undefined;
        const failureCount = entry.state.failureCount + 1;
        set(entry, { error: toError(error), isLoading: false, isFetching: false, isStale: entry.state.updatedAt !== undefined, failureCount });
        if (!disposed && entry.listeners.size > 0) {
          entry.retry = setTimeout(() => {
            entry.retry = undefined;
            refresh(entry);
          }, retryDelay(failureCount));
        }
        throw error;
      },
    );
    entry.inflight = reading;
    set(entry, { isFetching: true, isLoading: entry.state.updatedAt === undefined });
    return reading;
  }
  /** Reads in the background (a pending retry is brought forward); a failure is in the state and retried while watched. */
  const refresh = (entry: Entry<T>) => {
    run(entry).catch(() => undefined);
  };

  /** Online again, back in focus, visible again: failed or expired watched reads go now. */
  const retryNow = () => {
    for (const entry of entries.values()) {
      if (entry.listeners.size > 0 && !entry.inflight && !isFresh(entry)) refresh(entry);
    }
  };
  const onVisibility = () => {
    if (signals.document?.visibilityState !== 'hidden') retryNow();
  };
  const listen = (on: boolean) => {
    const { window: win, document: doc } = signals;
    for (const type of TRIGGERS) {
      if (on) win?.addEventListener(type, retryNow);
      else win?.removeEventListener(type, retryNow);
    }
    if (on) doc?.addEventListener('visibilitychange', onVisibility);
    else doc?.removeEventListener('visibilitychange', onVisibility);
  };

  /** Drops the oldest reads nobody watches past `maxEntries`. */
  const trim = () => {
    for (const entry of entries.values()) {
      if (entries.size <= maxEntries) return;
      if (entry.listeners.size === 0 && !entry.inflight) entries.delete(entry.key);
    }
  };

  function create(key: string, load: () => Promise<T>): Entry<T> {
    const entry: Entry<T> = {
      key,
      load,
      state: NOTHING_YET,
      listeners: new Set(),
      inflight: undefined,
      retry: undefined,
      generation: 0,
      handle: {
        getSnapshot: () => entry.state,
        subscribe(listener) {
          if (disposed) return () => undefined;
          // Trimmed between a render and its commit: watched reads are always kept.
          if (!entries.has(key)) entries.set(key, entry);
          entry.listeners.add(listener);
          if (entry.listeners.size === 1 && watched++ === 0) listen(true);
          if (!entry.inflight && entry.retry === undefined && !isFresh(entry)) refresh(entry);
          return () => {
            if (!entry.listeners.delete(listener) || entry.listeners.size > 0) return;
            cancelRetry(entry);
            if (--watched === 0) listen(false);
          };
        },
        fetch: () => (isFresh(entry) ? Promise.resolve(entry.state.data as T) : run(entry)),
      },
    };
    return entry;
  }

  return {
    read(key, load) {
      let entry = entries.get(key);
      if (entry) entry.load = load;
      else {
        entry = create(key, load);
        entries.set(key, entry);
        trim();
      }
      return entry.handle;
    },
    clear() {
      for (const entry of [...entries.values()]) {
        cancelRetry(entry);
        entry.generation++;
        entry.inflight = undefined;
        if (entry.listeners.size === 0) {
          entries.delete(entry.key);
          continue;
        }
        set(entry, NOTHING_YET);
        if (!disposed) refresh(entry);
      }
    },
    dispose() {
      disposed = true;
      for (const entry of entries.values()) {
        cancelRetry(entry);
        entry.generation++;
        entry.inflight = undefined;
        entry.listeners.clear();
      }
      if (watched > 0) listen(false);
      watched = 0;
    },
  };
}
