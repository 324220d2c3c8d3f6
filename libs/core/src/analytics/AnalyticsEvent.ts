/** What an analytics event carries beside its type: ids, kinds and codes only, never free text. */
export type AnalyticsProperties = Readonly<Record<string, string | number | boolean>>;

/**
 * One of the modal's usage events, as a host's sink receives it. Addresses appear only when the
 * host opted in with `analytics.includeAddresses`; error messages never do (a kind and a code).
 */
export interface AnalyticsEvent {
  readonly type:
    | 'modal_opened'
    | 'modal_closed'
    | 'view_changed'
    | 'connect_started'
    | 'connect_succeeded'
    | 'connect_failed'
    | 'connect_abandoned'
    | 'connection_status_changed'
    | 'account_changed'
    | 'disconnected'
    | 'network_switched'
    | 'sign_in_succeeded'
    | 'signed_out'
    | 'rpc_requested'
    | 'rpc_settled'
    | 'rpc_rejected'
    | 'error';
  /** Milliseconds since the epoch. */
  readonly timestamp: number;
  readonly properties: AnalyticsProperties;
}

/** The host's analytics sink (`createPortico({ analytics })`); with neither `url` nor `onEvent`, nothing is recorded. */
export interface AnalyticsOptions {
  /** Receives batches as a POST (`sendBeacon`, else `fetch` with `keepalive`) of `{ projectId, events }`. */
  readonly url?: string | undefined;
  /** Called with every event; a callback that throws is logged once and otherwise ignored. */
  readonly onEvent?: ((event: AnalyticsEvent) => void) | undefined;
  /** Puts account addresses into the events; off by default. */
  readonly includeAddresses?: boolean | undefined;
}
