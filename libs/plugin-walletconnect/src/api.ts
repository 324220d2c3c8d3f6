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
}

/** The service ref of the WalletConnect plugin. */
export const walletConnectServiceRef = createServiceRef<WalletConnectService>('walletconnect/service');
