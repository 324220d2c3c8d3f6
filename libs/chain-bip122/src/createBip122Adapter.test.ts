import { chainAdapterRef, createKernel, createMemoryStorage, type Kernel, type StoragePort } from '@portico/kernel';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BIP122_NETWORK_IDS } from './bitcoin/networks';
import type { createBip122Adapter } from './createBip122Adapter';
import { defineBitcoinRegtest } from './networks';
import { createBip122Plugin } from './plugin';
import { createBip122Verifier } from './siwx/createBip122Verifier';
import { BITCOIN_TEST_WALLET_KEY, createBitcoinTestWallet } from './testing';
import { startEsploraServer, type EsploraServer } from './testing/node';

type Adapter = ReturnType<typeof createBip122Adapter>;
type Provider = { request(a: { method: string; params?: unknown }): Promise<unknown> };
const REGTEST = BIP122_NETWORK_IDS.regtest;

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

async function setUp(storage: StoragePort = createMemoryStorage()) {
  kernel = createKernel({ plugins: [createBip122Plugin()], networks: [defineBitcoinRegtest(server.url)], storage, logLevel: 'silent' });
  await kernel.start();
  const adapter = kernel.getService(chainAdapterRef('bip122')) as Adapter;
  const wallet = createBitcoinTestWallet({ privateKey: BITCOIN_TEST_WALLET_KEY, network: 'regtest' });
  adapter.addWallet(wallet.wallet);
  return { kernel, adapter, wallet, provider: adapter.getProvider!() as Provider };
}

describe('the bip122 adapter with the Bitcoin test wallet and a local Esplora server', () => {
  it('connects with the payment account selected and the ordinals account kept', async () => {
    const { kernel, adapter, wallet } = await setUp();
    expect(kernel.connectors.getSnapshot().map((c) => [c.id, c.namespaces])).toEqual([['ws:portico-bitcoin-test-wallet', ['bip122']]]);
    await adapter.connect('ws:portico-bitcoin-test-wallet');
    const state = kernel.connection.get('bip122');
    expect(wallet.paymentAddress).toMatch(/^bcrt1q/);
    expect(wallet.ordinalsAddress).toMatch(/^bcrt1p/);
    expect(state).toMatchObject({ status: 'connected', network: REGTEST, address: `${REGTEST}:${wallet.paymentAddress}` });
    expect(state.accounts.map((a) => a.type)).toEqual(['payment', 'ordinal']);
  });

  it('reads the balance as the UTXO sum, mempool included', async () => {
    const { kernel, adapter, wallet } = await setUp();
    await adapter.connect('ws:portico-bitcoin-test-wallet');
    server.fund(wallet.paymentAddress, 150_000n);
    const network = defineBitcoinRegtest(server.url);
    const balance = await adapter.getBalance!(kernel.connection.get('bip122').address!, network);
    expect(balance).toEqual({ value: server.balance(wallet.paymentAddress), decimals: 8, symbol: 'BTC' });
    expect(balance.value).toBeGreaterThanOrEqual(150_000n);
  });

  it('signs a sign-in message (BIP-322) that the bip122 verifier accepts', async () => {
    const { kernel, adapter, wallet } = await setUp();
    await adapter.connect('ws:portico-bitcoin-test-wallet');
    const verifier = createBip122Verifier({ domain: 'app.example.com' });
    const data = {
      domain: 'app.example.com',
      accountAddress: wallet.paymentAddress,
      uri: 'https://app.example.com',
      version: '1',
      chainId: kernel.connection.get('bip122').network!,
      nonce: 'Nonce12345678',
      issuedAt: new Date().toISOString(),
    };
    const message = await verifier.createMessage(data);
    expect(message).toContain('wants you to sign in with your Bitcoin account:');
    const signature = await adapter.signMessage!(message);
    await expect(verifier.verify({ data, message, signature })).resolves.toBe(true);
    await expect(verifier.verify({ data: { ...data, accountAddress: wallet.ordinalsAddress }, message, signature })).resolves.toBe(false);
    // A message that names a scheme must name the site's (https unless the verifier says otherwise).
    const withHttp = { ...data, scheme: 'http' };
    const httpMessage = await verifier.createMessage(withHttp);
    const httpSignature = await adapter.signMessage!(httpMessage);
    await expect(verifier.verify({ data: withHttp, message: httpMessage, signature: httpSignature })).resolves.toBe(false);
    await expect(createBip122Verifier({ domain: 'app.example.com', scheme: 'http' }).verify({ data: withHttp, message: httpMessage, signature: httpSignature })).resolves.toBe(true);
  });

  it('sends a transfer: builds the PSBT, the wallet signs, Esplora accepts the broadcast', async () => {
    const { adapter, wallet, provider } = await setUp();
    await adapter.connect('ws:portico-bitcoin-test-wallet');
    server.fund(wallet.paymentAddress, 200_000n);
    const ordinalsBefore = server.balance(wallet.ordinalsAddress);
    const { txid } = (await provider.request({ method: 'sendTransfer', params: { recipientAddress: wallet.ordinalsAddress, amount: '30000' } })) as { txid: string };
    expect(txid).toMatch(/^[0-9a-f]{64}$/);
    expect(server.balance(wallet.ordinalsAddress) - ordinalsBefore).toBe(30_000n);
    const tx = (await (await fetch(`${server.url}/tx/${txid}`)).json()) as { status: { confirmed: boolean } };
    expect(tx.status.confirmed).toBe(false);
  });

  it('refuses malformed requests with a specific error, before asking the wallet', async () => {
    const { adapter, provider } = await setUp();
    await adapter.connect('ws:portico-bitcoin-test-wallet');
    await expect(provider.request({ method: 'sendTransfer', params: { recipientAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', amount: '1000' } })).rejects.toThrow('recipientAddress is not a Bitcoin Regtest address');
    await expect(provider.request({ method: 'sendTransfer', params: { recipientAddress: (await adapter.activeWallet())!.account.address, amount: '1.5' } })).rejects.toThrow('amount must be a positive whole number of satoshis');
    await expect(provider.request({ method: 'signPsbt', params: { psbt: '%%%', signInputs: [] } })).rejects.toThrow('psbt is not valid base64');
    await expect(provider.request({ method: 'signMessage', params: { message: 'hi', address: 'bcrt1qnotmine' } })).rejects.toThrow('is not an address of the connected wallet');
    await expect(provider.request({ method: 'getAccountAddresses' })).resolves.toHaveLength(2);
    await expect(provider.request({ method: 'bitcoin_drain' })).rejects.toMatchObject({ code: 'kernel/rpc-method-not-allowed' });
  });

  it('leaves bip122 disconnected when the wallet rejects, and reconnects silently after a reload', async () => {
    const storage = createMemoryStorage();
    const first = await setUp(storage);
    first.wallet.setMode({ reject: true });
    await expect(first.adapter.connect('ws:portico-bitcoin-test-wallet')).rejects.toMatchObject({ code: 4001 });
    expect(first.kernel.connection.get('bip122').status).toBe('disconnected');
    first.wallet.setMode({});
    await first.adapter.connect('ws:portico-bitcoin-test-wallet');
    const walletStorage = first.wallet;
    await first.kernel.dispose();

    kernel = createKernel({ plugins: [createBip122Plugin()], networks: [defineBitcoinRegtest(server.url)], storage, logLevel: 'silent' });
    await kernel.start();
    const adapter = kernel.getService(chainAdapterRef('bip122')) as Adapter;
    // The plugin is already reconnecting; the same wallet (still trusting the site) registers after the app started.
    expect(kernel.connection.get('bip122').status).toBe('connecting');
    adapter.addWallet(walletStorage.wallet);
    await expect.poll(() => kernel!.connection.get('bip122').status).toBe('connected');
    expect(kernel.connection.get('bip122').address).toBe(`${REGTEST}:${walletStorage.paymentAddress}`);
  });
});

describe('bip122 connect attempts', () => {
  it('a wallet answering after the attempt was cancelled connects nothing, and is told to disconnect', async () => {
    const { kernel, adapter } = await setUp();
    const slow = createBitcoinTestWallet({ privateKey: '11'.repeat(32), network: 'regtest', name: 'Slow Bitcoin', mode: { slowMs: 300 } });
    adapter.addWallet(slow.wallet);
    const controller = new AbortController();
    const attempt = adapter.connect('ws:slow-bitcoin', { signal: controller.signal });
    controller.abort();
    await expect(attempt).rejects.toMatchObject({ code: 'kernel/connect-cancelled' });
    expect(kernel.connection.get('bip122').status).toBe('disconnected');
    await new Promise((r) => setTimeout(r, 500));
    expect(kernel.connection.get('bip122')).toMatchObject({ status: 'disconnected', address: undefined });
    expect(slow.wallet.accounts).toEqual([]);
    // The user then connects the wallet they meant.
    await adapter.connect('ws:portico-bitcoin-test-wallet');
    expect(kernel.connection.get('bip122')).toMatchObject({ status: 'connected', connectorId: 'ws:portico-bitcoin-test-wallet' });
  });
});

describe('bip122 Esplora fallback URLs', () => {
  it('reads the balance from the next Esplora URL when the first does not answer, and says none answered when all are down', async () => {
    const regtest = defineBitcoinRegtest(server.url);
    // Port 9 (discard): nothing listens on 127.0.0.1, the connection is refused at once.
    const withDeadFirst = { ...regtest, rpcUrls: { default: { http: ['http://127.0.0.1:9', server.url] } } };
    kernel = createKernel({ plugins: [createBip122Plugin()], networks: [withDeadFirst], storage: createMemoryStorage(), logLevel: 'silent' });
    await kernel.start();
    const adapter = kernel.getService(chainAdapterRef('bip122')) as Adapter;
    const wallet = createBitcoinTestWallet({ privateKey: BITCOIN_TEST_WALLET_KEY, network: 'regtest' });
    server.fund(wallet.paymentAddress, 42_000n);
    const address = `${REGTEST}:${wallet.paymentAddress}`;
    const direct = await adapter.getBalance!(address, regtest);
    expect(direct.value).toBeGreaterThanOrEqual(42_000n);
    await expect(adapter.getBalance!(address, withDeadFirst)).resolves.toEqual(direct);
    const allDead = { ...regtest, rpcUrls: { default: { http: ['http://127.0.0.1:9', 'http://127.0.0.1:9/second'] } } };
    await expect(adapter.getBalance!(address, allDead)).rejects.toMatchObject({ code: 'kernel/rpc-unavailable', details: 'http://127.0.0.1:9, http://127.0.0.1:9/second' });
  });
});
