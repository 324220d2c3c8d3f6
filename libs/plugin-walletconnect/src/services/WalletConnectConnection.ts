import { createObservable, PorticoError, type Logger, type Unsubscribe } from '@portico/kernel';
import type { SignClient as SignClientClass } from '@walletconnect/sign-client';
import type { AuthTypes, ProposalTypes, SessionTypes, SignClientTypes } from '@walletconnect/types';
import type { PairingState, SessionChange } from '../api';

export type { SessionChange } from '../api';
import { RelayConnectionMonitor } from './RelayConnectionMonitor';

type SignClient = InstanceType<typeof SignClientClass>;

/** The spec's pairing lifetime: 4 minutes from creation. */
export const PAIRING_LIFETIME_MS = 4 * 60_000;
/** A pairing is treated as expired this long before it expires (spec: within 10 s). */
export const PAIRING_EXPIRY_MARGIN_MS = 10_000;

/** Options of `WalletConnectConnection`. */
export interface WalletConnectConnectionOptions {
  projectId: string;
  relayUrl: string;
  metadata: SignClientTypes.Metadata;
  /** Namespaces to propose (chains, methods, events), read when a pairing starts. */
  namespaces: () => ProposalTypes.OptionalNamespaces;
  logger: Logger;
  pairingLifetimeMs?: number;
  expiryMarginMs?: number;
  /** Storage prefix of the protocol client (IndexedDB in browsers), so two apps on one origin do not mix. */
  storagePrefix?: string;
  /** Tests give every client its own storage. */
  clientOptions?: Partial<SignClientTypes.Options>;
  /**
   * WalletConnect's Verify API (the dapp's origin attested through an iframe of
   * verify.walletconnect.org). Default: on, except with a loopback relay, where no attestation
   * can exist and the unreachable iframe holds every pairing up for its 5 s timeout.
   */
  verifyApi?: boolean;
  /** How long a request may wait on an unreachable relay (see `RELAY_TIMEOUT_MS`). */
  relayTimeoutMs?: number;
  /**
   * One-click sign-in: the sign-in to propose with each pairing (`connect`'s `authentication`,
   * CAIP-222), or undefined for none. Asked again for every pairing, so each has its own nonce.
   */
  authentication?: () => Promise<AuthTypes.AuthenticateRequestParams | undefined>;
  /**
   * The CACAOs of a wallet that signed in while approving, handed over before `connect()`
   * resolves (so sign-in is settled when the account connects). A wallet that does not do
   * one-click sign-in approves without them: nothing is called, and sign-in asks as usual.
   */
  authenticated?: (cacaos: readonly AuthTypes.Cacao[]) => Promise<void>;
  /** Told once when the relay refuses the project id (see `WalletConnectProjectRefusedError`). */
  refused?: (error: WalletConnectProjectRefusedError) => void;
}

/** True for a relay on this machine (`ws://127.0.0.1:…`, `ws://localhost:…`). */
export function isLoopbackRelay(relayUrl: string): boolean {
  if (!URL.canParse(relayUrl)) return false;
  const { hostname } = new URL(relayUrl);
  return hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]';
}

/**
 * The relay refused the app's project id: it closed the socket with code 3000, as WalletConnect's
 * relay does for an unknown project id (reason "Unauthorized: invalid key") or an origin its
 * allowlist does not have. sign-client only logs it and retries; nothing can connect until the
 * host fixes its `projectId` (or the project's allowlist).
 */
export class WalletConnectProjectRefusedError extends PorticoError {
  override name = 'WalletConnectProjectRefusedError';
  constructor(readonly reason: string) {
    super(`The WalletConnect relay refused this app's project id (${reason}): check projectId and the project's allowed origins in your dashboard`, { code: 'walletconnect/project-refused' });
  }
}

/** The wallet or the protocol said no; code 4001 as EIP-1193 has it. */
export class WalletConnectRejectedError extends PorticoError {
  override name = 'WalletConnectRejectedError';
  readonly rpcCode = 4001;
  constructor(message = 'User rejected the request.', cause?: unknown) {
    super(message, { code: 'walletconnect/rejected', cause });
  }
}

/** No WalletConnect session: the request needs a connected wallet (EIP-1193 code 4900). */
export class WalletConnectNotConnectedError extends PorticoError {
  override name = 'WalletConnectNotConnectedError';
  readonly rpcCode = 4900;
  constructor() {
    super('The wallet is not connected', { code: 'walletconnect/not-connected' });
  }
}

/** The pairing topic of a `wc:` URI (`wc:TOPIC@2?…`). */
export function pairingTopicOf(uri: string): string | undefined {
  return /^wc:([0-9a-f]{64})@2\?/i.exec(uri)?.[1];
}

/** The sign client's attestation step, answering "no attestation" at once (a module-level function, see RelayConnectionMonitor on V8). */
const noAttestation = async (): Promise<string> => '';

type Outcome = { kind: 'approved'; session: SessionTypes.Struct } | { kind: 'failed'; error: unknown } | { kind: 'expired' } | { kind: 'cancelled' };

/**
 * One WalletConnect connection: the protocol client (loaded on first use), the pairing the QR
 * view shows (replaced 10 s before its 4-minute lifetime ends, the old one deleted), the
 * settled session (restored after a reload) and its events.
 */
export class WalletConnectConnection {
  readonly pairing: ReturnType<typeof createObservable<PairingState>> = createObservable<PairingState>({ status: 'idle' });
  private clientPromise: Promise<SignClient> | undefined;
  private session: SessionTypes.Struct | undefined;
  private connecting: Promise<SessionTypes.Struct> | undefined;
  private cancelPending: ((error: Error) => void) | undefined;
  private readonly listeners = new Set<(change: SessionChange) => void>();
  private disposed = false;
  /** Set once the relay refused the project id: every later attempt fails with it at once. */
  private refusal: WalletConnectProjectRefusedError | undefined;
  /** Rejects when the relay refuses the project id, so a pairing waiting on the socket stops waiting. */
  private readonly refused = new Promise<never>((_, reject) => (this.refuse = reject));
  private refuse!: (error: WalletConnectProjectRefusedError) => void;
  /** The relay socket that carries the session: `interrupted` while it is down, and requests bounded by it. */
  readonly relay: RelayConnectionMonitor;

  constructor(private readonly options: WalletConnectConnectionOptions) {
    this.refused.catch(() => undefined);
    this.relay = new RelayConnectionMonitor({ timeoutMs: options.relayTimeoutMs, relayUrl: options.relayUrl, logger: options.logger, hasSession: () => this.session !== undefined });
  }

  /** The settled session, if any (after `restore()` or `connect()`). */
  get current(): SessionTypes.Struct | undefined {
    return this.session;
  }

  /** The protocol client, created once; a failed start can be retried. */
  client(): Promise<SignClient> {
    this.clientPromise ??= this.init().catch((error: unknown) => {
      this.clientPromise = undefined;
      throw error;
    });
    return this.clientPromise;
  }

  /** The session kept from an earlier visit (no prompt), if it has not expired. */
  async restore(): Promise<SessionTypes.Struct | undefined> {
    await this.client();
    return this.session;
  }

  /** The session, pairing first when there is none; rejects with WalletConnectRejectedError when cancelled or declined. */
  async connect(): Promise<SessionTypes.Struct> {
    const client = await this.client();
    if (this.session) return this.session;
    if (this.refusal) {
      this.pairing.set({ status: 'failed', error: this.refusal });
      throw this.refusal;
    }
    if (!this.connecting) {
      const connecting: Promise<SessionTypes.Struct> = this.pairUntilApproved(client).finally(() => {
        if (this.connecting === connecting) this.connecting = undefined;
      });
      this.connecting = connecting;
    }
    return this.connecting;
  }

  /** Gives up the pairing in progress; the next `connect()` starts a new one at once. */
  cancel(): void {
    this.cancelPending?.(new WalletConnectRejectedError());
    this.cancelPending = undefined;
    this.connecting = undefined;
  }

  /** Sends a request through the session; the wallet confirms on its side. */
  async request<T>(request: { method: string; params?: unknown }, chainId: string): Promise<T> {
    const client = await this.client();
    const session = this.session;
    if (!session) throw new WalletConnectNotConnectedError();
    // Kept while the relay reconnects; failed with WalletConnectRelayUnreachableError if it does not in time.
    return this.relay.track(client.request<T>({ topic: session.topic, chainId, request: { method: request.method, params: request.params ?? [] } }));
  }

  /** Deletes the session on both ends (the wallet is told). */
  async disconnect(): Promise<void> {
    const session = this.session;
    this.session = undefined;
    if (!session) return;
    this.relay.sessionChanged();
    const client = await this.client();
    await client.disconnect({ topic: session.topic, reason: { code: 6000, message: 'User disconnected.' } }).catch((error: unknown) => this.options.logger.warn('WalletConnect: deleting the session failed', error));
    this.emit({ type: 'delete' });
  }

  on(listener: (change: SessionChange) => void): Unsubscribe {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Stops the pairing and closes the relay socket; the session stays stored for the next visit. */
  async dispose(): Promise<void> {
    this.disposed = true;
    this.cancel();
    this.listeners.clear();
    this.relay.dispose();
    const client = await this.clientPromise?.catch(() => undefined);
    await client?.core.relayer.transportClose().catch(() => undefined);
    client?.core.heartbeat.stop();
  }

  private emit(change: SessionChange): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(change);
      } catch (error) {
        this.options.logger.warn('WalletConnect: a session listener threw', error);
      }
    }
  }

  private async init(): Promise<SignClient> {
    const { SignClient } = await import('@walletconnect/sign-client');
    const { projectId, relayUrl, metadata, storagePrefix, clientOptions } = this.options;
    const client = await SignClient.init({
      projectId,
      relayUrl,
      metadata,
      telemetryEnabled: false,
      logger: 'error',
      ...(storagePrefix ? { customStoragePrefix: storagePrefix } : {}),
      ...clientOptions,
    });
    if (this.disposed) {
      await client.core.relayer.transportClose().catch(() => undefined);
      throw new WalletConnectRejectedError('WalletConnect was stopped');
    }
    if (!(this.options.verifyApi ?? !isLoopbackRelay(relayUrl))) {
      // The client has no switch for it: its attestation step answers "no attestation" at once.
      client.core.verify.register = noAttestation;
    }
    const ours = (topic: string) => topic === this.session?.topic;
    client.on('session_event', ({ topic, params }) => {
      if (ours(topic)) this.emit({ type: 'event', name: params.event.name, data: params.event.data as unknown, chainId: params.chainId });
    });
    client.on('session_update', ({ topic }) => {
      if (!ours(topic)) return;
      this.session = client.session.get(topic);
      this.emit({ type: 'update' });
    });
    const ended = ({ topic }: { topic: string }) => {
      if (!ours(topic)) return;
      this.session = undefined;
      this.relay.sessionChanged();
      this.emit({ type: 'delete' });
    };
    client.on('session_delete', ended);
    client.on('session_expire', ended);
    // The newest live session from an earlier visit.
    this.session = client.session
      .getAll()
      .filter((s) => s.expiry * 1000 > Date.now())
      .sort((a, b) => b.expiry - a.expiry)[0];
    // A close with code 3000 is the relay refusing the project id: sign-client logs it as a fatal
    // socket error and tries again a second later, for ever; nothing would tell the user.
    client.core.relayer.on('relayer_error', (error: unknown) => {
      const closed = /closed abnormally with code: 3000\s*(?:\((.*)\))?/.exec(messageOf(error) ?? '');
      if (!closed || this.refusal || this.disposed) return;
      this.refusal = new WalletConnectProjectRefusedError(closed[1] || 'code 3000');
      this.options.logger.error(this.refusal.message);
      this.pairing.set({ status: 'failed', error: this.refusal });
      this.refuse(this.refusal);
      this.options.refused?.(this.refusal);
      void client.core.relayer.transportClose().catch(() => undefined);
    });
    this.relay.attach(client.core);
    return client;
  }

  /** The one-click sign-in to propose; a failure to prepare it is logged and the pairing goes on without. */
  private async authenticationRequest(): Promise<AuthTypes.AuthenticateRequestParams | undefined> {
    try {
      return await this.options.authentication?.();
    } catch (error) {
      this.options.logger.warn('WalletConnect: one-click sign-in could not be prepared; connecting without it', error);
      return undefined;
    }
  }

  private async pairUntilApproved(client: SignClient): Promise<SessionTypes.Struct> {
    const lifetime = this.options.pairingLifetimeMs ?? PAIRING_LIFETIME_MS;
    const margin = Math.min(this.options.expiryMarginMs ?? PAIRING_EXPIRY_MARGIN_MS, lifetime / 2);
    let cancelled: Error | undefined;
    let wake: (() => void) | undefined;
    const cancelThis = (error: Error) => {
      cancelled = error;
      wake?.();
    };
    this.cancelPending = cancelThis;
    try {
      for (;;) {
        if (cancelled) throw cancelled;
        const authentication = await this.authenticationRequest();
        if (cancelled) throw cancelled;
        // Raced with a refusal of the project id: sign-client's own call would wait for a socket that never stays open.
        const { uri, approval } = await Promise.race([client.connect({ optionalNamespaces: this.options.namespaces(), ...(authentication ? { authentication: [authentication] } : {}) }), this.refused]);
        const topic = uri ? pairingTopicOf(uri) : undefined;
        if (!uri || !topic) throw new PorticoError(`WalletConnect returned an unusable pairing URI`, { code: 'walletconnect/bad-uri' });
        const createdAt = Date.now();
        this.pairing.set({ status: 'pairing', uri, createdAt, expiresAt: createdAt + lifetime });
        const outcome = await new Promise<Outcome>((resolve) => {
          const timer = setTimeout(() => resolve({ kind: 'expired' }), lifetime - margin);
          wake = () => (clearTimeout(timer), resolve({ kind: 'cancelled' }));
          if (cancelled) wake();
          approval().then(
            (session) => (clearTimeout(timer), resolve({ kind: 'approved', session })),
            (error: unknown) => (clearTimeout(timer), resolve({ kind: 'failed', error })),
          );
        });
        wake = undefined;
        if (outcome.kind === 'approved') {
          const cacaos = outcome.session.authentication;
          if (cacaos?.length && this.options.authenticated) {
            // A failure here leaves the connection as it is: sign-in then asks for a signature.
            await this.options.authenticated(cacaos).catch((error: unknown) => this.options.logger.warn('WalletConnect: the sign-in the wallet returned was not taken', error));
          }
          this.session = outcome.session;
          this.relay.sessionChanged();
          this.pairing.set({ status: 'idle' });
          return outcome.session;
        }
        if (outcome.kind === 'failed') {
          const error = new WalletConnectRejectedError(messageOf(outcome.error) ?? 'The wallet declined the connection', outcome.error);
          this.pairing.set({ status: 'failed', error });
          throw error;
        }
        // Expired or cancelled: a wallet that approves the proposal anyway gets the session it made ended at once.
        approval().then(
          (late) => {
            this.options.logger.info('WalletConnect: a wallet approved a cancelled or expired pairing; its session is ended');
            void client.disconnect({ topic: late.topic, reason: { code: 5000, message: 'User rejected.' } }).catch(() => undefined);
          },
          () => undefined,
        );
        // And the old pairing goes, so a wallet that scans it now is refused.
        await client.core.pairing.disconnect({ topic }).catch((error: unknown) => this.options.logger.debug('WalletConnect: deleting the pairing failed', error));
        if (outcome.kind === 'cancelled') {
          this.pairing.set({ status: 'idle' });
          throw cancelled ?? new WalletConnectRejectedError();
        }
      }
    } finally {
      if (this.cancelPending === cancelThis) this.cancelPending = undefined;
    }
  }
}

function messageOf(error: unknown): string | undefined {
  const message = (error as { message?: unknown })?.message;
  return typeof message === 'string' && message.length > 0 ? message.slice(0, 300) : undefined;
}
