import { chainAdapterRef, createKernel, createMemoryStorage, type ActivityPage, type Kernel, type Network } from '@portico/kernel';
import { createServer } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { createWalletClient, defineChain, http, parseEther, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createEip155Plugin } from '@portico/chain-eip155';
import { ANVIL_ACCOUNT_0, ANVIL_ACCOUNT_1, createTestWallet } from '@portico/chain-eip155/testing';
import { deployTestTokens, startAnvil, TEST_DUCK_IMAGE, testContract, type AnvilNode, type TestTokens } from '@portico/chain-eip155/testing/node';
import { startIndexer, type Indexer } from './createIndexer';

let anvil: AnvilNode;
let indexer: Indexer;
let tokens: TestTokens;
let kernel: Kernel | undefined;
// Strict, as Etherscan V2 (a key, the chain, a rate per key), at a rate these functional tests do not wait on.
const KEY = 'activity-test-key';
const RPS = 20;
const me = privateKeyToAccount(ANVIL_ACCOUNT_0.privateKey);
const other = privateKeyToAccount(ANVIL_ACCOUNT_1.privateKey).address;

beforeAll(async () => {
  anvil = await startAnvil();
  tokens = await deployTestTokens(anvil.url);
  indexer = await startIndexer({ rpcUrl: anvil.url, pollMs: 20, strict: true, apiKeys: [KEY], rps: RPS });
}, 30_000);
afterAll(async () => {
  await indexer?.stop();
  await anvil?.stop();
});
afterEach(async () => {
  await kernel?.dispose();
  kernel = undefined;
});

const network = (apiUrl?: string): Network => ({
  caipNetworkId: `eip155:${anvil.chainId}`,
  name: 'Anvil',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [anvil.url] } },
  imageUrl: ETH_ICON,
  tokens: [{ address: tokens.usd, name: 'Test USD', symbol: 'tUSD', decimals: 6, iconUrl: USD_ICON }],
  ...(apiUrl ? { blockExplorers: { default: { name: 'Local indexer', url: indexer.url, apiUrl } } } : {}),
});

const ETH_ICON = 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg"/%3E';
const USD_ICON = 'https://tokens.example/usd.png';

/** chain-eip155's activity.ts: how long a page waits for its NFT metadata and contract names. */
const ARTWORK_WAIT_MS = 2_000;

const keyed = (apiUrl: string) => `${apiUrl}?apikey=${KEY}`;

/** `null`: a network without an account API. */
async function setUp(apiUrl: string | null = keyed(indexer.apiUrl)) {
  const warnings: string[] = [];
  kernel = createKernel({ plugins: [createEip155Plugin({ explorerRps: RPS })], networks: [network(apiUrl ?? undefined)], storage: createMemoryStorage(), logLevel: 'warn', logSink: (level, message) => void (level === 'warn' && warnings.push(message)) });
  await kernel.start();
  return { adapter: kernel.getService(chainAdapterRef('eip155')), warnings, net: network(apiUrl ?? undefined), caip: (a: string) => `eip155:${anvil.chainId}:${a}` };
}

async function send(write: (client: ReturnType<typeof createWalletClient>) => Promise<Hex>): Promise<Hex> {
  const chain = defineChain({ id: anvil.chainId, name: 'anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [anvil.url] } } });
  const client = createWalletClient({ account: me, chain, transport: http(anvil.url) });
  const hash = await write(client);
  const { createPublicClient } = await import('viem');
  const receipt = await createPublicClient({ chain, transport: http(anvil.url) }).waitForTransactionReceipt({ hash, pollingInterval: 20 });
  await indexer.synced(receipt.blockNumber);
  return hash;
}

describe('eip155 activity from an Etherscan-compatible API (the local indexer over anvil)', () => {
  it('shows an Ether send, an ERC-20 send, an NFT send and a contract deployment, newest first, for both sides', async () => {
    const eth = await send((c) => c.sendTransaction({ account: me, chain: c.chain, to: other, value: parseEther('0.001') }));
    const usd = await send((c) => c.writeContract({ account: me, chain: c.chain, address: tokens.usd, abi: testContract('TestToken').abi, functionName: 'transfer', args: [other, 2_500_000n] }));
    const duck = await send((c) => c.writeContract({ account: me, chain: c.chain, address: tokens.ducks, abi: testContract('TestCollectible').abi, functionName: 'transferFrom', args: [me.address, other, 1n] }));
    const { adapter, net, caip } = await setUp();
    const page = (await adapter.getActivity!(caip(me.address), net)) as ActivityPage;
    const [nft, erc20, ether] = page.transactions;
    expect(nft).toMatchObject({ id: duck, metadata: { operationType: 'send', status: 'confirmed', sentFrom: me.address.toLowerCase(), sentTo: tokens.ducks.toLowerCase() }, transfers: [{ direction: 'out', quantity: { numeric: '1' }, nft_info: { name: 'Portico Ducks #1', content: { preview: { url: TEST_DUCK_IMAGE } } } }] });
    // The token's image from the network's token list, the Ether's from the network.
    expect(erc20).toMatchObject({ id: usd, metadata: { operationType: 'send' }, transfers: [{ direction: 'out', quantity: { numeric: '2.5' }, fungible_info: { name: 'Test USD', symbol: 'tUSD', icon: { url: USD_ICON } } }] });
    expect(ether).toEqual({
      id: eth,
      metadata: { operationType: 'send', status: 'confirmed', sentFrom: me.address.toLowerCase(), sentTo: other.toLowerCase(), minedAt: expect.stringMatching(/^\d{4}-/), chain: net.caipNetworkId, hash: eth },
      transfers: [{ direction: 'out', quantity: { numeric: '0.001' }, fungible_info: { name: 'Ether', symbol: 'ETH', icon: { url: ETH_ICON } } }],
    });
    // The deployments: no transfer of Ether, but the mint of each token's supply to the deployer; each names what it made.
    const deployments = page.transactions.filter((t) => t.metadata.operationType === 'deploy');
    expect(deployments).toHaveLength(5);
    expect(deployments.at(-1)!.transfers).toEqual([{ direction: 'in', quantity: { numeric: '1000000' }, fungible_info: { name: 'Test USD', symbol: 'tUSD', icon: { url: USD_ICON } } }]);
    expect(deployments.at(-1)!.metadata.created).toEqual({ name: 'Test USD', symbol: 'tUSD' });
    const ducksMade = deployments.find((t) => t.metadata.sentTo === tokens.ducks.toLowerCase())!;
    expect(ducksMade.metadata.created).toEqual({ name: 'Portico Ducks', symbol: 'DUCK' });
    expect(ducksMade.transfers.map((t) => t.nft_info)).toEqual([3, 2, 1].map((id) => ({ name: `Portico Ducks #${id}`, content: { preview: { url: TEST_DUCK_IMAGE } } })));
    // The ERC-1155 badges have no name() of their own: their rows take their metadata's name, not the contract's address.
    const badgesMade = deployments.find((t) => t.metadata.sentTo === tokens.badges.toLowerCase())!;
    expect(badgesMade.metadata.created).toBeUndefined();
    expect(badgesMade.transfers.map((t) => [t.quantity.numeric, t.nft_info])).toEqual([
      ['1', { name: 'Portico Badge', content: { preview: { url: TEST_DUCK_IMAGE } } }],
      ['5', { name: 'Portico Badge', content: { preview: { url: TEST_DUCK_IMAGE } } }],
    ]);
    const received = (await adapter.getActivity!(caip(other), net)) as ActivityPage;
    expect(received.transactions.slice(0, 3).map((t) => [t.id, t.metadata.operationType, t.transfers[0]?.direction])).toEqual([
      [duck, 'receive', 'in'],
      [usd, 'receive', 'in'],
      [eth, 'receive', 'in'],
    ]);
  });

  it('a node that does not answer costs the rows their artwork, not Activity: the API\'s names stay, the reason is logged', async () => {
    const { adapter, net, caip, warnings } = await setUp();
    const deadNode = { ...net, rpcUrls: { default: { http: ['http://127.0.0.1:1/'] } } };
    const page = (await adapter.getActivity!(caip(me.address), deadNode)) as ActivityPage;
    const ducksMade = page.transactions.find((t) => t.metadata.operationType === 'deploy' && t.metadata.sentTo === tokens.ducks.toLowerCase())!;
    expect(ducksMade.metadata.created).toBeUndefined();
    expect(ducksMade.transfers.map((t) => t.nft_info)).toEqual([3, 2, 1].map((id) => ({ name: `Portico Ducks #${id}` })));
    const badges = page.transactions.find((t) => t.metadata.operationType === 'deploy' && t.metadata.sentTo === tokens.badges.toLowerCase())!;
    expect(badges.transfers.map((t) => t.nft_info?.name)).toEqual([`${tokens.badges.toLowerCase().slice(0, 10)} #2`, `${tokens.badges.toLowerCase().slice(0, 10)} #1`]);
    expect(warnings.join('\n')).toMatch(/(\d+) of \1 NFTs on Anvil have no metadata URI: the contract or the node did not answer/);
    // The next read with the node back names them: a failed read is not kept.
    const again = (await adapter.getActivity!(caip(me.address), net)) as ActivityPage;
    expect(again.transactions.find((t) => t.metadata.operationType === 'deploy' && t.metadata.sentTo === tokens.badges.toLowerCase())!.transfers.map((t) => t.nft_info?.name)).toEqual(['Portico Badge', 'Portico Badge']);
  });

  it('a node that holds its answers back holds Activity back no longer than ARTWORK_WAIT_MS: the rows come as the API named them', async () => {
    // Accepts connections and never answers.
    const sockets = new Set<Socket>();
    const silent = createTcpServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { adapter, net, caip, warnings } = await setUp();
      const slowNode = { ...net, rpcUrls: { default: { http: [`http://127.0.0.1:${(silent.address() as AddressInfo).port}/`] } } };
      const started = performance.now();
      const page = (await adapter.getActivity!(caip(me.address), slowNode)) as ActivityPage;
      const took = performance.now() - started;
      expect(took).toBeGreaterThanOrEqual(ARTWORK_WAIT_MS);
      expect(took).toBeLessThan(ARTWORK_WAIT_MS + 3_000);
      const badges = page.transactions.find((t) => t.metadata.operationType === 'deploy' && t.metadata.sentTo === tokens.badges.toLowerCase())!;
      expect(badges.transfers.map((t) => t.nft_info?.name)).toEqual([`${tokens.badges.toLowerCase().slice(0, 10)} #2`, `${tokens.badges.toLowerCase().slice(0, 10)} #1`]);
      expect(warnings.join('\n')).toContain(`took over ${ARTWORK_WAIT_MS} ms: those rows show without them`);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  }, 20_000);

  it('pages by block with the cursor, each transaction once and in order, and refuses a cursor that is not a block number', async () => {
    const fresh = '0x00000000000000000000000000000000000b0b00';
    const hashes: Hex[] = [];
    for (let i = 1; i <= 27; i++) hashes.push(await send((c) => c.sendTransaction({ account: me, chain: c.chain, to: fresh, value: BigInt(i) * 10n ** 15n })));
    const { adapter, net, caip } = await setUp();
    const first = (await adapter.getActivity!(caip(fresh), net)) as ActivityPage;
    // 25 rows came; the 25th's block may have more: it comes again with the next page.
    expect(first.transactions).toHaveLength(24);
    expect(first.next).toMatch(/^\d+$/);
    const second = (await adapter.getActivity!(caip(fresh), net, first.next)) as ActivityPage;
    expect(second.next).toBeUndefined();
    expect([...first.transactions, ...second.transactions].map((t) => t.id)).toEqual([...hashes].reverse());
    await expect(adapter.getActivity!(caip(fresh), net, '0x12')).rejects.toThrow('The activity cursor "0x12" is not a block number');
  });

  it('cuts a page where every list has passed: token rows older than the last full list wait for the next page', async () => {
    // An address with 26 Ether receives, then one ERC-20 receive older than all of them.
    const fresh = '0x00000000000000000000000000000000000c0c00';
    const token = await send((c) => c.writeContract({ account: me, chain: c.chain, address: tokens.ptk, abi: testContract('TestToken').abi, functionName: 'transfer', args: [fresh, 10n ** 18n] }));
    const payments: Hex[] = [];
    for (let i = 1; i <= 26; i++) payments.push(await send((c) => c.sendTransaction({ account: me, chain: c.chain, to: fresh, value: 1n })));
    const { adapter, net, caip } = await setUp();
    const first = (await adapter.getActivity!(caip(fresh), net)) as ActivityPage;
    expect(first.transactions.map((t) => t.id)).not.toContain(token);
    const second = (await adapter.getActivity!(caip(fresh), net, first.next)) as ActivityPage;
    expect([...first.transactions, ...second.transactions].map((t) => t.id)).toEqual([...payments.reverse(), token]);
    expect(second.transactions.at(-1)!.transfers).toEqual([{ direction: 'in', quantity: { numeric: '1' }, fungible_info: { name: 'Portico Token', symbol: 'PTK' } }]);
  });

  it('a block holding more than a page of one list comes whole, then the pages below it', async () => {
    const fresh = '0x00000000000000000000000000000000000d1d00';
    const rpc = (method: string, params: unknown[] = []) => fetch(anvil.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) }).then((r) => r.json());
    const before = await send((c) => c.sendTransaction({ account: me, chain: c.chain, to: fresh, value: 1n }));
    await rpc('evm_setAutomine', [false]);
    const chain = defineChain({ id: anvil.chainId, name: 'anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [anvil.url] } } });
    const client = createWalletClient({ account: me, chain, transport: http(anvil.url) });
    const batch: Hex[] = [];
    try {
      for (let i = 0; i < 30; i++) batch.push(await client.sendTransaction({ to: fresh, value: 2n, gas: 21_000n }));
      await rpc('evm_mine');
    } finally {
      await rpc('evm_setAutomine', [true]);
    }
    await indexer.synced();
    const { adapter, net, caip } = await setUp();
    const first = (await adapter.getActivity!(caip(fresh), net)) as ActivityPage;
    expect(new Set(first.transactions.map((t) => t.id))).toEqual(new Set(batch));
    const second = (await adapter.getActivity!(caip(fresh), net, first.next)) as ActivityPage;
    expect(second.transactions.map((t) => t.id)).toEqual([before]);
  });

  it('has no activity where the network names no account API', async () => {
    const { adapter, net, caip } = await setUp(null);
    await expect(adapter.getActivity!(caip(me.address), net)).resolves.toBeUndefined();
  });

  it('leaves out malformed rows with the reason, keeps the rest, and says why when the API refuses', async () => {
    // A proxy in front of the real indexer that garbles one row and then refuses like a rate-limited Etherscan, every time.
    let mode: 'garble' | 'refuse' = 'garble';
    const proxy = createServer((req, res) => {
      void (async () => {
        const body = (await (await fetch(`${indexer.url}${req.url}`)).json()) as { result: Record<string, string>[] };
        if (mode === 'refuse') Object.assign(body, { status: '0', message: 'NOTOK', result: `Max calls per sec rate limit reached (${RPS}/sec)` });
        else if (req.url?.includes('action=txlist') && body.result[0]) body.result[0] = { ...body.result[0], hash: 'not a hash' };
        // A timestamp no Date can hold: that row goes, not the page.
        else if (req.url?.includes('action=tokentx') && body.result[0]) body.result[0] = { ...body.result[0], timeStamp: '99999999999999' };
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      })();
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const { adapter, net, caip, warnings } = await setUp(keyed(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}/v2/api`));
      const direct = (await (await setUpDirect()).getActivity!(caip(other), network(keyed(indexer.apiUrl)))) as ActivityPage;
      const page = (await adapter.getActivity!(caip(other), net)) as ActivityPage;
      // The garbled rows were the Ether receive and the tUSD receive: both are gone; the NFT is there.
      expect(page.transactions.length).toBe(direct.transactions.length - 2);
      expect(page.transactions.every((t) => !Number.isNaN(Date.parse(t.metadata.minedAt!)))).toBe(true);
      expect(warnings.join('\n')).toMatch(/Ignored an activity entry: txlist row 0: .*hash/);
      expect(warnings.join('\n')).toMatch(/Ignored an activity entry: tokentx row 0: .*timeStamp/);
      // Refused for the rate: retried once a second later, refused again, and said so.
      mode = 'refuse';
      await expect(adapter.getActivity!(caip(other), net)).rejects.toThrow('Etherscan is busy (too many requests for this API key): try again in a moment');
    } finally {
      proxy.close();
    }
  });
});

/** A second kernel reading the indexer directly (the first one's adapter goes through the proxy). */
async function setUpDirect() {
  const direct = createKernel({ plugins: [createEip155Plugin({ explorerRps: RPS })], networks: [network(keyed(indexer.apiUrl))], storage: createMemoryStorage(), logLevel: 'silent' });
  await direct.start();
  const adapter = direct.getService(chainAdapterRef('eip155'));
  afterEach(() => direct.dispose());
  return adapter;
}

describe('eip155 activity: what this page sent comes first, as pending, until the account API lists it', () => {
  it('shows a sent transfer as pending while the API does not list it, then the API’s entry; a dropped one is forgotten', async () => {
    let hidden = new Set<string>();
    const proxy = createServer((req, res) => {
      void (async () => {
        const body = (await (await fetch(`${indexer.url}${req.url}`)).json()) as { status: string; result: { hash: string }[] };
        if (Array.isArray(body.result)) body.result = body.result.filter((row) => !hidden.has(row.hash));
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      })();
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const net = network(keyed(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}/v2/api`));
    const target = new EventTarget();
    const store = new Map<string, string>();
    const wallet = createTestWallet({ privateKey: ANVIL_ACCOUNT_1.privateKey, chains: { [anvil.chainId]: anvil.url }, chainId: anvil.chainId, storage: { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v), removeItem: (k) => void store.delete(k) } });
    wallet.announce(target, { uuid: '6c1a3b2e-1111-4c4c-8d8d-000000000002', name: 'Test Wallet', icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', rdns: 'dev.portico.testwallet' });
    kernel = createKernel({ plugins: [createEip155Plugin({ target, explorerRps: RPS })], networks: [net], storage: createMemoryStorage(), logLevel: 'silent' });
    await kernel.start();
    const adapter = kernel.getService(chainAdapterRef('eip155'));
    try {
      await adapter.connect('dev.portico.testwallet');
      const account = `eip155:${anvil.chainId}:${other}`;
      const rpc = (method: string, params: unknown[] = []) => fetch(anvil.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) }).then((r) => r.json());
      // Sent while the API does not list it yet.
      const hash = await adapter.sendTransfer!({ to: '0x00000000000000000000000000000000000f0f00', amount: 7n * 10n ** 15n }, net);
      hidden = new Set([hash.toLowerCase()]);
      const page = (await adapter.getActivity!(account, net)) as ActivityPage;
      expect(page.transactions[0]).toMatchObject({ id: hash, metadata: { status: 'pending', operationType: 'send' }, transfers: [{ direction: 'out', quantity: { numeric: '0.007' } }] });
      expect(page.transactions.filter((t) => t.id === hash)).toHaveLength(1);
      // Listed now: the API's entry, once.
      hidden = new Set();
      await indexer.synced();
      const listed = (await adapter.getActivity!(account, net)) as ActivityPage;
      expect(listed.transactions.filter((t) => t.id.toLowerCase() === hash.toLowerCase()).map((t) => t.metadata.status)).toEqual(['confirmed']);
      // Dropped from the node's pool before it was mined: forgotten.
      await rpc('evm_setAutomine', [false]);
      const dropped = await adapter.sendTransfer!({ to: '0x00000000000000000000000000000000000f0f00', amount: 1n }, net);
      expect(((await adapter.getActivity!(account, net)) as ActivityPage).transactions[0]).toMatchObject({ id: dropped, metadata: { status: 'pending' } });
      await rpc('anvil_dropTransaction', [dropped]);
      expect(((await adapter.getActivity!(account, net)) as ActivityPage).transactions.map((t) => t.id)).not.toContain(dropped);
    } finally {
      await fetch(anvil.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'evm_setAutomine', params: [true] }) });
      proxy.close();
    }
  });
});
