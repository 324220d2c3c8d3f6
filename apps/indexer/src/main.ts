// The local indexer as a process, for `npm start` and the browser tests:
// INDEXER_RPC_URL=http://127.0.0.1:8545 [INDEXER_PORT=0] [INDEXER_ALLOWED_ORIGINS=http://127.0.0.1:5173]
// npx tsx apps/indexer/src/main.ts — follows the node and prints its URL on one line.
import { startIndexer } from './createIndexer';

const rpcUrl = process.env.INDEXER_RPC_URL ?? '';
const port = Number(process.env.INDEXER_PORT ?? '0');
if (!/^https?:\/\//.test(rpcUrl) || !URL.canParse(rpcUrl) || !Number.isInteger(port) || port < 0 || port > 65535) {
  console.error('usage: INDEXER_RPC_URL=http://127.0.0.1:8545 [INDEXER_PORT=0..65535] [INDEXER_ALLOWED_ORIGINS=a,b] main.ts');
  process.exit(2);
}
const origins = (process.env.INDEXER_ALLOWED_ORIGINS ?? '').split(',').filter(Boolean);
const indexer = await startIndexer({ rpcUrl, port, ...(origins.length ? { allowedOrigins: origins } : {}) });
console.log(`indexer listening on ${indexer.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void indexer.stop().then(() => process.exit(0)));
