export { manifest as siwxManifest } from './manifest';
export { siwxPlugin } from './plugin';
export { SIWX_PLUGIN_ID } from './api';
