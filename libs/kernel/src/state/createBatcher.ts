/** What `createBatcher` returns: `changed()` after a change, `batch(fn)` around many. */
export interface Batcher {
  /** Runs `fn`; changes made inside it recompute once, when the outermost batch ends. */
  batch<T>(fn: () => T): T;
  /** Recomputes now, or at the end of the batch in progress. */
  changed(): void;
}

/**
 * Coalesces the recomputation of derived state (ordered contribution lists, the flag map)
 * so a start that adds 20 plugins recomputes and notifies subscribers once, not 20 times.
 */
export function createBatcher(recompute: () => void): Batcher {
  let depth = 0;
  let dirty = false;
  return {
    batch(fn) {
      depth++;
      try {
        return fn();
      } finally {
        if (--depth === 0 && dirty) {
          dirty = false;
          recompute();
        }
      }
    },
    changed() {
      if (depth > 0) dirty = true;
      else recompute();
    },
  };
}
