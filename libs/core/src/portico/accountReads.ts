import { toError } from '../errors/toError';
import { NOTHING_YET, type AccountRead, type AccountReadState } from './accountReadState';

export type { AccountRead, AccountReadState, AccountReadStatus } from './accountReadState';
export { idleAccountRead } from './accountReadState';

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

interface Entry<T> {
  readonly key: string;
  load: () => Promise<T>;
  state: AccountReadState<T>;
  readonly listeners: Set<() => void>;
  inflight: Promise<T> | undefined;
  /** The next read on its own: a failure's retry, or the next poll while someone polls. */
  retry: ReturnType<typeof setTimeout> | undefined;
  /** The intervals of those polling the read (`AccountRead.poll`); the shortest applies. */
  readonly polls: number[];
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
        arm(entry);
        return value;
      },
      (error: unknown) => {
        if (!current()) throw error;
        entry.inflight = undefined;
        const failureCount = entry.state.failureCount + 1;
        set(entry, { error: toError(error), isLoading: false, isFetching: false, isStale: entry.state.updatedAt !== undefined, failureCount });
        arm(entry);
        throw error;
      },
    );
    entry.inflight = reading;
    set(entry, { isFetching: true, isLoading: entry.state.updatedAt === undefined });
    return reading;
  }
  /**
   * Sets the watched read's next read on its own: after a failure, the backoff's delay (no longer
   * than the poll interval while someone polls, so a node that is back is found within one);
   * after a success, the poll interval from that read. Nothing while nobody watches.
   */
  function arm(entry: Entry<T>) {
    cancelRetry(entry);
    if (disposed || entry.inflight || entry.listeners.size === 0) return;
    const interval = entry.polls.length > 0 ? Math.min(...entry.polls) : undefined;
    let delay: number;
    if (entry.state.error) delay = Math.min(retryDelay(entry.state.failureCount), interval ?? Number.POSITIVE_INFINITY);
    // A hidden page does not poll (TanStack Query's default); it polls again once visible.
    else if (interval !== undefined && entry.state.updatedAt !== undefined && signals.document?.visibilityState !== 'hidden') delay = Math.max(0, entry.state.updatedAt + interval - now());
    else return;
    entry.retry = setTimeout(() => {
      entry.retry = undefined;
      refresh(entry);
    }, delay);
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
    if (signals.document?.visibilityState === 'hidden') return;
    retryNow();
    // Polled reads that were fresh enough not to read now take up their polling again.
    for (const entry of entries.values()) if (entry.polls.length > 0 && entry.listeners.size > 0 && !entry.inflight && entry.retry === undefined) arm(entry);
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
      polls: [],
      handle: {
        getSnapshot: () => entry.state,
        subscribe(listener) {
          if (disposed) return () => undefined;
          // Trimmed between a render and its commit: watched reads are always kept.
          if (!entries.has(key)) entries.set(key, entry);
          entry.listeners.add(listener);
          if (entry.listeners.size === 1 && watched++ === 0) listen(true);
          if (!entry.inflight && entry.retry === undefined) {
            if (isFresh(entry)) arm(entry);
            else refresh(entry);
          }
          return () => {
            if (!entry.listeners.delete(listener) || entry.listeners.size > 0) return;
            cancelRetry(entry);
            if (--watched === 0) listen(false);
          };
        },
        fetch: () => (isFresh(entry) ? Promise.resolve(entry.state.data as T) : run(entry)),
        poll(intervalMs) {
          if (!(intervalMs > 0) || disposed) return () => undefined;
          entry.polls.push(intervalMs);
          arm(entry);
          let polling = true;
          return () => {
            if (!polling) return;
            polling = false;
            entry.polls.splice(entry.polls.indexOf(intervalMs), 1);
            arm(entry);
          };
        },
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
