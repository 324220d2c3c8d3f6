import { chainAdapterRef, createKernel, createMemoryStorage, type Kernel } from '@portico/kernel';
import { shellPlugin } from '@portico/kernel/testing';
import { base58 } from '@scure/base';
import fc from 'fast-check';
import { PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { createSolanaAdapter } from './createSolanaAdapter';
import { defineSolanaLocalnet } from './networks';
import { createSolanaPlugin } from './plugin';
import { SOLANA_LOCALNET_GENESIS_HASH, createSolanaTestWallet } from './testing';
import { startSolanaServer, type SolanaServer } from './testing/node';
import { solTransferMessage } from './transfer';

type Adapter = ReturnType<typeof createSolanaAdapter>;
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

const key = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => base58.encode(bytes));

describe('the hand-built SOL transfer message', () => {
  it("is byte for byte web3.js's SystemProgram.transfer message, on generated keys, amounts and blockhashes", () => {
    fc.assert(
      fc.property(key, key, fc.bigInt({ min: 1n, max: 2n ** 64n - 1n }), key, (from, to, lamports, blockhash) => {
        fc.pre(from !== to);
        const tx = new Transaction({ feePayer: new PublicKey(from), recentBlockhash: blockhash }).add(SystemProgram.transfer({ fromPubkey: new PublicKey(from), toPubkey: new PublicKey(to), lamports }));
        expect(solTransferMessage(from, to, lamports, blockhash)).toEqual(new Uint8Array(tx.compileMessage().serialize()));
      }),
      { numRuns: 200 },
    );
  });
});

describe('solana transfers (the Send view’s chain side)', () => {
  it('checks the recipient, quotes the node’s fee, and sends SOL through the wallet; SPL is refused with the reason', async () => {
    const network = defineSolanaLocalnet(SOLANA_LOCALNET_GENESIS_HASH, server.url);
    kernel = createKernel({ plugins: [shellPlugin, createSolanaPlugin()], networks: [network], storage: createMemoryStorage(), logLevel: 'silent' });
    await kernel.start();
    const adapter = kernel.getService(chainAdapterRef('solana')) as Adapter;
    const wallet = createSolanaTestWallet({ seed: '81'.repeat(32), rpcUrls: { 'solana:localnet': server.url } });
    adapter.addWallet(wallet.wallet);
    await adapter.connect('ws:portico-solana-test-wallet');
    await server.airdrop(wallet.address, 1_000_000_000n);
    const to = base58.encode(new Uint8Array(32).fill(82));
    await expect(adapter.checkRecipient!(` ${to} `, network)).resolves.toEqual({ address: to });
    await expect(adapter.checkRecipient!('0x70997970C51812dc3A010C7d01b50e0d17dc79C8', network)).resolves.toEqual({ problem: 'not a valid Solana address' });
    await expect(adapter.estimateTransfer!({ to, amount: 250_000_000n }, network)).resolves.toEqual({ value: 5_000n, decimals: 9, symbol: 'SOL' });
    const signature = await adapter.sendTransfer!({ to, amount: 250_000_000n }, network);
    expect(base58.decode(signature)).toHaveLength(64);
    expect(server.balance(to)).toBe(250_000_000n);
    expect(server.balance(wallet.address)).toBe(1_000_000_000n - 250_000_000n - 5_000n);
    await expect(adapter.estimateTransfer!({ to, amount: 1n, token: to }, network)).rejects.toThrow('sending SPL tokens is not supported yet: only SOL');
  });
});
