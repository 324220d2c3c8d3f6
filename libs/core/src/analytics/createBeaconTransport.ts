import type { Logger } from '@portico/kernel';
import type { AnalyticsEvent } from './AnalyticsEvent';

/** Loaded lazily by `createAnalytics`: batches events and posts them to the host's URL. */
export interface BeaconTransport {
  add(event: AnalyticsEvent): void;
  /** Sends what is queued now (page hidden, batch full, timer). */
  flush(): void;
  /** Drops what is queued without sending it (the flag was turned off). */
  clear(): void;
  /** Sends what is queued and stops listening to the page. */
  dispose(): void;
}

/** Options of `createBeaconTransport`. */
export interface BeaconTransportOptions {
  readonly url: string;
  readonly projectId: string | undefined;
  readonly logger: Pick<Logger, 'warn'>;
  /** How long an event waits for others before the batch goes; default 1 500 ms. */
  readonly flushMs?: number;
  /** A batch this big goes at once (so the queue never grows past it); default 20. */
  readonly maxBatch?: number;
}

/**
 * Creates the URL sink: a POST of `{ projectId, events }` as text/plain (a CORS-safelisted type,
 * so no preflight) through `navigator.sendBeacon`, or `fetch` with `keepalive` when the beacon
 * is refused or missing; flushed on a timer, at `maxBatch`, and when the page is hidden or left.
 * Never throws: a failed send is logged once.
 */
export function createBeaconTransport(options: BeaconTransportOptions): BeaconTransport {
  const { url, projectId, logger, flushMs = 1500, maxBatch = 20 } = options;
  const queue: AnalyticsEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let warned = false;
  let disposed = false;

  const warnOnce = (error: unknown) => {
    if (warned) return;
    warned = true;
    logger.warn(`Analytics events could not be sent to ${url}`, error);
  };
  const post = (batch: readonly AnalyticsEvent[]) => {
    const body = JSON.stringify({ projectId: projectId ?? null, events: batch });
    try {
      const beacon = typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function' ? navigator.sendBeacon.bind(navigator) : undefined;
      if (beacon?.(url, body)) return;
      void fetch(url, { method: 'POST', body, keepalive: true, mode: 'no-cors', credentials: 'omit', headers: { 'content-type': 'text/plain;charset=UTF-8' } }).catch(warnOnce);
    } catch (error) {
      warnOnce(error);
    }
  };
  const flush = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    while (queue.length > 0) post(queue.splice(0, maxBatch));
  };
  const onHidden = () => {
    if (typeof document === 'undefined' || document.visibilityState === 'hidden') flush();
  };
  const page = typeof window !== 'undefined' && typeof window.addEventListener === 'function' ? window : undefined;
  const doc = typeof document !== 'undefined' && typeof document.addEventListener === 'function' ? document : undefined;
  page?.addEventListener('pagehide', flush);
  doc?.addEventListener('visibilitychange', onHidden);

  return {
    add(event) {
      if (disposed) return;
      queue.push(event);
      if (queue.length >= maxBatch) flush();
      else timer ??= setTimeout(flush, flushMs);
    },
    flush,
    clear() {
      queue.length = 0;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
    dispose() {
      if (disposed) return;
      flush();
      disposed = true;
      page?.removeEventListener('pagehide', flush);
      doc?.removeEventListener('visibilitychange', onHidden);
    },
  };
}
