// The local Solana node as a process, for `npm start` and the browser tests: LiteSVM behind
// JSON-RPC + WebSocket on 127.0.0.1, with the playground's test wallets funded.
// Environment: SOLANA_PORT (default 0 = any free port), SOLANA_ALLOWED_ORIGINS (comma-separated).
import { createSolanaTestWallet } from './createSolanaTestWallet';
import { SOLANA_MULTICHAIN_WALLET_SEED, SOLANA_TEST_TOKENS, SOLANA_TEST_WALLET_SEED } from './localnet';
import { startSolanaServer } from './solanaServer';

const allowedOrigins = (process.env.SOLANA_ALLOWED_ORIGINS ?? '').split(',').filter(Boolean);
const server = await startSolanaServer({ port: Number(process.env.SOLANA_PORT ?? 0), ...(allowedOrigins.length ? { allowedOrigins } : {}) });
for (const seed of [SOLANA_TEST_WALLET_SEED, SOLANA_MULTICHAIN_WALLET_SEED]) await server.airdrop(createSolanaTestWallet({ seed }).address, 10_000_000_000n);
// The test wallet's SPL tokens: 1,250 tUSD and 7 DUST.
const { usd, dust } = SOLANA_TEST_TOKENS;
const owner = createSolanaTestWallet({ seed: SOLANA_TEST_WALLET_SEED }).address;
server.mintTokens(usd.address, owner, usd.decimals, 1_250n * 10n ** 6n);
server.mintTokens(dust.address, owner, dust.decimals, 7n);
console.log(`solana-server listening on ${server.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void server.stop().then(() => process.exit(0)));
