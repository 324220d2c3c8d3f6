export { manifest as historyManifest } from './manifest';
export { historyPlugin } from './plugin';
export { HISTORY_PLUGIN_ID } from './api';
