/** The spec's cache lifetimes, in milliseconds. */
export const CACHE_TTL_MS = {
  portfolio: 30_000,
  nativeBalance: 30_000,
  identity: 300_000,
} as const;

/** A map whose entries expire `ttlMs` after they are set. */
export interface TtlCache<K, V> {
  get(key: K): V | undefined;
  set(key: K, value: V): void;
  delete(key: K): void;
  clear(): void;
  /**
   * Returns a fresh cached value, or loads it once even when called concurrently. A load that
   * resolves to `undefined` ("nothing there") is cached like any other value.
   */
  getOrLoad(key: K, load: () => Promise<V>): Promise<V>;
}

/** Options of `createTtlCache`; `now` is injectable for tests. */
export interface TtlCacheOptions {
  ttlMs: number;
  maxEntries?: number;
  now?: () => number;
}

/** Creates a TTL cache. Failed loads are not cached; the oldest entry goes past `maxEntries`. */
export function createTtlCache<K, V>({ ttlMs, maxEntries = 500, now = Date.now }: TtlCacheOptions): TtlCache<K, V> {
  const entries = new Map<K, { value: V; expires: number }>();
  const inflight = new Map<K, Promise<V>>();

  /** The entry while it is fresh; an expired one is dropped. */
  const fresh = (key: K) => {
    const entry = entries.get(key);
    if (entry && entry.expires <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };

  const cache: TtlCache<K, V> = {
    get: (key) => fresh(key)?.value,
    set(key, value) {
      entries.delete(key);
      entries.set(key, { value, expires: now() + ttlMs });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value as K);
    },
    delete(key) {
      entries.delete(key);
    },
    clear() {
      entries.clear();
      inflight.clear();
    },
    getOrLoad(key, load) {
      const cached = fresh(key);
      if (cached) return Promise.resolve(cached.value);
      const pending = inflight.get(key);
      if (pending) return pending;
      const promise = load().then(
        (value) => {
          if (inflight.get(key) === promise) {
            inflight.delete(key);
            cache.set(key, value);
          }
          return value;
        },
        (error: unknown) => {
          if (inflight.get(key) === promise) inflight.delete(key);
          throw error;
        },
      );
      inflight.set(key, promise);
      return promise;
    },
  };
  return cache;
}
