export { startMailCatcher } from './createMailCatcher';
export type { CaughtMail, MailCatcher, MailCatcherOptions } from './createMailCatcher';
