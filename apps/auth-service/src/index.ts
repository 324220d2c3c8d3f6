export { createAuthService, HOST_ORIGIN_HEADER, ISSUER, PROJECT_HEADER } from './createAuthService';
export type { AuthServiceOptions, ProjectConfig } from './createAuthService';
export { openDatabase } from './db/openDatabase';
export type { AuthDatabase, DatabaseOptions } from './db/openDatabase';
export { createSmtpMailer } from './mailer';
export type { Mailer, SmtpMailerOptions } from './mailer';
export { AuthServiceConfigError, readAuthServiceEnv } from './readAuthServiceEnv';
export type { AuthServiceEnv } from './readAuthServiceEnv';
