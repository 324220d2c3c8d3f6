// The swap proxy as a process (what a host runs beside its site, and what `npm start` and the browser tests run):
// SWAP_PROXY_UPSTREAM=https://api.1inch.dev SWAP_PROXY_API_KEY=… SWAP_PROXY_ALLOWED_ORIGINS=https://shop.example[,…]
// [SWAP_PROXY_RPS=1] [SWAP_PROXY_PORT=0] npx tsx apps/swap-proxy/src/main.ts
import { startSwapProxy } from './createSwapProxy';

const env = process.env;
const port = Number(env.SWAP_PROXY_PORT ?? '0');
const rps = Number(env.SWAP_PROXY_RPS ?? '1');
const origins = (env.SWAP_PROXY_ALLOWED_ORIGINS ?? '').split(',').filter(Boolean);
const usage = 'usage: SWAP_PROXY_UPSTREAM=https://api.1inch.dev SWAP_PROXY_API_KEY=… SWAP_PROXY_ALLOWED_ORIGINS=https://site[,…] [SWAP_PROXY_RPS=1] [SWAP_PROXY_PORT=0..65535] main.ts';
if (!env.SWAP_PROXY_UPSTREAM || !URL.canParse(env.SWAP_PROXY_UPSTREAM) || !env.SWAP_PROXY_API_KEY || origins.length === 0 || !Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(usage);
  process.exit(2);
}
try {
  const proxy = await startSwapProxy({ upstream: env.SWAP_PROXY_UPSTREAM, apiKey: env.SWAP_PROXY_API_KEY, allowedOrigins: origins, rps, port });
  console.log(`swap proxy listening on ${proxy.url}`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void proxy.stop().then(() => process.exit(0)));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  console.error(usage);
  process.exit(2);
}
