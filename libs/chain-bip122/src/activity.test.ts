import { chainAdapterRef, createKernel, createMemoryStorage, type ActivityPage, type Kernel } from '@portico/kernel';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseEsploraActivity } from './activity';
import type { createBip122Adapter } from './createBip122Adapter';
import { defineBitcoinRegtest } from './networks';
import { createBip122Plugin } from './plugin';
import { BITCOIN_TEST_WALLET_KEY, createBitcoinTestWallet } from './testing';
import { startEsploraServer, type EsploraServer } from './testing/node';

type Adapter = ReturnType<typeof createBip122Adapter>;
type Provider = { request(a: { method: string; params?: unknown }): Promise<unknown> };

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

async function setUp() {
  const network = defineBitcoinRegtest(server.url);
  kernel = createKernel({ plugins: [createBip122Plugin()], networks: [network], storage: createMemoryStorage(), logLevel: 'silent' });
  await kernel.start();
  const adapter = kernel.getService(chainAdapterRef('bip122')) as Adapter;
  const wallet = createBitcoinTestWallet({ privateKey: BITCOIN_TEST_WALLET_KEY, network: 'regtest' });
  adapter.addWallet(wallet.wallet);
  await adapter.connect('ws:portico-bitcoin-test-wallet');
  const caip = (address: string) => `${network.caipNetworkId}:${address}`;
  return { adapter, wallet, network, caip, provider: adapter.getProvider!() as Provider };
}

describe('bip122 activity from a local Esplora API', () => {
  it('lists a pending send (change left out) before the confirmed receive that funded it, and the receive on the other side', async () => {
    const { adapter, wallet, network, caip, provider } = await setUp();
    const funding = server.fund(wallet.paymentAddress, 200_000n);
    const { txid } = (await provider.request({ method: 'sendTransfer', params: { recipientAddress: wallet.ordinalsAddress, amount: '30000' } })) as { txid: string };
    const page = (await adapter.getActivity!(caip(wallet.paymentAddress), network)) as ActivityPage;
    const [sent] = page.transactions;
    expect(sent).toEqual({
      id: txid,
      metadata: { operationType: 'send', status: 'pending', sentFrom: wallet.paymentAddress, sentTo: wallet.ordinalsAddress, chain: network.caipNetworkId, hash: txid },
      transfers: [{ direction: 'out', quantity: { numeric: '0.0003' }, fungible_info: { name: 'Bitcoin', symbol: 'BTC', icon: { url: network.imageUrl! } } }],
    });
    const received = page.transactions.find((t) => t.id === funding.txid)!;
    expect(received.metadata).toMatchObject({ operationType: 'receive', status: 'confirmed', sentFrom: '', sentTo: wallet.paymentAddress });
    expect(Date.parse(received.metadata.minedAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect(received.transfers[0]).toMatchObject({ direction: 'in', quantity: { numeric: '0.002' } });
    expect(page.next).toBeUndefined();

    const other = (await adapter.getActivity!(caip(wallet.ordinalsAddress), network)) as ActivityPage;
    expect(other.transactions[0]).toMatchObject({ id: txid, metadata: { operationType: 'receive', status: 'pending', sentFrom: wallet.paymentAddress }, transfers: [{ direction: 'in', quantity: { numeric: '0.0003' } }] });
    server.mine();
    const mined = (await adapter.getActivity!(caip(wallet.ordinalsAddress), network)) as ActivityPage;
    expect(mined.transactions[0]!.metadata).toMatchObject({ status: 'confirmed', minedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
  });

  it('pages through older transactions with the cursor, each once', async () => {
    const { adapter, network, caip } = await setUp();
    // A fresh address of the same wallet family: 30 confirmed receives.
    const address = 'bcrt1q6rhpng9evdsfnn833a4f4vej0asu6dk5srld6x';
    for (let i = 1; i <= 30; i++) server.fund(address, BigInt(1_000 * i));
    const first = (await adapter.getActivity!(caip(address), network)) as ActivityPage;
    expect(first.transactions).toHaveLength(25);
    expect(first.next).toBe(first.transactions.at(-1)!.id);
    const second = (await adapter.getActivity!(caip(address), network, first.next)) as ActivityPage;
    expect(second.transactions).toHaveLength(5);
    expect(second.next).toBeUndefined();
    const amounts = [...first.transactions, ...second.transactions].map((t) => t.transfers[0]!.quantity.numeric);
    expect(amounts).toEqual(Array.from({ length: 30 }, (_, i) => String((30 - i) / 100_000)));
    await expect(adapter.getActivity!(caip(address), network, 'not-a-txid')).rejects.toThrow('the activity cursor is not a txid');
  });
});

describe('parseEsploraActivity', () => {
  const network = defineBitcoinRegtest('http://127.0.0.1:1');
  const good = { txid: 'a'.repeat(64), vin: [{ prevout: null }], vout: [{ scriptpubkey_address: 'me', value: 5 }], status: { confirmed: true, block_time: 1_700_000_000 } };

  it('leaves out malformed entries with the reason and keeps the rest', () => {
    const problems: string[] = [];
    const page = parseEsploraActivity([{ ...good, txid: 'xyz' }, good, { ...good, vout: [{ value: -1 }] }, 'junk'], 'me', network, (p) => problems.push(p));
    expect(page.transactions.map((t) => t.id)).toEqual([good.txid]);
    expect(page.transactions[0]!.metadata.minedAt).toBe('2023-11-14T22:13:20.000Z');
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/^Esplora transaction 0: .*txid/);
    expect(problems[1]).toMatch(/^Esplora transaction 2: .*value/);
  });

  it('reads a pending transaction whose block fields are null (API.md: "null otherwise") as one that leaves them out', () => {
    const problems: string[] = [];
    const pending = { ...good, txid: 'b'.repeat(64), status: { confirmed: false, block_height: null, block_hash: null, block_time: null } };
    const page = parseEsploraActivity([pending], 'me', network, (p) => problems.push(p));
    expect(problems).toEqual([]);
    expect(page.transactions.map((t) => [t.id, t.metadata.status, t.metadata.minedAt])).toEqual([[pending.txid, 'pending', undefined]]);
  });

  it('throws when the answer is not a list', () => {
    expect(() => parseEsploraActivity({ error: 'x' }, 'me', network, () => {})).toThrow('Esplora sent object instead of a list of transactions');
    expect(() => parseEsploraActivity(null, 'me', network, () => {})).toThrow('Esplora sent null');
  });
});
