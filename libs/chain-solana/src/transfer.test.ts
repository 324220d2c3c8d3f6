import { chainAdapterRef, createKernel, createMemoryStorage, type Kernel } from '@portico/kernel';
import { shellPlugin } from '@portico/kernel/testing';
import { base58 } from '@scure/base';
import fc from 'fast-check';
import { PublicKey, SystemProgram, Transaction, TransactionInstruction } from '@solana/web3.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { createSolanaAdapter } from './createSolanaAdapter';
import { defineSolanaLocalnet } from './networks';
import { createSolanaPlugin } from './plugin';
import { SOLANA_LOCALNET_GENESIS_HASH, SOLANA_TEST_TOKENS, createSolanaTestWallet } from './testing';
import { startSolanaServer, type SolanaServer } from './testing/node';
import { associatedTokenAddress, compileMessage, solTransferMessage, splTransferInstructions } from './transfer';

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

const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const ATA = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL';

describe('the hand-built SPL transfer', () => {
  it("derives associated token addresses as web3.js's findProgramAddressSync does", async () => {
    await fc.assert(
      fc.asyncProperty(key, key, async (owner, mint) => {
        const [expected] = PublicKey.findProgramAddressSync([new PublicKey(owner).toBytes(), new PublicKey(TOKEN).toBytes(), new PublicKey(mint).toBytes()], new PublicKey(ATA));
        expect(await associatedTokenAddress(owner, mint, TOKEN)).toBe(expected.toBase58());
      }),
      { numRuns: 50 },
    );
  });

  it("compiles the create-account and TransferChecked instructions byte for byte as web3.js's compileMessage", async () => {
    await fc.assert(
      fc.asyncProperty(key, key, key, key, key, fc.bigInt({ min: 1n, max: 2n ** 64n - 1n }), fc.integer({ min: 0, max: 18 }), async (from, source, to, mint, blockhash, amount, decimals) => {
        fc.pre(new Set([from, source, to, mint]).size === 4);
        const instructions = await splTransferInstructions({ from, source, to, mint, tokenProgram: TOKEN, amount, decimals });
        const tx = new Transaction({ feePayer: new PublicKey(from), recentBlockhash: blockhash });
        for (const ix of instructions) tx.add(new TransactionInstruction({ programId: new PublicKey(ix.programId), keys: ix.keys.map((k) => ({ ...k, pubkey: new PublicKey(k.pubkey) })), data: Buffer.from(ix.data) }));
        expect(compileMessage(from, instructions, blockhash)).toEqual(new Uint8Array(tx.compileMessage().serialize()));
      }),
      { numRuns: 50 },
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
    const tokenAccount = server.mintTokens(base58.encode(new Uint8Array(32).fill(85)), wallet.address, 6, 1n);
    await expect(adapter.checkRecipient!(tokenAccount, network)).resolves.toEqual({ problem: 'this is a token account; send to its owner’s address' });
    await expect(adapter.estimateTransfer!({ to, amount: 250_000_000n }, network)).resolves.toEqual({ value: 5_000n, decimals: 9, symbol: 'SOL' });
    const signature = await adapter.sendTransfer!({ to, amount: 250_000_000n }, network);
    expect(base58.decode(signature)).toHaveLength(64);
    expect(server.balance(to)).toBe(250_000_000n);
    await expect(adapter.transferStatus!(signature, network)).resolves.toBe('confirmed');
    await expect(adapter.transferStatus!(base58.encode(new Uint8Array(64).fill(9)), network)).resolves.toBe('pending');
    expect(server.balance(wallet.address)).toBe(1_000_000_000n - 250_000_000n - 5_000n);
    // To oneself: one key, not two (web3.js merges them too); only the fee leaves.
    await adapter.sendTransfer!({ to: wallet.address, amount: 1_000n }, network);
    expect(server.balance(wallet.address)).toBe(1_000_000_000n - 250_000_000n - 10_000n);
  });

  it('sends an SPL token: from the sender’s token account to the recipient’s associated one, created on the way; both activities show it', async () => {
    const network = { ...defineSolanaLocalnet(SOLANA_LOCALNET_GENESIS_HASH, server.url), tokens: [{ ...SOLANA_TEST_TOKENS.usd }] };
    kernel = createKernel({ plugins: [shellPlugin, createSolanaPlugin()], networks: [network], storage: createMemoryStorage(), logLevel: 'silent' });
    await kernel.start();
    const adapter = kernel.getService(chainAdapterRef('solana')) as Adapter;
    const wallet = createSolanaTestWallet({ seed: '83'.repeat(32), rpcUrls: { 'solana:localnet': server.url } });
    adapter.addWallet(wallet.wallet);
    await adapter.connect('ws:portico-solana-test-wallet');
    await server.airdrop(wallet.address, 1_000_000_000n);
    const mint = SOLANA_TEST_TOKENS.usd.address;
    server.mintTokens(mint, wallet.address, 6, 10_000_000n);
    const to = base58.encode(new Uint8Array(32).fill(84));
    const fee = await adapter.estimateTransfer!({ to, amount: 1_500_000n, token: mint }, network);
    expect(fee).toEqual({ value: 5_000n, decimals: 9, symbol: 'SOL' });
    const signature = await adapter.sendTransfer!({ to, amount: 1_500_000n, token: mint }, network);
    // The node's token balances before and after give the movement; the sender also paid the new account's rent.
    const received = await adapter.getActivity!(`${network.caipNetworkId}:${to}`, network);
    expect(received?.transactions[0]).toMatchObject({ id: signature, metadata: { operationType: 'receive', sentFrom: wallet.address }, transfers: [{ direction: 'in', quantity: { numeric: '1.5' }, fungible_info: { symbol: 'tUSD' } }] });
    const sent = await adapter.getActivity!(`${network.caipNetworkId}:${wallet.address}`, network);
    expect(sent?.transactions[0]?.metadata.operationType).toBe('send');
    expect(sent?.transactions[0]?.transfers.map((t) => [t.direction, t.fungible_info?.symbol])).toEqual([
      ['out', 'SOL'],
      ['out', 'tUSD'],
    ]);
    const tokens = await adapter.getTokens!(`${network.caipNetworkId}:${to}`, network);
    expect(tokens?.find((t) => t.address === mint)?.quantity).toEqual({ decimals: 6, numeric: '1.5' });
    const mine = await adapter.getTokens!(`${network.caipNetworkId}:${wallet.address}`, network);
    expect(mine?.find((t) => t.address === mint)?.quantity).toEqual({ decimals: 6, numeric: '8.5' });
    await expect(adapter.estimateTransfer!({ to, amount: 10n ** 12n, token: mint }, network)).rejects.toThrow('not enough of TUSDbYBP… in one token account');
  });
});
