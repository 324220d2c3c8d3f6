import { createServiceRef, type Network, type Observable, type ServiceRef, type Unsubscribe } from '@portico/kernel';
import type { HttpClient } from '@portico/kernel/http';

/** Id of the WalletConnect plugin, for `requires` / `optional` in other manifests. */
export const WALLETCONNECT_PLUGIN_ID = 'walletconnect';
/** Id of the WalletConnect connector (group `walletConnect`, listed first). */
export const WALLETCONNECT_CONNECTOR_ID = 'walletConnect';

/** Where the QR view stands: no pairing, a pairing URI waiting for a wallet, or a failure. */
export type PairingState =
  | { readonly status: 'idle' }
  | { readonly status: 'pairing'; readonly uri: string; readonly createdAt: number; readonly expiresAt: number }
  | { readonly status: 'failed'; readonly error: Error };

/**
 * The session's link to the wallet, through the relay: no session (`idle`), `connected`, or
 * `interrupted` while the relay cannot be reached (the protocol client keeps reconnecting).
 */
export type WalletConnectConnectionState =
  | { readonly status: 'idle' }
  | { readonly status: 'connected' }
  | { readonly status: 'interrupted'; readonly since: number };

/** Requests sent through the session that wait for the wallet, and the last one an unreachable relay made fail. */
export interface WalletConnectRequestsState {
  readonly pending: number;
  /** A `WalletConnectRelayUnreachableError`, until the next request or until the modal closes. */
  readonly failed?: Error | undefined;
}

/** The WalletConnect service the plugin registers (for its views and for host code). */
export interface WalletConnectService {
  /** The pairing shown by the QR view. */
  readonly pairing: Observable<PairingState>;
  /** Starts a pairing (or reuses the live one) and resolves when a wallet approves; rejects when cancelled. */
  connect(): Promise<void>;
  /** Gives up the pairing in progress; `connect()` rejects with code 4001. */
  cancel(): void;
  /** Loads the protocol client ahead of time (on hover, or when the QR view opens). */
  preload(): Promise<void>;
  /** Whether the relay carries the session now (`interrupted` while it cannot be reached). */
  readonly connectionState: Observable<WalletConnectConnectionState>;
  /** Requests waiting for the wallet through the session. */
  readonly requests: Observable<WalletConnectRequestsState>;
}

/** The QR view: the connector's own view while connecting. */
export const WALLETCONNECT_QR_VIEW = 'ConnectingWalletConnect';
/** The view that shows a request waiting for the wallet while the connection to it is interrupted. */
export const WALLETCONNECT_REQUEST_VIEW = 'WalletConnectRequest';
/** The alert raised while the relay cannot be reached and a session exists. */
export const WALLETCONNECT_INTERRUPTED_ALERT = 'walletconnect-connection-interrupted';

/** The service ref of the WalletConnect plugin. */
export const walletConnectServiceRef = createServiceRef<WalletConnectService>('walletconnect/service');

/** What one session event means to the chain providers built on it. */
export type SessionChange =
  | { readonly type: 'event'; readonly name: string; readonly data: unknown; readonly chainId: string }
  | { readonly type: 'update' }
  | { readonly type: 'delete' };

/** The settled session as a chain binding reads it: per namespace, its CAIP-10 accounts and methods. */
export interface WalletConnectSessionState {
  readonly namespaces: Readonly<Record<string, { readonly accounts: readonly string[]; readonly methods: readonly string[] }>>;
}

/** The WalletConnect session as a chain plugin's session-backed wallet uses it. */
export interface WalletConnectSession {
  /** The settled session, if any (after `restore()` or `connect()`). */
  readonly current: WalletConnectSessionState | undefined;
  /** Pairs (the QR view shows the URI) unless a session exists; rejects when declined or cancelled. */
  connect(): Promise<WalletConnectSessionState>;
  /** The session kept from an earlier visit (no prompt), if it has not expired. */
  restore(): Promise<WalletConnectSessionState | undefined>;
  /** Ends the session on both ends. */
  disconnect(): Promise<void>;
  /** Sends a request through the session on a chain (CAIP-2); the wallet confirms on its side. */
  request<T>(request: { method: string; params?: unknown }, chainId: string): Promise<T>;
  on(listener: (change: SessionChange) => void): Unsubscribe;
}

/** What a binding builds its session-backed provider from. */
export interface WalletConnectProviderParts {
  readonly session: WalletConnectSession;
  readonly http: HttpClient;
  /** The app's networks of the namespace, proposed before a session exists. */
  readonly networks: () => readonly Network[];
  /** How the wallet shows itself (WalletConnect's name and icon). */
  readonly name: string;
  readonly icon: string;
}

/**
 * A chain plugin's WalletConnect binding, registered under `walletConnectBindingRef(namespace)`:
 * what the session proposes for the namespace, and (loaded only when a session is made or
 * restored) the provider its adapter takes through `attachProvider` — an EIP-1193 provider on
 * eip155, a Wallet Standard wallet on Wallet Standard namespaces. The WalletConnect plugin
 * knows no chain: it proposes and attaches what the bindings give it.
 */
export interface WalletConnectBinding {
  readonly namespace: string;
  /** Methods the wallet must answer through the session (the policy's confirm methods are added). */
  readonly methods: readonly string[];
  readonly events: readonly string[];
  load(): Promise<{ createSessionProvider(parts: WalletConnectProviderParts): unknown }>;
}

/** The service ref of a namespace's WalletConnect binding. */
export function walletConnectBindingRef(namespace: string): ServiceRef<WalletConnectBinding> {
  return createServiceRef<WalletConnectBinding>(`walletconnect/binding/${namespace}`);
}
