export { manifest as emailManifest } from './manifest';
export { createEmailPlugin, emailPlugin } from './plugin';
export type { EmailPluginOptions } from './plugin';
export { EMAIL_CONNECTOR_ID, EMAIL_PLUGIN_ID, EMAIL_VIEWS, emailServiceRef, STEP_TIMEOUT_MS } from './api';
export type { EmailLoginState, EmailService } from './api';
export { IframeNotSetError } from './emailErrors';
