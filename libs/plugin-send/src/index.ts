export { manifest as sendManifest } from './manifest';
export { sendPlugin } from './plugin';
export { SEND_PLUGIN_ID } from './api';
