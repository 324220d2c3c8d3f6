// The onramp providers' stand-in as a process, for `npm start` and the browser tests:
// ONRAMP_RPC_URL=http://127.0.0.1:8545 [ONRAMP_PORT=0]
// [ONRAMP_COINBASE_KEY_NAME=… ONRAMP_COINBASE_PUBLIC_KEY="-----BEGIN PUBLIC KEY-----…"] (the CDP key that signs the host's JWTs)
// [ONRAMP_MELD_API_KEY=… ONRAMP_MELD_PUBLIC_KEY=…] npx tsx apps/onramp-service/src/main.ts
import { startOnrampService } from './createOnrampService';

const env = process.env;
const rpcUrl = env.ONRAMP_RPC_URL ?? '';
const port = Number(env.ONRAMP_PORT ?? '0');
if (!/^https?:\/\//.test(rpcUrl) || !URL.canParse(rpcUrl) || !Number.isInteger(port) || port < 0 || port > 65535) {
  console.error('usage: ONRAMP_RPC_URL=http://127.0.0.1:8545 [ONRAMP_PORT=0..65535] [ONRAMP_COINBASE_KEY_NAME=… ONRAMP_COINBASE_PUBLIC_KEY=PEM] [ONRAMP_MELD_API_KEY=… ONRAMP_MELD_PUBLIC_KEY=…] main.ts');
  process.exit(2);
}
const coinbase = env.ONRAMP_COINBASE_KEY_NAME && env.ONRAMP_COINBASE_PUBLIC_KEY ? { keyName: env.ONRAMP_COINBASE_KEY_NAME, publicKey: env.ONRAMP_COINBASE_PUBLIC_KEY.replace(/\\n/g, '\n') } : undefined;
const meld = env.ONRAMP_MELD_API_KEY && env.ONRAMP_MELD_PUBLIC_KEY ? { apiKey: env.ONRAMP_MELD_API_KEY, publicKey: env.ONRAMP_MELD_PUBLIC_KEY } : undefined;
const service = await startOnrampService({ rpcUrl, port, ...(coinbase ? { coinbase } : {}), ...(meld ? { meld } : {}) });
console.log(`onramp service listening on ${service.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void service.stop().then(() => process.exit(0)));
