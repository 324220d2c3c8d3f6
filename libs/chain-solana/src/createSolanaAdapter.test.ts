import { chainAdapterRef, createKernel, createMemoryStorage, LINKED_WALLETS_FEATURE, type Kernel } from '@portico/kernel';
import { shellPlugin } from '@portico/kernel/testing';
import { base58, base64 } from '@scure/base';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { createSolanaAdapter } from './createSolanaAdapter';
import { defineSolanaLocalnet } from './networks';
import { createSolanaPlugin } from './plugin';
import { createSolanaVerifier } from './siwx/createSolanaVerifier';
import { createSolanaTestWallet, createSolTransfer, SOLANA_LOCALNET_GENESIS_HASH } from './testing';
import { TEST_WALLET_LINKED_WALLETS_FEATURE } from './testing/createSolanaTestWallet';
import { startSolanaServer, type SolanaServer } from './testing/node';

type Adapter = ReturnType<typeof createSolanaAdapter>;
type Provider = { request(a: { method: string; params?: unknown }): Promise<unknown> };
const LOCALNET = `solana:${SOLANA_LOCALNET_GENESIS_HASH.slice(0, 32)}`;

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

async function setUp(seed = '55'.repeat(32), approvalRequired?: string[]) {
  const network = defineSolanaLocalnet(SOLANA_LOCALNET_GENESIS_HASH, server.url);
  kernel = createKernel({ plugins: [shellPlugin, createSolanaPlugin({ approvalRequired })], networks: [network], storage: createMemoryStorage(), logLevel: 'silent' });
  await kernel.start();
  const adapter = kernel.getService(chainAdapterRef('solana')) as Adapter;
  const wallet = createSolanaTestWallet({ seed, rpcUrls: { 'solana:localnet': server.url } });
  adapter.addWallet(wallet.wallet);
  await adapter.connect('ws:portico-solana-test-wallet');
  return { kernel, adapter, wallet, network, provider: adapter.getProvider!() as Provider };
}

describe('the solana adapter with the Solana test wallet and the local LiteSVM node', () => {
  it('connects on the app network the wallet serves, with the base58 address', async () => {
    const { kernel, wallet } = await setUp();
    expect(kernel.connection.get('solana')).toMatchObject({ status: 'connected', network: LOCALNET, address: `${LOCALNET}:${wallet.address}` });
  });

  it('reads the SOL balance from the node', async () => {
    const { adapter, wallet, network } = await setUp('56'.repeat(32));
    await server.airdrop(wallet.address, 1_234_567_890n);
    await expect(adapter.getBalance!(`${LOCALNET}:${wallet.address}`, network)).resolves.toEqual({ value: 1_234_567_890n, decimals: 9, symbol: 'SOL' });
  });

  it('signs a sign-in message the solana verifier accepts', async () => {
    const { adapter, wallet } = await setUp();
    const verifier = createSolanaVerifier();
    const data = { domain: 'app.example.com', accountAddress: wallet.address, uri: 'https://app.example.com', version: '1', chainId: LOCALNET, nonce: 'Nonce12345678', issuedAt: new Date().toISOString() };
    const message = await verifier.createMessage(data);
    const signature = await adapter.signMessage!(message);
    await expect(verifier.verify({ data, message, signature })).resolves.toBe(true);
  });

  it('signs and sends a transfer through the provider; it lands on the node', async () => {
    const { wallet, provider } = await setUp('57'.repeat(32));
    await server.airdrop(wallet.address, 2_000_000_000n);
    const to = base58.encode(new Uint8Array(32).fill(42));
    const transaction = await createSolTransfer({ rpcUrl: server.url, from: wallet.address, to, lamports: 5_000_000 });
    const { signature } = (await provider.request({ method: 'solana_signAndSendTransaction', params: { transaction } })) as { signature: string };
    expect(server.balance(to)).toBe(5_000_000n);
    expect(server.balance(wallet.address)).toBe(2_000_000_000n - 5_000_000n - 5_000n);
    expect(base58.decode(signature)).toHaveLength(64);
  });

  it('signs without sending, and signs a message given in base58', async () => {
    const { wallet, provider } = await setUp();
    const transaction = await createSolTransfer({ rpcUrl: server.url, from: wallet.address, to: base58.encode(new Uint8Array(32).fill(1)), lamports: 1 });
    const signed = (await provider.request({ method: 'solana_signTransaction', params: { transaction } })) as { transaction: string; signature: string };
    expect(base64.decode(signed.transaction)).toHaveLength(base64.decode(transaction).length);
    expect(signed.transaction).not.toBe(transaction);
    const { signature } = (await provider.request({ method: 'solana_signMessage', params: { message: base58.encode(new TextEncoder().encode('hello')) } })) as { signature: string };
    expect(base58.decode(signature)).toHaveLength(64);
  });

  it('refuses malformed requests and methods outside the policy, with specific errors', async () => {
    const { provider } = await setUp();
    await expect(provider.request({ method: 'solana_signTransaction', params: { transaction: '***' } })).rejects.toThrow('transaction is not valid base64');
    await expect(provider.request({ method: 'solana_signMessage', params: { message: '0OIl' } })).rejects.toThrow('message is not valid base58');
    await expect(provider.request({ method: 'solana_signAllTransactions', params: { transactions: 'x' } })).rejects.toThrow('transactions must be a list');
    await expect(provider.request({ method: 'solana_drain' })).rejects.toMatchObject({ code: 'kernel/rpc-method-not-allowed' });
    await expect(provider.request({ method: 'solana_getAccounts' })).resolves.toHaveLength(1);
  });

  it('asks the user (ApproveTransaction) for a wallet with no confirmation UI of its own; a read passes silently', async () => {
    const { kernel, provider } = await setUp('58'.repeat(32), ['ws:portico-solana-test-wallet']);
    await expect(provider.request({ method: 'solana_getAccounts' })).resolves.toHaveLength(1);
    const pending = provider.request({ method: 'solana_signMessage', params: { message: base58.encode(new Uint8Array([1, 2, 3])) } });
    await expect.poll(() => kernel.requestGate.getSnapshot().pending.map((p) => p.method)).toEqual(['solana_signMessage']);
    kernel.requestGate.approve(kernel.requestGate.getSnapshot().pending[0]!.id);
    await expect(pending).resolves.toMatchObject({ signature: expect.any(String) });
  });

  it('disconnects this namespace only, and tells the wallet', async () => {
    const { kernel, adapter, wallet } = await setUp();
    await adapter.disconnect();
    expect(kernel.connection.get('solana').status).toBe('disconnected');
    expect(wallet.wallet.accounts).toEqual([]);
  });
});

describe('the Solana test wallet', () => {
  it('publishes its links under the kernel’s linked-wallets feature name', () => {
    expect(TEST_WALLET_LINKED_WALLETS_FEATURE).toBe(LINKED_WALLETS_FEATURE);
  });
});

describe('solana connect attempts', () => {
  it('a wallet answering after a newer attempt connected another one does not take the connection over, and is told to disconnect', async () => {
    kernel = createKernel({ plugins: [shellPlugin, createSolanaPlugin()], networks: [defineSolanaLocalnet(SOLANA_LOCALNET_GENESIS_HASH, server.url)], storage: createMemoryStorage(), logLevel: 'silent' });
    await kernel.start();
    const adapter = kernel.getService(chainAdapterRef('solana')) as Adapter;
    const rpcUrls = { 'solana:localnet': server.url };
    const slow = createSolanaTestWallet({ seed: '61'.repeat(32), rpcUrls, name: 'Slow Solana', mode: { slowMs: 300 } });
    const fast = createSolanaTestWallet({ seed: '62'.repeat(32), rpcUrls, name: 'Fast Solana' });
    adapter.addWallet(slow.wallet);
    adapter.addWallet(fast.wallet);
    const first = adapter.connect('ws:slow-solana');
    await adapter.connect('ws:fast-solana');
    await expect(first).rejects.toMatchObject({ code: 'kernel/connect-cancelled', details: 'superseded' });
    await new Promise((r) => setTimeout(r, 500));
    expect(kernel.connection.get('solana')).toMatchObject({ status: 'connected', connectorId: 'ws:fast-solana', address: `${LOCALNET}:${fast.address}` });
    expect(adapter.activeWallet()?.wallet).toBe(fast.wallet);
    // The late wallet was told to forget the site.
    expect(slow.wallet.accounts).toEqual([]);
  });
});
