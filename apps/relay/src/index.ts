export { createRelay, type RelayHandle, type RelayOptions } from './createRelay';
export { type RelayStats } from './createRelayHub';
export { RELAY_ERRORS } from './jsonRpc';
export type { RelayErrorKind } from './jsonRpc';
