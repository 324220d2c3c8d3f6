import { createEip155Plugin, ExplorerApiError } from '@portico/chain-eip155';
import { ANVIL_ACCOUNT_0 } from '@portico/chain-eip155/testing';
import { deployTestTokens, startAnvil, type AnvilNode } from '@portico/chain-eip155/testing/node';
import { chainAdapterRef, createKernel, createMemoryStorage, type Kernel, type Network } from '@portico/kernel';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startIndexer, type Indexer } from './createIndexer';
import { ETHERSCAN_REFUSALS } from './etherscanGate';

// The stand-in in strict mode, attacked as the real Etherscan V2 API would be: bursts, a wrong
// key, a chain the plan does not cover, the V1 path, a malformed body; and Portico's client against it.
const KEYS = { burst: 'burst-key', client: 'client-key', raw: 'raw-key' };
/** A chain the keys' plan does not cover (Base). */
const PAID_CHAIN = 8453;
let anvil: AnvilNode;
let indexer: Indexer;
let kernel: Kernel | undefined;
const me = ANVIL_ACCOUNT_0.address;

beforeAll(async () => {
  anvil = await startAnvil();
  await deployTestTokens(anvil.url);
  // Etherscan's free plan: 3 calls a second per key (the default).
  indexer = await startIndexer({ rpcUrl: anvil.url, pollMs: 20, strict: true, apiKeys: Object.values(KEYS), paidChains: [PAID_CHAIN] });
  await indexer.synced();
}, 30_000);
afterAll(async () => {
  await indexer?.stop();
  await anvil?.stop();
});
afterEach(async () => {
  await kernel?.dispose();
  kernel = undefined;
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
type Body = { status: string; message: string; result: unknown };
const get = async (path: string, query: Record<string, string>): Promise<Body> => (await (await fetch(`${indexer.url}${path}?${new URLSearchParams(query)}`)).json()) as Body;
const list = (extra: Record<string, string> = {}) => ({ chainid: String(anvil.chainId), apikey: KEYS.raw, module: 'account', action: 'txlist', address: me, sort: 'desc', ...extra });

function network(apiUrl: string, chainId = anvil.chainId, name = 'Anvil'): Network {
  return { caipNetworkId: `eip155:${chainId}`, name, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [anvil.url] } }, blockExplorers: { default: { name: 'Local indexer', url: indexer.url, apiUrl } } };
}
async function adapterFor(net: Network, rps?: number) {
  const warnings: string[] = [];
  kernel = createKernel({ plugins: [createEip155Plugin(rps === undefined ? {} : { explorerRps: rps })], networks: [net], storage: createMemoryStorage(), logLevel: 'warn', logSink: (level, message) => void (level === 'warn' && warnings.push(message)) });
  await kernel.start();
  return { adapter: kernel.getService(chainAdapterRef('eip155')), warnings, account: `${net.caipNetworkId}:${me}` };
}

describe('the strict stand-in refuses as Etherscan V2 does: HTTP 200, status "0", NOTOK and Etherscan’s words', () => {
  it('serves a call with a known key and its chain; refuses the V1 path, a missing or unknown key, a missing or other chain, a chain the plan does not cover', async () => {
    await sleep(1000);
    expect(await get('/v2/api', list())).toMatchObject({ status: '1', message: 'OK' });
    const cases: [string, Record<string, string>, string][] = [
      ['/api', list(), ETHERSCAN_REFUSALS.v1],
      ['/v2/api', list({ apikey: '' }), ETHERSCAN_REFUSALS.key],
      ['/v2/api', list({ apikey: 'stolen-key' }), ETHERSCAN_REFUSALS.key],
      ['/v2/api', list({ chainid: '' }), ETHERSCAN_REFUSALS.chain],
      ['/v2/api', list({ chainid: '1' }), ETHERSCAN_REFUSALS.chain],
      ['/v2/api', list({ chainid: String(PAID_CHAIN) }), ETHERSCAN_REFUSALS.plan],
    ];
    for (const [path, query, result] of cases) {
      // 400 ms apart, at most three in any second: the rate is not what is tested here.
      await sleep(400);
      const response = await fetch(`${indexer.url}${path}?${new URLSearchParams(query)}`);
      expect(response.status, `${path} ${JSON.stringify(query)}`).toBe(200);
      expect(await response.json()).toEqual({ status: '0', message: 'NOTOK', result });
    }
  });

  it('a raw burst of ten calls on one key gets three answers and seven rate refusals; the key answers again a second later', async () => {
    const burst = await Promise.all(Array.from({ length: 10 }, () => get('/v2/api', list({ apikey: KEYS.burst }))));
    const refused = burst.filter((b) => b.status === '0' && b.result === 'Max calls per sec rate limit reached (3/sec)');
    expect(refused).toHaveLength(7);
    expect(burst.filter((b) => b.status === '1')).toHaveLength(3);
    await sleep(1000);
    expect(await get('/v2/api', list({ apikey: KEYS.burst }))).toMatchObject({ status: '1' });
  });
});

describe('Portico’s client against the strict stand-in', () => {
  it('paced at its default rate, Activity, NFTs and Tokens asked all at once, twice, are never refused for the rate', async () => {
    await sleep(1000);
    const before = indexer.refused.rate;
    const { adapter, account } = await adapterFor(network(`${indexer.apiUrl}?apikey=${KEYS.client}`));
    const net = network(`${indexer.apiUrl}?apikey=${KEYS.client}`);
    const started = Date.now();
    // 2 × (4 + 2 + 1) = 14 calls on one key: in a burst, 11 would be refused.
    const views = () => Promise.all([adapter.getActivity!(account, net), adapter.getNfts!(account, net), adapter.getTokens!(account, net)]);
    const [[activity, nfts, tokens]] = await Promise.all([views(), views()]);
    expect(activity?.transactions.length).toBeGreaterThan(0);
    expect(nfts?.length).toBeGreaterThan(0);
    expect(tokens?.length).toBeGreaterThan(1);
    expect(indexer.refused.rate).toBe(before);
    // Paced, not free: 14 calls at 3 a second take more than four seconds.
    expect(Date.now() - started).toBeGreaterThan(4_000);
  }, 30_000);

  it('a wrong key: Activity and NFTs fail saying the key was refused; Tokens keeps the native balance and logs why', async () => {
    await sleep(1000);
    const net = network(`${indexer.apiUrl}?apikey=not-a-key`);
    const { adapter, account, warnings } = await adapterFor(net);
    const message = 'Etherscan refused the API key for Anvil: it is missing or invalid';
    await expect(adapter.getActivity!(account, net)).rejects.toThrow(message);
    await expect(adapter.getNfts!(account, net)).rejects.toThrow(message);
    expect((await adapter.getTokens!(account, net))?.map((t) => t.symbol)).toEqual(['ETH']);
    expect(warnings.join('\n')).toContain('The account API did not list the account’s tokens: only the configured ones are read');
  });

  it('a chain the key’s plan does not cover: a specific error, with its code, from Activity', async () => {
    await sleep(1000);
    const net = network(`${indexer.apiUrl}?apikey=${KEYS.client}`, PAID_CHAIN, 'Base');
    const { adapter, account } = await adapterFor(net);
    const error = await adapter.getActivity!(account, net).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ExplorerApiError);
    expect(error).toMatchObject({ code: 'eip155/explorer-plan', message: "Etherscan's free plan does not cover this chain (Base, chain 8453): its account data needs a paid Etherscan API plan" });
  });

  it('the V1 path and a keyless V2 URL: said plainly (the keyless one before any call)', async () => {
    await sleep(1000);
    const v1 = network(`${indexer.url}/api?apikey=${KEYS.client}`);
    const first = await adapterFor(v1);
    await expect(first.adapter.getActivity!(first.account, v1)).rejects.toThrow("The account API of Anvil is Etherscan's retired V1 API: use https://api.etherscan.io/v2/api?chainid=");
    const keyless = network(indexer.apiUrl);
    await expect(first.adapter.getActivity!(first.account, keyless)).rejects.toThrow('The Etherscan API needs an API key: the account API URL of Anvil has none');
  });

  it('a malformed body from the API (not an envelope) fails the view with that reason, not as an empty list', async () => {
    const proxy = createServer((_req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 1, rows: [] })));
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const net = network(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}/v2/api?apikey=${KEYS.client}`);
      const { adapter, account } = await adapterFor(net);
      await expect(adapter.getActivity!(account, net)).rejects.toThrow('The account API (txlist) sent no { status, message, result } envelope');
    } finally {
      proxy.close();
    }
  });
});
