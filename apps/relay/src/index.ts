export { createRelay, type RelayHandle, type RelayOptions } from './createRelay';
export { type RelayStats } from './createRelayHub';
export { RELAY_ERROR_CODES } from './jsonRpc';
