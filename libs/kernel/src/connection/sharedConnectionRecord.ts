import type { Logger } from '../logger/createLogger';
import type { StoragePort } from '../storage/StoragePort';
import { parsePersistedConnection, type PersistedConnection } from './persistedConnection';

/** The connection record in storage, which every tab of the site reads and writes. */
export interface SharedConnectionRecord {
  /** Stores the current record; nothing while writes are held. */
  write(): void;
  /** Runs `change` without writing anything (adopting another tab's record writes nothing back). */
  hold(change: () => void): void;
  /** Stops following other tabs. */
  dispose(): void;
}

/**
 * Follows the record under `key`. What another tab stored (anything that differs from what this
 * page last wrote or read) goes to `adopt`, with writes held; `undefined` when it was removed.
 * That check runs before every write too, so a tab that missed an event never writes stale state
 * over newer state. `build` makes the record to write.
 */
export function createSharedConnectionRecord(
  storage: StoragePort,
  key: string,
  logger: Logger,
  adopt: (record: PersistedConnection | undefined) => void,
  build: () => PersistedConnection,
): SharedConnectionRecord {
  let lastStored = storage.get(key);
  let held = 0;
  const hold = (change: () => void): void => {
    held++;
    try {
      change();
    } finally {
      held--;
    }
  };
  const sync = (): void => {
    const text = storage.get(key);
    if (text === lastStored) return;
    lastStored = text;
    const record = text === null ? undefined : parsePersistedConnection(text);
    if (text !== null && !record) return logger.warn('Ignored unreadable connection data another tab stored');
    hold(() => adopt(record));
  };
  // Another tab of the site connected or disconnected: this one follows.
  const unsubscribe = storage.subscribe?.((changed) => (changed === null || changed === key) && sync()) ?? (() => undefined);
  return {
    write() {
      if (held > 0) return;
      sync();
      const text = JSON.stringify(build());
      lastStored = text;
      storage.set(key, text);
    },
    hold,
    dispose: unsubscribe,
  };
}
