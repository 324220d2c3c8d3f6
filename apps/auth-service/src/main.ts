// The auth service as a process, for `npm start` and the browser tests, e.g.:
// AUTH_SMTP_PORT=2525 AUTH_FRAME_ORIGINS=http://127.0.0.1:4500 AUTH_PROJECTS=playground=http://127.0.0.1:5173
// npx tsx apps/auth-service/src/main.ts   (PGlite in apps/auth-service/.data; DATABASE_URL=postgres://… for PostgreSQL)
import { createTelemetry, logLevelOf } from '@portico/service-kit';
import { join } from 'node:path';
import { createAuthService } from './createAuthService';
import { openDatabase } from './db/openDatabase';
import { createSmtpMailer } from './mailer';
import { AuthServiceConfigError, readAuthServiceEnv } from './readAuthServiceEnv';

let env;
try {
  env = readAuthServiceEnv(process.env);
} catch (error) {
  if (!(error instanceof AuthServiceConfigError)) throw error;
  console.error(`auth-service: ${error.message}`);
  process.exit(2);
}
const database = await openDatabase(env.databaseUrl ? { url: env.databaseUrl } : { dataDir: join(env.dataDir, 'pglite') });
const mailer = createSmtpMailer(env.smtp);
// JSON log lines on stdout (LOG_LEVEL: pino's levels, default info), a request id on each.
const telemetry = createTelemetry({ service: 'auth-service', level: logLevelOf(process.env.LOG_LEVEL) });
let publicUrl = env.publicUrl ?? '';
const service = createAuthService({ telemetry, db: database.db, projects: env.projects, frameOrigins: env.frameOrigins, jwtSecret: env.jwtSecret, previousJwtSecrets: env.previousJwtSecrets, pepper: env.pepper, mailer, cooldownMs: env.cooldownMs, codeTtlMs: env.codeTtlMs, social: env.social, allowHttpIssuers: env.allowHttpIssuers, mailPerClientPerMinute: env.mailPerClientPerMinute, mailPerProjectPerMinute: env.mailPerProjectPerMinute, wrongCodesPerHour: env.wrongCodesPerHour, trustedProxies: env.trustedProxies, get publicUrl() { return publicUrl; } });
const server = await service.listen(env.port);
publicUrl ||= server.url;
console.log(`auth-service listening on ${server.url} (${database.engine})`);
const metrics = env.metricsPort === undefined ? undefined : await telemetry.serveMetrics(env.metricsPort);
if (metrics) console.log(`auth-service metrics on ${metrics.url}`);
const stop = async () => {
  await Promise.all([server.close(), metrics?.close()]);
  mailer.close();
  await database.close();
  process.exit(0);
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void stop());
