export { manifest as walletconnectManifest } from './manifest';
export { createWalletConnectPlugin, DEFAULT_RELAY_URL, walletconnectPlugin } from './plugin';
export type { WalletConnectPluginOptions } from './plugin';
export { WALLETCONNECT_CONNECTOR_ID, WALLETCONNECT_INTERRUPTED_ALERT, WALLETCONNECT_PLUGIN_ID, WALLETCONNECT_REQUEST_VIEW, walletConnectServiceRef } from './api';
export type { PairingState, WalletConnectConnectionState, WalletConnectRequestsState, WalletConnectService } from './api';
export { RELAY_TIMEOUT_MS, WalletConnectRelayUnreachableError } from './services/RelayConnectionMonitor';
export { PAIRING_EXPIRY_MARGIN_MS, PAIRING_LIFETIME_MS, pairingTopicOf, WalletConnectNotConnectedError, WalletConnectProjectRefusedError, WalletConnectRejectedError } from './services/WalletConnectConnection';
