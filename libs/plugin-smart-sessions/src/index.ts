export { manifest as smartSessionsManifest } from './manifest';
export { smartSessionsPlugin } from './plugin';
export { PERMISSION_METHODS, SMART_SESSIONS_PLUGIN_ID } from './api';
