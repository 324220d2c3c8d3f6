/**
 * Synchronous key/value storage the kernel persists through. Implementations must not
 * throw; the browser one swallows quota and privacy-mode errors.
 */
export interface StoragePort {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
  /**
   * Follows changes other pages of the site make (another tab writing the same `localStorage`):
   * called with the changed key, or `null` when the storage was cleared. Optional: a storage
   * no other page shares has nothing to report.
   */
  subscribe?(listener: (key: string | null) => void): () => void;
}

/** In-memory storage (tests, SSR, hosts that opt out of persistence). */
export function createMemoryStorage(initial: Record<string, string> = {}): StoragePort & { dump(): Record<string, string> } {
  const map = new Map(Object.entries(initial));
  return {
    get: (key) => map.get(key) ?? null,
    set: (key, value) => void map.set(key, value),
    remove: (key) => void map.delete(key),
    dump: () => Object.fromEntries(map),
  };
}

/** A minimal Web Storage shape, so this file needs no DOM types at run time. */
interface WebStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The window's `storage` event, structurally. */
interface StorageEventLike {
  readonly key: string | null;
  readonly storageArea: unknown;
}

type EventSource = { addEventListener(type: 'storage', l: (e: StorageEventLike) => void): void; removeEventListener(type: 'storage', l: (e: StorageEventLike) => void): void };

/**
 * Storage over `localStorage` (or another Web Storage). Falls back to memory when the
 * browser refuses access (Safari private mode, sandboxed frames, quota exceeded).
 */
export function createWebStorage(storage?: WebStorage): StoragePort {
  const memory = createMemoryStorage();
  const target = (): WebStorage | undefined => {
    try {
      return storage ?? (globalThis as { localStorage?: WebStorage }).localStorage;
    } catch {
      return undefined;
    }
  };
  return {
    get(key) {
      try {
        return target()?.getItem(key) ?? memory.get(key);
      } catch {
        return memory.get(key);
      }
    },
    set(key, value) {
      memory.set(key, value);
      try {
        target()?.setItem(key, value);
      } catch {
        // Quota or privacy mode: the memory copy keeps this page working.
      }
    },
    remove(key) {
      memory.remove(key);
      try {
        target()?.removeItem(key);
      } catch {
        // Same as set: nothing more to do.
      }
    },
    subscribe(listener) {
      const source = globalThis as unknown as Partial<EventSource>;
      if (typeof source.addEventListener !== 'function') return () => undefined;
      // The browser fires `storage` in every other page of the origin that shares this storage area.
      const onStorage = (event: StorageEventLike) => {
        if (event.storageArea !== target()) return;
        // A copy this page kept in memory (quota, privacy mode) must not hide the other page's value.
        if (event.key === null) for (const key of Object.keys(memory.dump())) memory.remove(key);
        else memory.remove(event.key);
        listener(event.key);
      };
      source.addEventListener('storage', onStorage);
      return () => source.removeEventListener?.('storage', onStorage);
    },
  };
}

/** A view of `storage` whose keys all start with `prefix` (per plugin, per kernel). */
export function createScopedStorage(storage: StoragePort, prefix: string): StoragePort {
  return {
    get: (key) => storage.get(prefix + key),
    set: (key, value) => storage.set(prefix + key, value),
    remove: (key) => storage.remove(prefix + key),
  };
}
