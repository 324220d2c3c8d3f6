import { chainAdapterRef, createKernel, createMemoryStorage, type Kernel } from '@portico/kernel';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { createBip122Adapter } from './createBip122Adapter';
import { defineBitcoinRegtest } from './networks';
import { createBip122Plugin } from './plugin';
import { BITCOIN_TEST_WALLET_KEY, createBitcoinTestWallet } from './testing';
import { startEsploraServer, type EsploraServer } from './testing/node';

type Adapter = ReturnType<typeof createBip122Adapter>;
let server: EsploraServer;
let kernel: Kernel | undefined;
beforeAll(async () => {
  server = await startEsploraServer();
});
afterAll(() => server.stop());
afterEach(async () => {
  await kernel?.dispose();
  kernel = undefined;
});

describe('bip122 transfers (the Send view’s chain side)', () => {
  it('checks the recipient, estimates the fee of the PSBT it would build, and sends; the recipient gets the amount', async () => {
    const network = defineBitcoinRegtest(server.url);
    kernel = createKernel({ plugins: [createBip122Plugin()], networks: [network], storage: createMemoryStorage(), logLevel: 'silent' });
    await kernel.start();
    const adapter = kernel.getService(chainAdapterRef('bip122')) as Adapter;
    const wallet = createBitcoinTestWallet({ privateKey: BITCOIN_TEST_WALLET_KEY, network: 'regtest' });
    adapter.addWallet(wallet.wallet);
    await adapter.connect('ws:portico-bitcoin-test-wallet');
    server.fund(wallet.paymentAddress, 500_000n);
    await expect(adapter.checkRecipient!(` ${wallet.ordinalsAddress} `, network)).resolves.toEqual({ address: wallet.ordinalsAddress });
    await expect(adapter.checkRecipient!('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', network)).resolves.toEqual({ problem: 'not a valid Bitcoin Regtest address' });
    const fee = await adapter.estimateTransfer!({ to: wallet.ordinalsAddress, amount: 100_000n }, network);
    expect(fee).toMatchObject({ decimals: 8, symbol: 'BTC' });
    expect(fee.value).toBeGreaterThan(100n);
    expect(fee.value).toBeLessThan(10_000n);
    const before = server.balance(wallet.ordinalsAddress);
    const txid = await adapter.sendTransfer!({ to: wallet.ordinalsAddress, amount: 100_000n }, network);
    expect(txid).toMatch(/^[0-9a-f]{64}$/);
    expect(server.balance(wallet.ordinalsAddress) - before).toBe(100_000n);
    await expect(adapter.transferStatus!(txid, network)).resolves.toBe('pending');
    server.mine();
    await expect(adapter.transferStatus!(txid, network)).resolves.toBe('confirmed');
    await expect(adapter.transferStatus!('ab'.repeat(32), network)).resolves.toBe('dropped');
    await expect(adapter.estimateTransfer!({ to: wallet.ordinalsAddress, amount: 10n ** 15n }, network)).rejects.toThrow('Not enough funds');
    await expect(adapter.sendTransfer!({ to: wallet.ordinalsAddress, amount: 1n, token: 'x' }, network)).rejects.toThrow('Bitcoin transfers carry no token');
  });

  it('reports an Esplora error answer (its status and reason as text) as such, not as a body that is not JSON', async () => {
    // A base URL under which the stand-in has no route: each answer is its text 404, as electrs answers an unknown endpoint.
    const network = defineBitcoinRegtest(`${server.url}/no-such-api`);
    kernel = createKernel({ plugins: [createBip122Plugin()], networks: [network], storage: createMemoryStorage(), logLevel: 'silent' });
    await kernel.start();
    const adapter = kernel.getService(chainAdapterRef('bip122')) as Adapter;
    const wallet = createBitcoinTestWallet({ privateKey: BITCOIN_TEST_WALLET_KEY, network: 'regtest' });
    adapter.addWallet(wallet.wallet);
    await adapter.connect('ws:portico-bitcoin-test-wallet');
    await expect(adapter.estimateTransfer!({ to: wallet.ordinalsAddress, amount: 1_000n }, network)).rejects.toMatchObject({ name: 'HttpError', status: 404, body: 'Not found' });
  });
});
