import { createEip155Plugin } from '@portico/chain-eip155';
import { ANVIL_ACCOUNT_0 } from '@portico/chain-eip155/testing';
import { deployTestTokens, startAnvil, type AnvilNode } from '@portico/chain-eip155/testing/node';
import { chainAdapterRef, createKernel, createMemoryStorage, type ActivityPage, type Network } from '@portico/kernel';
import { loadContract } from '@portico/tools/contracts';
import { createPublicClient, createWalletClient, defineChain, http, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIndexer, type Indexer } from './createIndexer';

// Both sides of the Etherscan integration held to the contract written from Etherscan's docs
// (tools/contracts/etherscan): the strict stand-in's answers, and every request the eip155 client makes.
const contract = loadContract('etherscan');
const KEY = 'contract-test-key';
const BURST_KEY = 'contract-burst-key';
const PAID_CHAIN = 8453;
const me = ANVIL_ACCOUNT_0.address;
/** An address with 30 transfers in one block: the client's one-block page (startblock = endblock, offset 10000). */
const crowded = '0x00000000000000000000000000000000000c0ded';
let anvil: AnvilNode;
let indexer: Indexer;

beforeAll(async () => {
  anvil = await startAnvil();
  // The deployer's four lists all have rows: the deployments, and the ERC-20, ERC-721 and ERC-1155 mints.
  await deployTestTokens(anvil.url);
  const chain = defineChain({ id: anvil.chainId, name: 'anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [anvil.url] } } });
  const rpc = (method: string, params: unknown[] = []) => fetch(anvil.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  const wallet = createWalletClient({ account: privateKeyToAccount(ANVIL_ACCOUNT_0.privateKey), chain, transport: http(anvil.url) });
  await rpc('evm_setAutomine', [false]);
  const batch: Hex[] = [];
  try {
    for (let i = 0; i < 30; i++) batch.push(await wallet.sendTransaction({ to: crowded, value: 1n, gas: 21_000n }));
    await rpc('evm_mine');
  } finally {
    await rpc('evm_setAutomine', [true]);
  }
  await createPublicClient({ chain, transport: http(anvil.url) }).waitForTransactionReceipt({ hash: batch.at(-1)!, pollingInterval: 20 });
  indexer = await startIndexer({ rpcUrl: anvil.url, pollMs: 20, strict: true, apiKeys: [KEY, BURST_KEY], rps: 20, paidChains: [PAID_CHAIN] });
  await indexer.synced();
}, 60_000);
afterAll(async () => {
  await indexer?.stop();
  await anvil?.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const query = (action: string, extra: Record<string, string> = {}) =>
  new URLSearchParams({ chainid: String(anvil.chainId), apikey: KEY, module: 'account', action, address: me, page: '1', offset: '25', sort: 'desc', ...extra }).toString();
async function answer(path: string, search: string) {
  await sleep(60);
  const url = `${indexer.url}${path}?${search}`;
  const response = await fetch(url);
  return { url, status: response.status, body: (await response.json()) as { status: string; message: string; result: unknown } };
}

describe('the strict stand-in against the Etherscan contract', () => {
  it('every list, "No transactions found" and every refusal have the documented shapes', async () => {
    const lists = await Promise.all(['txlist', 'tokentx', 'tokennfttx', 'token1155tx'].map((action) => answer('/v2/api', query(action))));
    expect(lists.map((a) => [a.body.status, Array.isArray(a.body.result) && a.body.result.length > 0])).toEqual(Array(4).fill(['1', true]));
    const empty = await answer('/v2/api', query('tokentx', { address: '0x000000000000000000000000000000000000dead' }));
    expect(empty.body).toEqual({ status: '0', message: 'No transactions found', result: [] });
    const refusals = [
      await answer('/v2/api', query('txlist', { apikey: 'wrong' })),
      await answer('/v2/api', query('txlist', { chainid: '' })),
      await answer('/v2/api', query('txlist', { chainid: String(PAID_CHAIN) })),
      await answer('/v2/api', query('txlist', { address: '0x123' })),
      await answer('/v2/api', query('txlist', { page: '2', offset: '10000' })),
    ];
    const burst = await Promise.all(Array.from({ length: 30 }, () => fetch(`${indexer.url}/v2/api?${query('txlist', { apikey: BURST_KEY })}`).then(async (r) => ({ url: r.url, status: r.status, body: (await r.json()) as { result: unknown } }))));
    const rate = burst.find((a) => a.body.result === 'Max calls per sec rate limit reached (20/sec)');
    expect(rate, 'a burst of 30 on a 20-a-second key is refused').toBeDefined();
    for (const a of [...lists, empty, ...refusals, rate!]) {
      expect(a.status).toBe(200);
      expect(contract.checkResponse(a), a.url).toEqual([]);
    }
    expect(refusals.map((a) => a.body.message)).toEqual(Array(5).fill('NOTOK'));
    // The V1 path is not in the V2 contract; its answer is Etherscan's refusal envelope all the same.
    const v1 = await answer('/api', query('txlist'));
    expect(v1.body.result).toBe('You are using a deprecated V1 endpoint, switch to Etherscan API V2.');
    expect(contract.checkResponse({ ...v1, url: v1.url.replace('/api?', '/v2/api?') })).toEqual([]);
  });

  it('the checker is not a rubber stamp: V1, a missing chainid or apikey, an unknown parameter, a malformed body', () => {
    const v2 = `https://api.etherscan.io/v2/api?${query('txlist')}`;
    expect(contract.checkRequest({ url: v2 })).toEqual([]);
    expect(contract.checkRequest({ url: v2.replace('/v2/api', '/api') })).toEqual(['GET /api: not in the contract']);
    expect(contract.checkRequest({ url: `https://api.etherscan.io/v2/api?${query('txlist', { chainid: '' })}`.replace('chainid=&', '') })).toEqual(['/v2/api#account.txlist: required query parameter "chainid" missing']);
    expect(contract.checkRequest({ url: v2.replace(`apikey=${KEY}&`, '') })).toEqual(['/v2/api#account.txlist: required query parameter "apikey" missing']);
    expect(contract.checkRequest({ url: `${v2}&contractaddress=${me}` })).toEqual(['/v2/api#account.txlist: unknown query parameter "contractaddress"']);
    expect(contract.checkRequest({ url: v2.replace('action=txlist', 'action=balance') })).toEqual(['GET /v2/api#account.balance: not in the contract']);
    expect(contract.checkResponse({ url: v2, status: 200, body: { status: 1, message: 'OK', result: [] } })).not.toEqual([]);
    expect(contract.checkResponse({ url: v2, status: 200, body: { status: '0', message: 'NOTOK', result: [] } })).not.toEqual([]);
    expect(contract.checkResponse({ url: v2, status: 200, body: { status: '1', message: 'OK', result: [{ blockNumber: '1' }] } }).join('\n')).toContain("must have required property 'hash'");
    expect(contract.checkResponse({ url: v2, status: 429, body: {} })).toEqual(['/v2/api#account.txlist: status 429 is not one the contract lists (200)']);
  });
});

describe('the eip155 client’s requests against the Etherscan contract', () => {
  it('every call Activity (its pages and its one-block page), NFTs and Tokens make is a documented operation with its required parameters and no other; every answer too', async () => {
    await sleep(1000);
    const seen: { url: string; status: number; body: unknown }[] = [];
    const recording: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.startsWith(indexer.url)) seen.push({ url, status: response.status, body: await response.clone().json() });
      return response;
    };
    // The key in the URL, as a host configures Etherscan; the client adds the chain.
    const net: Network = { caipNetworkId: `eip155:${anvil.chainId}`, name: 'Anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [anvil.url] } }, blockExplorers: { default: { name: 'Local indexer', url: indexer.url, apiUrl: `${indexer.apiUrl}?apikey=${KEY}` } } };
    const kernel = createKernel({ plugins: [createEip155Plugin({ explorerRps: 20 })], networks: [net], storage: createMemoryStorage(), logLevel: 'silent', http: { fetch: recording } });
    await kernel.start();
    try {
      const adapter = kernel.getService(chainAdapterRef('eip155'));
      const account = (address: string) => `${net.caipNetworkId}:${address}`;
      const mine = (await adapter.getActivity!(account(me), net)) as ActivityPage;
      expect(mine.transactions.length).toBeGreaterThan(0);
      await adapter.getActivity!(account(me), net, '3');
      const full = (await adapter.getActivity!(account(crowded), net)) as ActivityPage;
      expect(full.transactions).toHaveLength(30);
      expect(await adapter.getNfts!(account(me), net)).not.toHaveLength(0);
      expect(await adapter.getTokens!(account(me), net)).not.toHaveLength(0);
    } finally {
      await kernel.dispose();
    }
    const asked = seen.map((s) => new URL(s.url).searchParams);
    expect(new Set(asked.map((q) => q.get('action')))).toEqual(new Set(['txlist', 'tokentx', 'tokennfttx', 'token1155tx']));
    // The cursor's page (endblock) and the one-block page (startblock = endblock, Etherscan's largest offset) were asked too.
    expect(asked.some((q) => q.get('endblock') === '3' && !q.has('startblock'))).toBe(true);
    expect(asked.some((q) => q.has('startblock') && q.get('startblock') === q.get('endblock') && q.get('offset') === '10000')).toBe(true);
    for (const s of seen) {
      expect(contract.checkRequest({ url: s.url }), s.url).toEqual([]);
      expect(contract.checkResponse(s), s.url).toEqual([]);
    }
  }, 30_000);
});
