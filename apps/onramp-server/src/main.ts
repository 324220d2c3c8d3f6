// The onramp server as a process (what a host runs beside its site, and what `npm start` and the browser tests run):
// ONRAMP_SERVER_ALLOWED_ORIGINS=https://shop.example[,…]
// [ONRAMP_SERVER_COINBASE_KEY_NAME=… ONRAMP_SERVER_COINBASE_PRIVATE_KEY="-----BEGIN EC PRIVATE KEY-----…" [ONRAMP_SERVER_COINBASE_URL=https://api.developer.coinbase.com]]
// [ONRAMP_SERVER_MELD_API_KEY=… [ONRAMP_SERVER_MELD_URL=https://api.meld.io]]
// [ONRAMP_SERVER_COUNTRY=US] [ONRAMP_SERVER_SUBDIVISION=NY] [ONRAMP_SERVER_TRUSTED_PROXIES=10.0.0.2,10.0.0.3] [ONRAMP_SERVER_PER_CLIENT_PER_MINUTE=60] [ONRAMP_SERVER_PORT=0] npx tsx apps/onramp-server/src/main.ts
import { startOnrampServer } from './createOnrampServer';

const env = process.env;
const port = Number(env.ONRAMP_SERVER_PORT ?? '0');
const origins = (env.ONRAMP_SERVER_ALLOWED_ORIGINS ?? '').split(',').filter(Boolean);
const usage = 'usage: ONRAMP_SERVER_ALLOWED_ORIGINS=https://site[,…] [ONRAMP_SERVER_COINBASE_KEY_NAME=… ONRAMP_SERVER_COINBASE_PRIVATE_KEY=PEM [ONRAMP_SERVER_COINBASE_URL=…]] [ONRAMP_SERVER_MELD_API_KEY=… [ONRAMP_SERVER_MELD_URL=…]] [ONRAMP_SERVER_COUNTRY=US] [ONRAMP_SERVER_SUBDIVISION=NY] [ONRAMP_SERVER_TRUSTED_PROXIES=ip,…] [ONRAMP_SERVER_PER_CLIENT_PER_MINUTE=60] [ONRAMP_SERVER_PORT=0..65535] main.ts';
if (origins.length === 0 || !Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(usage);
  process.exit(2);
}
try {
  const server = await startOnrampServer({
    allowedOrigins: origins,
    port,
    ...(env.ONRAMP_SERVER_COINBASE_KEY_NAME && env.ONRAMP_SERVER_COINBASE_PRIVATE_KEY
      ? { coinbase: { keyName: env.ONRAMP_SERVER_COINBASE_KEY_NAME, privateKey: env.ONRAMP_SERVER_COINBASE_PRIVATE_KEY.replace(/\\n/g, '\n'), ...(env.ONRAMP_SERVER_COINBASE_URL ? { apiUrl: env.ONRAMP_SERVER_COINBASE_URL } : {}) } }
      : {}),
    ...(env.ONRAMP_SERVER_MELD_API_KEY ? { meld: { apiKey: env.ONRAMP_SERVER_MELD_API_KEY, ...(env.ONRAMP_SERVER_MELD_URL ? { apiUrl: env.ONRAMP_SERVER_MELD_URL } : {}) } } : {}),
    ...(env.ONRAMP_SERVER_COUNTRY ? { country: env.ONRAMP_SERVER_COUNTRY } : {}),
    ...(env.ONRAMP_SERVER_SUBDIVISION ? { subdivision: env.ONRAMP_SERVER_SUBDIVISION } : {}),
    ...(env.ONRAMP_SERVER_TRUSTED_PROXIES ? { trustedProxies: env.ONRAMP_SERVER_TRUSTED_PROXIES.split(',').map((s) => s.trim()).filter(Boolean) } : {}),
    ...(env.ONRAMP_SERVER_PER_CLIENT_PER_MINUTE ? { perClientPerMinute: Number(env.ONRAMP_SERVER_PER_CLIENT_PER_MINUTE) } : {}),
  });
  console.log(`onramp server listening on ${server.url}`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void server.stop().then(() => process.exit(0)));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  console.error(usage);
  process.exit(2);
}
