import type { Kernel, Logger } from '@portico/kernel';
import type { AnalyticsEvent, AnalyticsOptions } from './AnalyticsEvent';
import { createAnalyticsMapper, type AnalyticsFact } from './createAnalyticsMapper';
import { createBeaconTransport } from './createBeaconTransport';

/** Events held for the URL until the modal first opens. */
const MAX_HELD = 100;

/** The lazily loaded half of the analytics: maps recorded facts and hands them to the host's sinks. */
export interface AnalyticsSink {
  take(fact: AnalyticsFact): void;
  /** Drops what is queued for the URL (the flag was turned off). */
  clear(): void;
  dispose(): void;
}

/** Options of `startAnalyticsSink`. */
export interface AnalyticsSinkOptions {
  readonly connectors: Kernel['connectors'];
  readonly logger: Pick<Logger, 'warn'>;
  readonly projectId: string | undefined;
  readonly options: AnalyticsOptions;
  /** Flush timing of the URL sink (tests). */
  readonly timing?: { flushMs?: number; maxBatch?: number } | undefined;
}

/**
 * Starts the host's sinks: the callback is called with every event (a callback that throws is
 * logged once), the URL gets them batched by `createBeaconTransport`.
 */
export function startAnalyticsSink({ connectors, logger, projectId, options, timing }: AnalyticsSinkOptions): AnalyticsSink {
  const { url, onEvent, includeAddresses = false } = options;
  const map = createAnalyticsMapper(connectors, includeAddresses);
  const transport = url ? createBeaconTransport({ url, projectId, logger, ...timing }) : undefined;
  let callbackWarned = false;
  // Nothing goes to the URL before the visitor first opened the modal (a restored session is held).
  let opened = false;
  const held: AnalyticsEvent[] = [];
  return {
    take(fact) {
      const event = map(fact);
      if (!event) return;
      try {
        onEvent?.(event);
      } catch (error) {
        if (!callbackWarned) logger.warn('analytics.onEvent threw; later failures are not logged', error);
        callbackWarned = true;
      }
      if (!transport) return;
      opened ||= event.type === 'modal_opened';
      if (!opened) {
        held.push(event);
        if (held.length > MAX_HELD) held.shift();
        return;
      }
      for (const early of held.splice(0)) transport.add(early);
      transport.add(event);
    },
    clear() {
      held.length = 0;
      transport?.clear();
    },
    dispose: () => transport?.dispose(),
  };
}
