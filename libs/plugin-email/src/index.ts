export { manifest as emailManifest } from './manifest';
export { emailPlugin } from './plugin';
export { EMAIL_PLUGIN_ID } from './api';
export { IframeNotSetError } from './emailErrors';
