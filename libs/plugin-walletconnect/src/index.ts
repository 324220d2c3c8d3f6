export { manifest as walletconnectManifest } from './manifest';
export { createWalletConnectPlugin, DEFAULT_RELAY_URL, walletconnectPlugin } from './plugin';
export type { WalletConnectPluginOptions } from './plugin';
export { WALLETCONNECT_CONNECTOR_ID, WALLETCONNECT_PLUGIN_ID, walletConnectServiceRef } from './api';
export type { PairingState, WalletConnectService } from './api';
export { PAIRING_EXPIRY_MARGIN_MS, PAIRING_LIFETIME_MS, pairingTopicOf, WalletConnectNotConnectedError, WalletConnectRejectedError } from './services/WalletConnectConnection';
