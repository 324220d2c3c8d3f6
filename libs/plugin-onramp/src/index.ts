export { manifest as onrampManifest } from './manifest';
export { createOnrampPlugin, onrampPlugin } from './plugin';
export type { OnrampPluginOptions } from './options';
export { isRestrictedTimeZone, ONRAMP_PLUGIN_ID, ONRAMP_RESTRICTED_TIME_ZONES } from './api';
export type { CoinbaseOnrampConfig, MeldOnrampConfig, OnrampProviderId, OnrampSettings } from './api';
export { coinbaseOnrampUrl, meldOnrampUrl, ONRAMP_NETWORKS, onrampAsset } from './urls';
export type { OnrampAssetNames, OnrampOrder } from './urls';
