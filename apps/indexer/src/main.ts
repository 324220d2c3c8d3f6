// The local indexer as a process, for `npm start` and the browser tests:
// INDEXER_RPC_URL=http://127.0.0.1:8545 [INDEXER_WS_URL=ws://127.0.0.1:8545] [INDEXER_PORT=0] [INDEXER_ALLOWED_ORIGINS=http://127.0.0.1:5173]
// [INDEXER_STRICT=1 INDEXER_API_KEYS=key1,key2 [INDEXER_RPS=3] [INDEXER_PAID_CHAINS=8453,10]]
// npx tsx apps/indexer/src/main.ts — follows the node and prints its URL on one line.
import { startIndexer } from './createIndexer';

const rpcUrl = process.env.INDEXER_RPC_URL ?? '';
// The node's WebSocket: new heads pushed instead of polled (see IndexerOptions.wsUrl).
const wsUrl = process.env.INDEXER_WS_URL ?? '';
const port = Number(process.env.INDEXER_PORT ?? '0');
const strict = process.env.INDEXER_STRICT === '1';
const list = (name: string) => (process.env[name] ?? '').split(',').filter(Boolean);
const apiKeys = list('INDEXER_API_KEYS');
const rps = Number(process.env.INDEXER_RPS ?? '3');
const paidChains = list('INDEXER_PAID_CHAINS').map(Number);
if (
  !/^https?:\/\//.test(rpcUrl) ||
  !URL.canParse(rpcUrl) ||
  (wsUrl !== '' && (!/^wss?:\/\//.test(wsUrl) || !URL.canParse(wsUrl))) ||
  !Number.isInteger(port) ||
  port < 0 ||
  port > 65535 ||
  (strict && (!apiKeys.length || !Number.isInteger(rps) || rps < 1 || !paidChains.every(Number.isSafeInteger)))
) {
  console.error('usage: INDEXER_RPC_URL=http://127.0.0.1:8545 [INDEXER_WS_URL=ws://127.0.0.1:8545] [INDEXER_PORT=0..65535] [INDEXER_ALLOWED_ORIGINS=a,b] [INDEXER_STRICT=1 INDEXER_API_KEYS=k1,k2 [INDEXER_RPS=3] [INDEXER_PAID_CHAINS=8453,10]] main.ts');
  process.exit(2);
}
const origins = list('INDEXER_ALLOWED_ORIGINS');
const indexer = await startIndexer({ rpcUrl, port, ...(wsUrl ? { wsUrl } : {}), ...(origins.length ? { allowedOrigins: origins } : {}), ...(strict ? { strict, apiKeys, rps, paidChains } : {}) });
console.log(`indexer listening on ${indexer.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void indexer.stop().then(() => process.exit(0)));
