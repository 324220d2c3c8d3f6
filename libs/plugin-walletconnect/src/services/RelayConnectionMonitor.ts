import { createObservable, PorticoError, type Logger } from '@portico/kernel';
import type { WalletConnectConnectionState, WalletConnectRequestsState } from '../api';

/**
 * How long a request through the session may wait on an unreachable relay before it fails: the
 * protocol client's publish window (its own is 60 s), and the longest outage tolerated while the
 * wallet's answer is awaited. The user sees "interrupted" the whole time, so 30 s is enough for
 * a network change or a relay restart, without a minute of waiting on a relay that is gone.
 * Not much less than 20 s: a message sent into a socket that was just dying is retried only
 * after sign-client's 15 s first-attempt timeout and its next 5 s heartbeat.
 */
export const RELAY_TIMEOUT_MS = 30_000;
/** The relay must stay unreachable this long before the interruption is shown: a reconnect within it goes unnoticed. */
export const INTERRUPTION_GRACE_MS = 1_000;
/**
 * A request's own outage clock runs this much longer than the publish window, so that a message
 * sign-client could not publish fails with its error as the cause; the clock is the bound for a
 * request already delivered, whose answer cannot come back while the relay is away.
 */
const SETTLE_MS = 1_000;

// RELAYER_EVENTS and HEARTBEAT_EVENTS of @walletconnect/core 2.25, spelt out so this file does not
// load the protocol client, which stays in its lazy chunk.
const RELAYER_CONNECT = 'relayer_connect';
const RELAYER_DISCONNECT = 'relayer_disconnect';
const HEARTBEAT_PULSE = 'heartbeat_pulse';

/** What sign-client rejects with when the relay could not take or deliver a message (never shown as it is). */
const RELAY_FAILURE = /failed to publish|socket connection to the relay|no internet connection|connection interrupted/i;

/** The relay between the app and the wallet could not be reached for the whole window: the request did not complete. */
export class WalletConnectRelayUnreachableError extends PorticoError {
  override name = 'WalletConnectRelayUnreachableError';
  constructor(options: { cause?: unknown; details?: string } = {}) {
    super('Your wallet could not be reached because the connection to it was interrupted. Please try again.', { code: 'walletconnect/relay-unreachable', ...options });
  }
}

/** The parts of sign-client's Core the monitor reads: the relayer (socket state, events, publisher) and the heartbeat. */
export interface MonitoredCore {
  relayer: {
    readonly connected: boolean;
    readonly publisher: unknown;
    on(event: string, listener: () => void): void;
    off(event: string, listener: () => void): void;
  };
  heartbeat: { on(event: string, listener: () => void): void; off(event: string, listener: () => void): void };
}

interface Tracked {
  timer: ReturnType<typeof setTimeout> | undefined;
  fail(error: Error): void;
}

/**
 * Watches the relay socket that carries the WalletConnect session. It reports `interrupted`
 * while the relay cannot be reached (after a short grace) and a session exists, keeps requests
 * sent through the session while the protocol client reconnects and republishes them, and fails
 * a request with `WalletConnectRelayUnreachableError` (never sign-client's raw text) once the
 * relay has been unreachable for `timeoutMs` of its life.
 */
export class RelayConnectionMonitor {
  readonly state: ReturnType<typeof createObservable<WalletConnectConnectionState>> = createObservable<WalletConnectConnectionState>({ status: 'idle' });
  readonly requests: ReturnType<typeof createObservable<WalletConnectRequestsState>> = createObservable<WalletConnectRequestsState>({ pending: 0 });
  private readonly tracked = new Set<Tracked>();
  private core: MonitoredCore | undefined;
  /** When the relay was last seen unreachable; undefined while it is reachable. */
  private downSince: number | undefined;
  private graceTimer: ReturnType<typeof setTimeout> | undefined;
  private stopListening: (() => void) | undefined;

  constructor(
    private readonly options: {
      timeoutMs?: number | undefined;
      graceMs?: number | undefined;
      relayUrl: string;
      logger: Logger;
      hasSession: () => boolean;
    },
  ) {}

  private get timeoutMs(): number {
    return this.options.timeoutMs ?? RELAY_TIMEOUT_MS;
  }

  /** Follows the protocol client's relay socket, and bounds its publish window to `timeoutMs`. */
  attach(core: MonitoredCore): void {
    this.stopListening?.();
    this.core = core;
    // Its publisher retries a message for 60 s. Failing the request sooner would leave the message
    // queued, to reach the wallet after the app gave up, so its window is the same as ours.
    const publisher = core.relayer.publisher as { publishTimeout?: unknown } | undefined;
    if (publisher && typeof publisher.publishTimeout === 'number') publisher.publishTimeout = this.timeoutMs;
    else this.options.logger.debug('WalletConnect: the protocol client has no publish window to bound');
    const up = () => this.markUp();
    const down = () => this.markDown();
    // Events can be missed (a socket that never opened after a reload emits nothing): the pulse
    // (every 5 s) reads the socket itself.
    const pulse = () => (core.relayer.connected ? this.markUp() : this.options.hasSession() && this.markDown());
    core.relayer.on(RELAYER_CONNECT, up);
    core.relayer.on(RELAYER_DISCONNECT, down);
    core.heartbeat.on(HEARTBEAT_PULSE, pulse);
    const stopListening = () => {
      core.relayer.off(RELAYER_CONNECT, up);
      core.relayer.off(RELAYER_DISCONNECT, down);
      core.heartbeat.off(HEARTBEAT_PULSE, pulse);
    };
    // Through a local, not `this.x = () => …`: V8 keeps a function literal assigned to a property
    // in old space, and with it everything its context reaches (kernel's RequestGate, #41).
    this.stopListening = stopListening;
    if (!core.relayer.connected && this.options.hasSession()) this.markDown();
    this.sessionChanged();
  }

  /** Recomputes the state after the session was settled, restored or ended. */
  sessionChanged(): void {
    const status = !this.options.hasSession() ? 'idle' : this.downSince !== undefined && this.graceTimer === undefined ? 'interrupted' : 'connected';
    const current = this.state.getSnapshot();
    if (current.status === status) return;
    this.state.set(status === 'interrupted' ? { status, since: this.downSince! } : { status });
  }

  /**
   * Follows one request sent through the session: it settles as `request` does, except that it
   * fails with `WalletConnectRelayUnreachableError` once the relay has been unreachable for
   * `timeoutMs` while it waited, or when sign-client gave it up for want of a relay.
   */
  track<T>(request: Promise<T>): Promise<T> {
    if (this.core && !this.core.relayer.connected) this.markDown();
    this.requests.set((s) => ({ pending: s.pending + 1 }));
    return new Promise<T>((resolve, reject) => {
      let settled = false;
      const entry: Tracked = {
        timer: undefined,
        fail: (error) => finish(() => reject(error), error),
      };
      const finish = (settle: () => void, failure?: Error) => {
        if (settled) return;
        settled = true;
        clearTimeout(entry.timer);
        this.tracked.delete(entry);
        this.requests.set((s) => ({ pending: Math.max(0, s.pending - 1), failed: failure instanceof WalletConnectRelayUnreachableError ? failure : s.failed }));
        settle();
      };
      this.tracked.add(entry);
      if (this.downSince !== undefined) this.arm(entry);
      request.then(
        (value) => finish(() => resolve(value)),
        (error: unknown) => {
          const relayFailure = this.relayFailure(error);
          finish(() => reject(relayFailure ?? error), relayFailure);
        },
      );
    });
  }

  /** Forgets the last failure (the view that showed it was closed). */
  clearFailure(): void {
    this.requests.set((s) => (s.failed ? { pending: s.pending } : s));
  }

  /** Stops listening and stops the clocks (requests still waiting settle as sign-client settles them). */
  dispose(): void {
    this.stopListening?.();
    this.stopListening = undefined;
    clearTimeout(this.graceTimer);
    for (const entry of this.tracked) clearTimeout(entry.timer);
    this.tracked.clear();
  }

  private markDown(): void {
    if (this.downSince !== undefined) return;
    this.downSince = Date.now();
    for (const entry of this.tracked) this.arm(entry);
    this.graceTimer = setTimeout(() => {
      this.graceTimer = undefined;
      this.options.logger.info(`WalletConnect: the relay ${this.options.relayUrl} cannot be reached; reconnecting`);
      this.sessionChanged();
    }, this.options.graceMs ?? INTERRUPTION_GRACE_MS);
  }

  private markUp(): void {
    if (this.downSince === undefined) return;
    if (this.graceTimer === undefined) this.options.logger.info('WalletConnect: the relay is reachable again');
    this.downSince = undefined;
    clearTimeout(this.graceTimer);
    this.graceTimer = undefined;
    for (const entry of this.tracked) {
      clearTimeout(entry.timer);
      entry.timer = undefined;
    }
    this.sessionChanged();
  }

  /** Starts the request's outage clock (from now: the request or the outage began). */
  private arm(entry: Tracked): void {
    if (entry.timer !== undefined) return;
    entry.timer = setTimeout(() => entry.fail(new WalletConnectRelayUnreachableError({ details: this.outageDetails() })), this.timeoutMs + SETTLE_MS);
  }

  /** sign-client's own give-up (publish window over, no socket, offline) as the clear error; a wallet's answer passes as it is. */
  private relayFailure(error: unknown): WalletConnectRelayUnreachableError | undefined {
    if (error instanceof WalletConnectRelayUnreachableError) return error;
    // A wallet's JSON-RPC error carries a numeric code: that is the wallet speaking, not the relay.
    if (typeof (error as { code?: unknown } | undefined)?.code === 'number') return undefined;
    const message = (error as { message?: unknown } | undefined)?.message;
    return typeof message === 'string' && RELAY_FAILURE.test(message) ? new WalletConnectRelayUnreachableError({ cause: error, details: this.outageDetails() }) : undefined;
  }

  private outageDetails(): string {
    return `The WalletConnect relay ${this.options.relayUrl} was unreachable (request window ${this.timeoutMs} ms)`;
  }
}
