import { createServiceRef, type Observable } from '@portico/kernel';

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

/** The view that shows a request waiting for the wallet while the connection to it is interrupted. */
export const WALLETCONNECT_REQUEST_VIEW = 'WalletConnectRequest';
/** The alert raised while the relay cannot be reached and a session exists. */
export const WALLETCONNECT_INTERRUPTED_ALERT = 'walletconnect-connection-interrupted';

/** The service ref of the WalletConnect plugin. */
export const walletConnectServiceRef = createServiceRef<WalletConnectService>('walletconnect/service');
