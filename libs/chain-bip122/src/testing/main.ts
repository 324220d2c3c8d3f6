// The local Esplora API as a process, for `npm start` and the browser tests: a regtest UTXO
// set in memory on 127.0.0.1, with the playground's test wallet funded (two payment coins
// and one ordinals coin). Environment: ESPLORA_PORT (default 0), ESPLORA_ALLOWED_ORIGINS.
import { createBitcoinTestWallet } from './createBitcoinTestWallet';
import { startEsploraServer } from './esploraServer';
import { BITCOIN_TEST_WALLET_KEY } from './index';

const allowedOrigins = (process.env.ESPLORA_ALLOWED_ORIGINS ?? '').split(',').filter(Boolean);
const server = await startEsploraServer({ port: Number(process.env.ESPLORA_PORT ?? 0), ...(allowedOrigins.length ? { allowedOrigins } : {}) });
const wallet = createBitcoinTestWallet({ privateKey: BITCOIN_TEST_WALLET_KEY, network: 'regtest' });
server.fund(wallet.paymentAddress, 50_000_000n);
server.fund(wallet.paymentAddress, 12_345_678n);
server.fund(wallet.ordinalsAddress, 1_000_000n);
console.log(`esplora-server listening on ${server.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void server.stop().then(() => process.exit(0)));
