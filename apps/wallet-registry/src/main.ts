// The local wallet registry as a process, for `npm start` and the browser tests:
// `npx tsx apps/wallet-registry/src/main.ts [--port N] [--latency MS]` serves the generated
// fixture on 127.0.0.1 (port 0 = any free port) and prints the URL on one line.
import { parseArgs } from 'node:util';
import { createRegistryServer } from './createRegistryServer';

const { values } = parseArgs({ options: { port: { type: 'string', default: process.env.WALLET_REGISTRY_PORT ?? '0' }, latency: { type: 'string', default: '0' } } });
const port = Number(values.port);
const latencyMs = Number(values.latency);
if (!Number.isInteger(port) || port < 0 || port > 65535 || !Number.isFinite(latencyMs) || latencyMs < 0) {
  console.error('usage: main.ts [--port 0..65535] [--latency ms]');
  process.exit(2);
}
// Strict mode (the hosted API's project checks): REGISTRY_PROJECT_IDS and REGISTRY_ALLOWED_ORIGINS, comma-separated.
const list = (value: string | undefined) => value?.split(',').map((item) => item.trim()).filter(Boolean);
const projectIds = list(process.env.REGISTRY_PROJECT_IDS);
const allowedOrigins = list(process.env.REGISTRY_ALLOWED_ORIGINS);
const server = await createRegistryServer({ port, latencyMs, ...(projectIds?.length ? { projectIds } : {}), ...(allowedOrigins?.length ? { allowedOrigins } : {}) });
console.log(`wallet registry listening on ${server.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void server.close().then(() => process.exit(0)));
