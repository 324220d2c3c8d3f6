export { manifest as emailManifest } from './manifest';
export { createEmailPlugin, emailPlugin } from './plugin';
export type { EmailPluginOptions } from './plugin';
export { EMAIL_CONNECTOR_ID, EMAIL_PLUGIN_ID, EMAIL_VIEWS, emailServiceRef, STEP_TIMEOUT_MS } from './api';
export type { EmailLoginState, EmailService } from './api';
// `iframe is not set` (spec §8): the frame protocol's error, thrown when the frame is used before it is mounted.
export { FrameNotSetError, FrameNotSetError as IframeNotSetError } from '@portico/frame-protocol';
