// The wallet frame's server as a process, for `npm start` and the browser tests:
// FRAME_AUTH_URL=http://127.0.0.1:4600 FRAME_ANCESTORS=http://127.0.0.1:5173 [FRAME_RPC_URLS=eip155:31337=http://127.0.0.1:8545]
// [FRAME_SMART_ACCOUNTS=eip155:31337=0xe6Cae83BdE06E4c305530e199D7217f42808555B]
// [FRAME_NETWORKS='{"eip155:31337":{"name":"Anvil","symbol":"ETH","decimals":18}}']
// [FRAME_PORT=0] npx tsx apps/wallet-frame/src/server/main.ts   (serves apps/wallet-frame/dist: vite build first)
import { createTelemetry, logLevelOf } from '@portico/service-kit';
import { join } from 'node:path';
import { frameConfigSchema } from '../frame/config';
import { startFrameServer } from './serveFrame';

const env = process.env;
/** `caip2=value,…` (the value may hold `=` and `:`). */
const pairs = (list: string | undefined) =>
  Object.fromEntries((list ?? '').split(',').filter(Boolean).map((entry) => {
    const at = entry.indexOf('=', entry.indexOf(':') + 1);
    return [entry.slice(0, at), entry.slice(at + 1)];
  }));
/** FRAME_NETWORKS: JSON, each network's name and native currency for the approval screen. */
const networks = (() => {
  try {
    return JSON.parse(env.FRAME_NETWORKS || '{}') as unknown;
  } catch {
    return 'FRAME_NETWORKS is not JSON';
  }
})();
const config = frameConfigSchema.safeParse({ authUrl: env.FRAME_AUTH_URL, rpcUrls: pairs(env.FRAME_RPC_URLS), smartAccounts: pairs(env.FRAME_SMART_ACCOUNTS), networks });
const port = Number(env.FRAME_PORT ?? '0');
const metricsPort = env.FRAME_METRICS_PORT?.trim() ? Number(env.FRAME_METRICS_PORT) : undefined;
const ancestors = (env.FRAME_ANCESTORS ?? '').split(',').filter(Boolean);
const badPort = (n: number | undefined) => n !== undefined && (!Number.isInteger(n) || n < 0 || n > 65535);
if (!config.success || badPort(port) || badPort(metricsPort) || ancestors.some((a) => !URL.canParse(a))) {
  console.error(`usage: FRAME_AUTH_URL=url FRAME_ANCESTORS=origin,… [FRAME_RPC_URLS=caip2=url,…] [FRAME_SMART_ACCOUNTS=caip2=address,…] [FRAME_NETWORKS={"caip2":{"name":…,"symbol":…,"decimals":…}}] [FRAME_PORT=0] [FRAME_METRICS_PORT] [LOG_LEVEL=info] main.ts${config.success ? '' : ` (${config.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')})`}`);
  process.exit(2);
}
// JSON log lines on stdout (LOG_LEVEL: pino's levels, default info), a request id on each.
const telemetry = createTelemetry({ service: 'wallet-frame', level: logLevelOf(env.LOG_LEVEL) });
const server = await startFrameServer({ distDir: join(import.meta.dirname, '../../dist'), config: config.data, frameAncestors: ancestors, port, telemetry });
console.log(`wallet-frame listening on ${server.url}`);
const metrics = metricsPort === undefined ? undefined : await telemetry.serveMetrics(metricsPort);
if (metrics) console.log(`wallet-frame metrics on ${metrics.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void Promise.all([server.close(), metrics?.close()]).then(() => process.exit(0)));
