// The local onramp reference as a process, for `npm start` and the browser tests:
// ONRAMP_RPC_URL=http://127.0.0.1:8545 [ONRAMP_PORT=0] [ONRAMP_ALLOWED_ORIGINS=http://127.0.0.1:5173]
// [ONRAMP_MELD_PUBLIC_KEY=…] npx tsx apps/onramp-service/src/main.ts
import { startOnrampService } from './createOnrampService';

const env = process.env;
const rpcUrl = env.ONRAMP_RPC_URL ?? '';
const port = Number(env.ONRAMP_PORT ?? '0');
if (!/^https?:\/\//.test(rpcUrl) || !URL.canParse(rpcUrl) || !Number.isInteger(port) || port < 0 || port > 65535) {
  console.error('usage: ONRAMP_RPC_URL=http://127.0.0.1:8545 [ONRAMP_PORT=0..65535] [ONRAMP_ALLOWED_ORIGINS=a,b] [ONRAMP_MELD_PUBLIC_KEY=…] main.ts');
  process.exit(2);
}
const origins = (env.ONRAMP_ALLOWED_ORIGINS ?? '').split(',').filter(Boolean);
const service = await startOnrampService({ rpcUrl, port, ...(origins.length ? { allowedOrigins: origins } : {}), ...(env.ONRAMP_MELD_PUBLIC_KEY ? { meldPublicKey: env.ONRAMP_MELD_PUBLIC_KEY } : {}) });
console.log(`onramp service listening on ${service.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void service.stop().then(() => process.exit(0)));
