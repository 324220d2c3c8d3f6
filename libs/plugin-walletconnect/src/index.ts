export { manifest as walletconnectManifest } from './manifest';
export { walletconnectPlugin } from './plugin';
export { WALLETCONNECT_PLUGIN_ID } from './api';
