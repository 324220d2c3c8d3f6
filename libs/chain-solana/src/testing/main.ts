// The local Solana node as a process, for `npm start` and the browser tests: LiteSVM behind
// JSON-RPC + WebSocket on 127.0.0.1, with the playground's test wallets funded.
// Environment: SOLANA_PORT (default 0 = any free port), SOLANA_ALLOWED_ORIGINS (comma-separated).
import { createSolanaTestWallet } from './createSolanaTestWallet';
import { SOLANA_MULTICHAIN_WALLET_SEED, SOLANA_TEST_NFT, SOLANA_TEST_TOKENS, SOLANA_TEST_WALLET_SEED } from './localnet';
import { startSolanaServer } from './solanaServer';

const allowedOrigins = (process.env.SOLANA_ALLOWED_ORIGINS ?? '').split(',').filter(Boolean);
const server = await startSolanaServer({ port: Number(process.env.SOLANA_PORT ?? 0), ...(allowedOrigins.length ? { allowedOrigins } : {}) });
for (const seed of [SOLANA_TEST_WALLET_SEED, SOLANA_MULTICHAIN_WALLET_SEED]) await server.airdrop(createSolanaTestWallet({ seed }).address, 10_000_000_000n);
// The test wallet's SPL tokens: 1,250 tUSD and 7 DUST.
const { usd, dust } = SOLANA_TEST_TOKENS;
const owner = createSolanaTestWallet({ seed: SOLANA_TEST_WALLET_SEED }).address;
server.mintTokens(usd.address, owner, usd.decimals, 1_250n * 10n ** 6n);
server.mintTokens(dust.address, owner, dust.decimals, 7n);
// And an NFT with Metaplex metadata and an SVG image.
const image = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#1b1464"/><circle cx="40" cy="24" r="8" fill="#fab005"/><path d="M6 58L34 30" stroke="#fab005" stroke-width="4"/></svg>').toString('base64')}`;
await server.mintNft(SOLANA_TEST_NFT, owner, { name: 'Portico Comet #1', symbol: 'COMET', uri: `data:application/json,${encodeURIComponent(JSON.stringify({ name: 'Portico Comet #1', image }))}` });
console.log(`solana-server listening on ${server.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void server.stop().then(() => process.exit(0)));
