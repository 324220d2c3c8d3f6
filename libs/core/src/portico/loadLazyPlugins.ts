import { onIdle, type Kernel } from '@portico/kernel';
import type { LazyPlugin } from './porticoConfigSchema';

/** Whether any namespace has an account connected. */
const anyConnected = (kernel: Kernel): boolean => Object.values(kernel.connection.getSnapshot().namespaces).some((n) => n.status === 'connected');

/**
 * Loads the host's lazy plugins, each when what it serves can first be shown (#41): a plain
 * loader (`() => import(…)`) when the browser is first idle after start, or at an open if that
 * comes sooner (its contributions may be on the Connect view: e-mail, social login); one listed as
 * `{ load, when: 'connected' }` (Activity, Send, Receive, Swap, Buy: the Account view's buttons and
 * tabs) only once an account is connected, when the browser is next idle or at an open while
 * connected, so a visitor who has not connected fetches none of it. A load that fails is logged and
 * tried again at the next open (the kernel reports a value that is not a plugin). Returns the
 * function that stops the waiting.
 */
export function loadLazyPlugins(kernel: Kernel, listed: readonly LazyPlugin[]): () => void {
  const pending = new Set(listed);
  const load = (connected: boolean) => {
    if (kernel.isDisposed) return;
    for (const entry of pending) {
      const loader = typeof entry === 'function' ? entry : entry.load;
      if (typeof entry !== 'function' && !connected) continue;
      pending.delete(entry);
      // A loader that throws, or returns no promise, is a failed load too.
      Promise.resolve()
        .then(loader)
        .then(
          (definition) => kernel.isDisposed || kernel.plugins.add([definition]),
          (error: unknown) => {
            pending.add(entry);
            kernel.logger.error('A lazy plugin did not load; it is tried again at the next open', error);
          },
        );
    }
  };
  const now = () => load(anyConnected(kernel));
  // Opened while this module loaded: that open's load is now.
  if (kernel.router.getSnapshot().isOpen) now();
  const stops = [onIdle(now), kernel.events.on('modal:opened', now), kernel.events.on('account:connected', () => stops.push(onIdle(() => load(true))))];
  return () => stops.forEach((stop) => stop());
}
