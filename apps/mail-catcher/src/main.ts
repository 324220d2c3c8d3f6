// The SMTP catcher as a process, for `npm start` and the browser tests:
// [MAIL_SMTP_PORT=0] [MAIL_HTTP_PORT=0] [MAIL_ALLOWED_ORIGINS=http://127.0.0.1:5173] npx tsx apps/mail-catcher/src/main.ts
import { startMailCatcher } from './createMailCatcher';

const env = process.env;
const port = (name: string) => {
  const value = Number(env[name] ?? '0');
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    console.error(`usage: [MAIL_SMTP_PORT=0..65535] [MAIL_HTTP_PORT=0..65535] [MAIL_ALLOWED_ORIGINS=a,b] main.ts (${name} is ${JSON.stringify(env[name])})`);
    process.exit(2);
  }
  return value;
};
const catcher = await startMailCatcher({ smtpPort: port('MAIL_SMTP_PORT'), httpPort: port('MAIL_HTTP_PORT'), allowedOrigins: (env.MAIL_ALLOWED_ORIGINS ?? '').split(',').filter(Boolean) });
// The SMTP line first: whoever waits for "listening" has both by then.
console.log(`mail-catcher smtp on smtp://127.0.0.1:${catcher.smtpPort}`);
console.log(`mail-catcher listening on ${catcher.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void catcher.stop().then(() => process.exit(0)));
