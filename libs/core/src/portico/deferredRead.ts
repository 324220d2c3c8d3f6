import { PorticoError } from '@portico/kernel';
import { LOADING, NOTHING_YET, type AccountRead, type AccountReadState } from './accountReadState';

/**
 * The stand-in for an account read whose code has not loaded yet: `loading` while it loads
 * (watching or fetching starts that), then it hands each watcher over to the real read, or stays
 * idle when there turns out to be none (a chain without that read). A failed load shows as the
 * read's error; the next watch or fetch tries again.
 */
export function deferredRead<T>(load: () => Promise<AccountRead<T> | undefined>): AccountRead<T> {
  let real: AccountRead<T> | undefined;
  let snapshot: AccountReadState<T> = LOADING;
  let started: Promise<void> | undefined;
  const watchers = new Map<() => void, (() => void) | undefined>();
  const show = (next: AccountReadState<T>) => {
    snapshot = next;
    for (const listener of [...watchers.keys()]) listener();
  };
  const start = () => {
    // After a failed load, trying again shows `loading` again.
    if (!started && snapshot !== LOADING) show(LOADING);
    return (started ??= load().then(
      (read) => {
        real = read;
        for (const listener of [...watchers.keys()]) watchers.set(listener, read?.subscribe(listener));
        show(NOTHING_YET);
      },
      (error: unknown) => {
        started = undefined;
        show({ ...NOTHING_YET, status: 'error', error: error instanceof Error ? error : new Error(String(error)), failureCount: 1 });
      },
    ));
  };
  return {
    getSnapshot: () => real?.getSnapshot() ?? snapshot,
    subscribe(listener) {
      watchers.set(listener, real?.subscribe(listener));
      if (!real) void start();
      return () => {
        watchers.get(listener)?.();
        watchers.delete(listener);
      };
    },
    // Polls the real read once it is there (loading it now); the stop takes effect once that poll started. A failed load leaves nothing to poll.
    poll(intervalMs) {
      const polled = start().then(() => real?.poll(intervalMs));
      return () => polled.then((stop) => stop?.());
    },
    async fetch() {
      await start();
      if (!real) throw snapshot.error ?? new PorticoError('This account has no such read on its chain', { code: 'core/no-read' });
      return real.fetch();
    },
  };
}
