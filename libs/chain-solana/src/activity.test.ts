import { chainAdapterRef, createKernel, createMemoryStorage, type ActivityPage, type Kernel } from '@portico/kernel';
import { shellPlugin } from '@portico/kernel/testing';
import { base58 } from '@scure/base';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { createSolanaAdapter } from './createSolanaAdapter';
import { defineSolanaLocalnet } from './networks';
import { createSolanaPlugin } from './plugin';
import { createSolanaTestWallet, createSolTransfer, SOLANA_LOCALNET_GENESIS_HASH } from './testing';
import { startSolanaServer, type SolanaServer } from './testing/node';

type Adapter = ReturnType<typeof createSolanaAdapter>;
type Provider = { request(a: { method: string; params?: unknown }): Promise<unknown> };

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

async function setUp(seed: string, rpcUrl = server.url) {
  const network = defineSolanaLocalnet(SOLANA_LOCALNET_GENESIS_HASH, rpcUrl);
  const warnings: string[] = [];
  kernel = createKernel({
    plugins: [shellPlugin, createSolanaPlugin()],
    networks: [network],
    storage: createMemoryStorage(),
    logLevel: 'warn',
    logSink: (level, message) => void (level === 'warn' && warnings.push(message)),
  });
  await kernel.start();
  const adapter = kernel.getService(chainAdapterRef('solana')) as Adapter;
  const wallet = createSolanaTestWallet({ seed, rpcUrls: { 'solana:localnet': server.url } });
  adapter.addWallet(wallet.wallet);
  await adapter.connect('ws:portico-solana-test-wallet');
  const caip = (address: string) => `${network.caipNetworkId}:${address}`;
  return { adapter, wallet, network, caip, warnings, provider: adapter.getProvider!() as Provider };
}

describe('solana activity from the local node', () => {
  it('lists a send (its fee left out) before the airdrop that funded it, and the receive on the other side', async () => {
    const { adapter, wallet, network, caip, provider } = await setUp('61'.repeat(32));
    const airdrop = await server.airdrop(wallet.address, 2_000_000_000n);
    const to = base58.encode(new Uint8Array(32).fill(61));
    const transaction = await createSolTransfer({ rpcUrl: server.url, from: wallet.address, to, lamports: 5_000_000 });
    const { signature } = (await provider.request({ method: 'solana_signAndSendTransaction', params: { transaction } })) as { signature: string };
    const page = (await adapter.getActivity!(caip(wallet.address), network)) as ActivityPage;
    expect(page.transactions.map((t) => t.id)).toEqual([signature, airdrop]);
    expect(page.transactions[0]).toEqual({
      id: signature,
      metadata: { operationType: 'send', status: 'confirmed', sentFrom: wallet.address, sentTo: to, minedAt: expect.stringMatching(/^\d{4}-/), chain: network.caipNetworkId, hash: signature },
      transfers: [{ direction: 'out', quantity: { numeric: '0.005' }, fungible_info: { name: 'Solana', symbol: 'SOL', icon: { url: network.imageUrl! } } }],
    });
    expect(page.transactions[1]).toMatchObject({ metadata: { operationType: 'receive', sentTo: wallet.address }, transfers: [{ direction: 'in', quantity: { numeric: '2' } }] });
    expect(page.next).toBeUndefined();
    const other = (await adapter.getActivity!(caip(to), network)) as ActivityPage;
    expect(other.transactions).toMatchObject([{ id: signature, metadata: { operationType: 'receive', sentFrom: wallet.address, sentTo: to }, transfers: [{ direction: 'in', quantity: { numeric: '0.005' } }] }]);
  });

  it('pages through older transactions with the cursor, each once', async () => {
    const { adapter, wallet, network, caip } = await setUp('62'.repeat(32));
    for (let i = 1; i <= 27; i++) await server.airdrop(wallet.address, BigInt(i) * 1_000_000n);
    const first = (await adapter.getActivity!(caip(wallet.address), network)) as ActivityPage;
    expect(first.transactions).toHaveLength(25);
    expect(first.next).toBe(first.transactions.at(-1)!.id);
    const second = (await adapter.getActivity!(caip(wallet.address), network, first.next)) as ActivityPage;
    expect(second.next).toBeUndefined();
    const amounts = [...first.transactions, ...second.transactions].map((t) => t.transfers[0]!.quantity.numeric);
    expect(amounts).toEqual(Array.from({ length: 27 }, (_, i) => String((27 - i) / 1000)));
    await expect(adapter.getActivity!(caip(wallet.address), network, 'nope')).rejects.toThrow('the activity cursor is not a transaction signature');
  });

  it('leaves out a transaction the node sends malformed, with the reason logged, and keeps the rest', async () => {
    const { wallet, caip } = await setUp('63'.repeat(32));
    const good = await server.airdrop(wallet.address, 3_000_000n);
    const bad = await server.airdrop(wallet.address, 4_000_000n);
    // A proxy in front of the real node that garbles one transaction.
    const proxy = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', async () => {
        const call = JSON.parse(body) as { method: string; params: unknown[] };
        const reply = (await (await fetch(server.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).json()) as { result: unknown };
        if (call.method === 'getTransaction' && call.params[0] === bad) reply.result = { ...(reply.result as object), meta: { fee: 'five' } };
        res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' }).end(JSON.stringify(reply));
      });
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    await kernel?.dispose();
    try {
      const proxied = await setUp('63'.repeat(32), `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`);
      const page = (await proxied.adapter.getActivity!(caip(wallet.address), proxied.network)) as ActivityPage;
      expect(page.transactions.map((t) => t.id)).toEqual([good]);
      expect(proxied.warnings.join('\n')).toMatch(new RegExp(`Ignored an activity entry: transaction ${bad}: .*fee`));
    } finally {
      proxy.close();
    }
  });
});
