import type { EventBus } from '../events/createEventBus';
import type { ConnectionStatus } from '../events/PorticoEvents';
import { ConnectCancelledError } from '../errors/kernelErrors';
import type { ConnectionStateCell } from './connectionState';

/**
 * A connect attempt on one namespace (`ConnectionStore.beginConnect`). Only the current attempt
 * may connect: once it is cancelled or a newer attempt starts, whatever its wallet answers is
 * dropped (`setConnected` with a stale ticket changes nothing).
 */
export interface ConnectTicket {
  /** Unique within the store, increasing. */
  readonly id: number;
  readonly namespace: string;
  readonly connectorId: string;
  /** Aborts (reason: `ConnectCancelledError`) when the attempt is cancelled or superseded. */
  readonly signal: AbortSignal;
  /** True while this is the namespace's attempt in progress. */
  isCurrent(): boolean;
  /**
   * Ends the attempt without a connection. If it is still current, the namespace returns to the
   * status and connector it had before the attempt: a wallet connected before stays connected.
   * Idempotent; a no-op once the attempt connected or was superseded.
   */
  abandon(): void;
}

/** A namespace's status and connector outside any attempt. */
export interface SettledConnection {
  readonly status: ConnectionStatus;
  readonly connectorId: string | undefined;
}

/** The attempt in progress on a namespace. */
export interface PendingAttempt {
  readonly id: number;
  readonly connectorId: string;
  readonly controller: AbortController;
  /** What the namespace returns to when the attempt is abandoned (and what storage keeps meanwhile). */
  previous: SettledConnection;
}

/**
 * The connect attempts on one store's namespaces, at most one pending per namespace. Each attempt
 * that ends without connecting emits `connection:attempt-abandoned`.
 */
export class ConnectAttempts {
  /** The attempt in progress, per namespace. */
  readonly pending = new Map<string, PendingAttempt>();
  private count = 0;

  constructor(
    private readonly events: EventBus,
    private readonly state: ConnectionStateCell,
  ) {}

  /**
   * Starts an attempt: the namespace shows `connecting` (accounts kept). A pending attempt is
   * superseded, and what the namespace was before it carries over. With `signal` already aborted
   * the ticket's signal is aborted too and nothing changes; aborting `signal` later abandons it.
   */
  begin(namespace: string, connectorId: string, signal?: AbortSignal): ConnectTicket {
    const current = this.state.get(namespace);
    const previous = this.pending.get(namespace)?.previous ?? current;
    this.end(namespace);
    const id = ++this.count;
    const controller = new AbortController();
    const ticket: ConnectTicket = {
      id,
      namespace,
      connectorId,
      signal: controller.signal,
      isCurrent: () => this.pending.get(namespace)?.id === id,
      abandon: () => ticket.isCurrent() && this.end(namespace, 'ended'),
    };
    if (signal?.aborted) {
      controller.abort(new ConnectCancelledError());
    } else {
      this.pending.set(namespace, { id, connectorId, controller, previous });
      signal?.addEventListener('abort', ticket.abandon, { once: true });
      this.state.update(namespace, { ...current, status: 'connecting', connectorId });
    }
    return ticket;
  }

  /**
   * What the namespace was outside any attempt; then ends its attempt: `attempt` (the current one)
   * connected, or, without one, a pending attempt is superseded.
   */
  settle(namespace: string, attempt: ConnectTicket | undefined): SettledConnection {
    const settled = this.pending.get(namespace)?.previous ?? this.state.get(namespace);
    if (attempt) this.pending.delete(namespace);
    else this.end(namespace);
    return settled;
  }

  /**
   * Ends the namespace's pending attempt: `superseded` when something else settled the namespace,
   * `ended` when it was abandoned (the namespace returns to what it was before the attempt).
   */
  end(namespace: string, reason: 'superseded' | 'ended' = 'superseded'): void {
    const entry = this.pending.get(namespace);
    if (!entry) return;
    const ended = reason === 'ended';
    this.pending.delete(namespace);
    entry.controller.abort(new ConnectCancelledError(ended ? 'cancelled' : reason));
    if (ended) this.state.update(namespace, { ...this.state.get(namespace), status: entry.previous.status, connectorId: entry.previous.connectorId });
    this.events.emit('connection:attempt-abandoned', { namespace, connectorId: entry.connectorId, reason });
  }
}
