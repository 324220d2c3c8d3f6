import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ANVIL_ACCOUNT_0, ANVIL_ACCOUNT_1 } from '@portico/chain-eip155/testing';
import { startAnvil, type AnvilNode } from '@portico/chain-eip155/testing/node';
import { createPublicClient, createWalletClient, defineChain, http, parseEther, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIndexer, type Indexer } from './createIndexer';

// `wsUrl`: the node pushes its new heads (eth_subscribe "newHeads" on anvil's WebSocket) and the
// indexer takes them at once, instead of asking every `pollMs`. Polling is set to a minute here,
// so only a push can make these blocks indexed within the test's seconds.

let anvil: AnvilNode;
const me = privateKeyToAccount(ANVIL_ACCOUNT_0.privateKey);
const other = privateKeyToAccount(ANVIL_ACCOUNT_1.privateKey).address;
const MINUTE = 60_000;

beforeAll(async () => {
  anvil = await startAnvil();
}, 30_000);
afterAll(async () => {
  await anvil?.stop();
});

/** Sends Ether to `other`; resolves with its hash and block once mined. */
async function send(): Promise<{ hash: Hex; block: bigint }> {
  const chain = defineChain({ id: anvil.chainId, name: 'anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [anvil.url] } } });
  const hash = await createWalletClient({ account: me, chain, transport: http(anvil.url) }).sendTransaction({ to: other, value: parseEther('0.01') });
  const receipt = await createPublicClient({ chain, transport: http(anvil.url) }).waitForTransactionReceipt({ hash, pollingInterval: 20 });
  return { hash, block: receipt.blockNumber };
}

/** The hashes `txlist` has for `other`. */
async function listed(indexer: Indexer): Promise<string[]> {
  const query = new URLSearchParams({ module: 'account', action: 'txlist', address: other, sort: 'desc' });
  const body = (await (await fetch(`${indexer.apiUrl}?${query}`)).json()) as { result: { hash: string }[] | string };
  return Array.isArray(body.result) ? body.result.map((row) => row.hash) : [];
}

describe('the indexer follows pushed heads over WebSocket (wsUrl)', () => {
  it('indexes a new block at once with polling a minute apart, block after block', async () => {
    const indexer = await startIndexer({ rpcUrl: anvil.url, wsUrl: anvil.url.replace(/^http/, 'ws'), pollMs: MINUTE });
    try {
      await indexer.synced();
      for (let i = 0; i < 3; i++) {
        const { hash } = await send();
        await expect.poll(() => listed(indexer), { timeout: 5_000, interval: 50 }).toContain(hash);
      }
    } finally {
      await indexer.stop();
    }
  }, 30_000);

  it('without a WebSocket the same indexer polls: with polling a minute apart it misses the block (the check above can fail)', async () => {
    const indexer = await startIndexer({ rpcUrl: anvil.url, pollMs: MINUTE });
    try {
      await indexer.synced();
      const { hash } = await send();
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(await listed(indexer)).not.toContain(hash);
    } finally {
      await indexer.stop();
    }
  }, 30_000);

  it('stops at once when its node went first (what a teardown does), its socket closed without an answer awaited', async () => {
    const node = await startAnvil();
    const indexer = await startIndexer({ rpcUrl: node.url, wsUrl: node.url.replace(/^http/, 'ws'), pollMs: MINUTE });
    await indexer.synced();
    await node.stop();
    const started = Date.now();
    await indexer.stop();
    expect(Date.now() - started).toBeLessThan(2_000);
  }, 30_000);

  it('a WebSocket nobody answers: it polls every pollMs meanwhile, and stop() ends it at once', async () => {
    const closed = `ws://127.0.0.1:${new URL(anvil.url).port === '1' ? 2 : 1}`;
    const indexer = await startIndexer({ rpcUrl: anvil.url, wsUrl: closed, pollMs: 50 });
    const { hash } = await send();
    await expect.poll(() => listed(indexer), { timeout: 5_000, interval: 50 }).toContain(hash);
    const started = Date.now();
    await indexer.stop();
    expect(Date.now() - started).toBeLessThan(1_000);
  }, 30_000);
});

describe('a start that fails leaves nothing running', () => {
  it('its port taken: startIndexer rejects and stops following its node (no request after; its socket is closed the same way as by stop())', async () => {
    // The node behind a counting proxy: every request the indexer makes over HTTP is seen.
    let asked = 0;
    const proxy = createServer((req, res) => {
      asked++;
      req.pipe(request(anvil.url, { method: req.method, headers: req.headers }, (answer) => (res.writeHead(answer.statusCode ?? 502, answer.headers), answer.pipe(res))));
    });
    const taken = createServer();
    await Promise.all([proxy, taken].map((server) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))));
    const portOf = (server: Server) => (server.address() as AddressInfo).port;
    try {
      const start = startIndexer({ rpcUrl: `http://127.0.0.1:${portOf(proxy)}`, wsUrl: anvil.url.replace(/^http/, 'ws'), pollMs: 20, port: portOf(taken) });
      await expect(start).rejects.toThrow(/EADDRINUSE/);
      const after = asked;
      await new Promise((resolve) => setTimeout(resolve, 300));
      // Still following, it would have asked the node again meanwhile (it did, before this was fixed).
      expect(asked - after).toBe(0);
    } finally {
      await Promise.all([proxy, taken].map((server) => new Promise((resolve) => (server.closeAllConnections(), server.close(resolve)))));
    }
  }, 30_000);
});
