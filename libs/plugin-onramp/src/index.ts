export { manifest as onrampManifest } from './manifest';
export { onrampPlugin } from './plugin';
export { ONRAMP_PLUGIN_ID } from './api';
