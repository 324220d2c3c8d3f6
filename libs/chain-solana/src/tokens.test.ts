import { chainAdapterRef, createKernel, createMemoryStorage, type Kernel } from '@portico/kernel';
import { shellPlugin } from '@portico/kernel/testing';
import { base58 } from '@scure/base';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { defineSolanaLocalnet } from './networks';
import { createSolanaPlugin } from './plugin';
import { SOLANA_LOCALNET_GENESIS_HASH, SOLANA_TEST_TOKENS } from './testing';
import { startSolanaServer, type SolanaServer } from './testing/node';

let server: SolanaServer;
let kernel: Kernel | undefined;
beforeAll(async () => {
  server = await startSolanaServer();
});
afterAll(() => server.stop());
afterEach(async () => {
  await kernel?.dispose();
  kernel = undefined;
});

describe('solana tokens from the local node', () => {
  it('lists SOL and each SPL token held (named from the network’s tokens, else by mint), not the zero-decimal one nor an empty account', async () => {
    const owner = base58.encode(new Uint8Array(32).fill(71));
    const other = base58.encode(new Uint8Array(32).fill(72));
    await server.airdrop(owner, 1_500_000_000n);
    server.mintTokens(SOLANA_TEST_TOKENS.usd.address, owner, 6, 2_500_000n);
    server.mintTokens(SOLANA_TEST_TOKENS.dust.address, owner, 0, 7n);
    server.mintTokens(other, owner, 9, 3n * 10n ** 8n);
    const network = { ...defineSolanaLocalnet(SOLANA_LOCALNET_GENESIS_HASH, server.url), tokens: [SOLANA_TEST_TOKENS.usd] };
    kernel = createKernel({ plugins: [shellPlugin, createSolanaPlugin()], networks: [network], storage: createMemoryStorage(), logLevel: 'silent' });
    await kernel.start();
    const tokens = await kernel.getService(chainAdapterRef('solana')).getTokens!(`${network.caipNetworkId}:${owner}`, network);
    expect(tokens?.map((t) => [t.name, t.symbol, t.address, t.quantity])).toEqual([
      ['Solana', 'SOL', undefined, { decimals: 9, numeric: '1.5' }],
      ['Test USD', 'tUSD', SOLANA_TEST_TOKENS.usd.address, { decimals: 6, numeric: '2.5' }],
      [other, `${other.slice(0, 4)}…`, other, { decimals: 9, numeric: '0.3' }],
    ]);
  });
});
