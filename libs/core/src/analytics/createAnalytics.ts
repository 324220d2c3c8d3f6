import type { Kernel, Observable } from '@portico/kernel';
import type { ConnectAttempt } from '../portico/createPortico';
import type { AnalyticsOptions } from './AnalyticsEvent';
import type { AnalyticsFact } from './createAnalyticsMapper';
import type { AnalyticsSink } from './startAnalyticsSink';

/** The modal's analytics: events to the host's sink while the `analytics` flag is on. */
export interface Analytics {
  /** Sends what is queued and stops recording. */
  dispose(): void;
}

/** What `createAnalytics` needs from the Portico instance being made. */
export interface AnalyticsInput {
  readonly kernel: Pick<Kernel, 'events' | 'connectors' | 'flags' | 'logger' | 'router'>;
  readonly connectAttempt: Observable<ConnectAttempt | undefined>;
  readonly projectId: string | undefined;
  readonly options: AnalyticsOptions | undefined;
  /** Flush timing of the URL sink (tests); see `createBeaconTransport`. */
  readonly timing?: { flushMs?: number; maxBatch?: number };
}

/** The kernel events (and the sign-in plugin's) that become analytics events. */
const FACTS = [
  'modal:opened',
  'modal:closed',
  'view:changed',
  'account:connected',
  'connection:attempt-abandoned',
  'connection:status-changed',
  'account:changed',
  'account:disconnected',
  'network:switched',
  'rpc:approval-requested',
  'rpc:approval-settled',
  'rpc:rejected',
  'plugin:failed',
  'siwx:session-added',
  'siwx:session-removed',
] as const;

/** Facts held while the sink loads, or (for a URL) before the modal first opens. */
const MAX_PENDING = 100;

/**
 * Records the modal's facts for the host's sink. Without a sink nothing is subscribed at all;
 * with the flag off nothing is recorded. Mapping and sending are a dynamic import, loaded at
 * the first fact (for a URL: when the modal first opens, a click), so the initial JS stays
 * small and no request precedes the visitor's first click.
 */
export function createAnalytics({ kernel, connectAttempt, projectId, options, timing }: AnalyticsInput): Analytics {
  if (!options?.url && !options?.onEvent) return { dispose() {} };
  const logger = kernel.logger.child('analytics');
  const enabled = () => kernel.flags.isEnabled('analytics');
  const pending: AnalyticsFact[] = [];
  let sink: AnalyticsSink | undefined;
  let loading = false;
  let disposed = false;

  const load = () => {
    loading = true;
    import('./startAnalyticsSink')
      .then(({ startAnalyticsSink }) => {
        if (disposed) return;
        sink = startAnalyticsSink({ connectors: kernel.connectors, logger, projectId, options, timing });
        for (const fact of pending.splice(0)) sink.take(fact);
      })
      .catch((error: unknown) => {
        pending.length = 0;
        logger.warn('The analytics sink failed to load; events are dropped', error);
      });
  };
  const record = (name: string, payload: unknown) => {
    if (disposed || !enabled()) return;
    const fact = { name, payload, at: Date.now() };
    if (sink) return sink.take(fact);
    pending.push(fact);
    if (pending.length > MAX_PENDING) pending.shift();
    if (!loading && (options.onEvent || name === 'modal:opened')) load();
  };

  const bus = kernel.events as unknown as { on(name: string, listener: (payload: unknown) => void): () => void };
  const offs = [
    ...FACTS.map((name) => bus.on(name, (payload) => record(name, payload))),
    connectAttempt.subscribe(() => record('connect:attempt', connectAttempt.getSnapshot())),
    kernel.flags.subscribe(() => {
      if (enabled()) return;
      pending.length = 0;
      sink?.clear();
    }),
  ];
  // Opened before this code arrived (a click while it loaded): that open is a fact too.
  const route = kernel.router.getSnapshot();
  if (route.isOpen) record('modal:opened', { view: route.current.view });
  return {
    dispose() {
      if (disposed) return;
      disposed = true;
      for (const off of offs) off();
      sink?.dispose();
    },
  };
}
