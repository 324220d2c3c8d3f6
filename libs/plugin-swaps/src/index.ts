export { manifest as swapsManifest } from './manifest';
export { swapsPlugin } from './plugin';
export { SWAPS_PLUGIN_ID } from './api';
