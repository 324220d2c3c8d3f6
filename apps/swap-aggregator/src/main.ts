// The local swap aggregator as a process, for `npm start` and the browser tests:
// AGGREGATOR_RPC_URL=http://127.0.0.1:8545 AGGREGATOR_ROUTER=0x… AGGREGATOR_WETH=0x… [AGGREGATOR_PORT=0]
// [AGGREGATOR_ALLOWED_ORIGINS=http://127.0.0.1:5173] [AGGREGATOR_API_KEY=…] [AGGREGATOR_STRICT=1 AGGREGATOR_RPS=1] npx tsx apps/swap-aggregator/src/main.ts
import { startSwapAggregator } from './createSwapAggregator';

const env = process.env;
const rpcUrl = env.AGGREGATOR_RPC_URL ?? '';
const port = Number(env.AGGREGATOR_PORT ?? '0');
const address = /^0x[0-9a-fA-F]{40}$/;
if (!/^https?:\/\//.test(rpcUrl) || !URL.canParse(rpcUrl) || !address.test(env.AGGREGATOR_ROUTER ?? '') || !address.test(env.AGGREGATOR_WETH ?? '') || !Number.isInteger(port) || port < 0 || port > 65535) {
  console.error('usage: AGGREGATOR_RPC_URL=http://127.0.0.1:8545 AGGREGATOR_ROUTER=0x… AGGREGATOR_WETH=0x… [AGGREGATOR_PORT=0..65535] [AGGREGATOR_ALLOWED_ORIGINS=a,b] [AGGREGATOR_API_KEY=…] main.ts');
  process.exit(2);
}
const rps = env.AGGREGATOR_RPS ? Number(env.AGGREGATOR_RPS) : undefined;
if (rps !== undefined && !(rps > 0 && rps <= 1000)) {
  console.error('AGGREGATOR_RPS must be a number of requests per second above 0, at most 1000');
  process.exit(2);
}
const origins = (env.AGGREGATOR_ALLOWED_ORIGINS ?? '').split(',').filter(Boolean);
const aggregator = await startSwapAggregator({ rpcUrl, router: env.AGGREGATOR_ROUTER!, weth: env.AGGREGATOR_WETH!, port, ...(origins.length ? { allowedOrigins: origins } : {}), ...(env.AGGREGATOR_API_KEY ? { apiKey: env.AGGREGATOR_API_KEY } : {}), strict: env.AGGREGATOR_STRICT === '1', ...(rps ? { rps } : {}) });
console.log(`swap aggregator listening on ${aggregator.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void aggregator.stop().then(() => process.exit(0)));
