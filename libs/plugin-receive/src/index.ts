export { manifest as receiveManifest } from './manifest';
export { receivePlugin } from './plugin';
export { RECEIVE_PLUGIN_ID } from './api';
