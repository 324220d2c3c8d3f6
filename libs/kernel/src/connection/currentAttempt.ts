import { ConnectCancelledError } from '../errors/kernelErrors';
import { createObservable, type Observable } from '../state/createObservable';

/** What a Connecting view shows of the attempt in progress (`ConnectionStore.attempt`). */
export interface ConnectAttempt {
  /** Increases with every attempt of this store. */
  readonly id: number;
  readonly connectorId: string;
  readonly status: 'connecting' | 'failed';
  /** Still waiting after the connect timeout: the wallet is not answering (the attempt stays open). */
  readonly slow?: boolean;
  readonly error?: Error | undefined;
}

/** How a connection attempt ended. */
export type AttemptOutcome = 'connected' | 'failed' | 'cancelled';

/**
 * A connect attempt across a connector's namespaces: the one object the connect action, the
 * modal and the chain adapters share. Its `signal` aborts (`ConnectCancelledError`) when it is
 * cancelled or a newer attempt starts; each namespace's ticket (`beginConnect` with that signal)
 * ends with it, so a late answer is dropped and the namespace returns to what it was.
 */
export interface ConnectionAttempt {
  readonly id: number;
  readonly connectorId: string;
  readonly signal: AbortSignal;
  /** Set once a wallet answered (a namespace connected): leaving the modal no longer gives the attempt up. */
  answered?: boolean;
  /** How it ended; undefined while it is in progress. */
  readonly outcome?: AttemptOutcome;
  /** Gives it up (the signal aborts); a no-op once it ended. */
  cancel(reason?: 'cancelled' | 'superseded'): void;
  /** Says the wallet is not answering yet (`slow`); the attempt stays open. */
  markSlow(): void;
  /** Ends it: shown as failed with `error`, or no longer shown. A no-op once it ended. */
  end(outcome: AttemptOutcome, error?: Error): void;
}

/**
 * The store's connect attempt, at most one at a time: an observable of what it shows, the
 * attempt itself (`current`, ended ones included) and `begin`, which supersedes the one in progress.
 */
export interface CurrentAttempt extends Observable<ConnectAttempt | undefined> {
  readonly current?: ConnectionAttempt;
  begin(connectorId: string): ConnectionAttempt;
}

export function createCurrentAttempt(): CurrentAttempt {
  const shown = createObservable<ConnectAttempt | undefined>(undefined);
  let count = 0;
  const self: CurrentAttempt & { current?: ConnectionAttempt } = {
    getSnapshot: shown.getSnapshot,
    subscribe: shown.subscribe,
    begin(connectorId) {
      // The one in progress is superseded without being shown to end: the new one replaces it.
      const previous = self.current;
      self.current = undefined;
      previous?.cancel('superseded');
      const id = ++count;
      const controller = new AbortController();
      const show = (state?: Omit<ConnectAttempt, 'id' | 'connectorId'>) => self.current === attempt && shown.set(state && { id, connectorId, ...state });
      const attempt: ConnectionAttempt & { outcome?: AttemptOutcome } = {
        id,
        connectorId,
        signal: controller.signal,
        cancel: (reason) => attempt.outcome || (controller.abort(new ConnectCancelledError(reason)), attempt.end('cancelled')),
        markSlow: () => attempt.outcome || show({ status: 'connecting', slow: true }),
        end(outcome, error) {
          if (attempt.outcome) return;
          // Set before listeners hear of it: the modal closes on `connected`.
          attempt.outcome = outcome;
          show(outcome === 'failed' ? { status: 'failed', error } : undefined);
        },
      };
      self.current = attempt;
      show({ status: 'connecting' });
      return attempt;
    },
  };
  return self;
}
