import { chainAdapterRef, createKernel, createMemoryStorage, type Kernel, type StoragePort } from '@portico/kernel';
import { shellPlugin } from '@portico/kernel/testing';
import { RpcMethodNotAllowedError } from '@portico/kernel/errors';
import { verifyMessage, type Hex } from 'viem';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { isEip155Address, isSignature, isTransactionHash } from './addresses';
import { createEip155Plugin } from './plugin';
import { ANVIL_ACCOUNT_0, ANVIL_ACCOUNT_1, createTestWallet } from './testing/createTestWallet';
import { anvilNetwork as network, startAnvil, type AnvilNode } from './testing/startAnvil';

let chainA: AnvilNode;
let chainB: AnvilNode;
beforeAll(async () => {
  [chainA, chainB] = await Promise.all([startAnvil({ chainId: 31337 }), startAnvil({ chainId: 31338 })]);
});
afterAll(async () => {
  await Promise.all([chainA?.stop(), chainB?.stop()]);
});

const INFO = { uuid: '1b7f4a4e-9a3c-4d6b-8e2f-0c1d2e3f4a5b', name: 'Test Wallet', icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', rdns: 'dev.portico.testwallet' };

const kernels: Kernel[] = [];
afterEach(async () => {
  await Promise.all(kernels.splice(0).map((k) => k.dispose()));
});

async function setup(options: { storage?: StoragePort; walletStorage?: Map<string, string>; customRpcUrls?: Record<string, string[]> } = {}) {
  const target = new EventTarget();
  const walletStore = options.walletStorage ?? new Map<string, string>();
  const wallet = createTestWallet({
    privateKey: ANVIL_ACCOUNT_0.privateKey,
    chains: { [chainA.chainId]: chainA.url },
    chainId: chainA.chainId,
    storage: { getItem: (k) => walletStore.get(k) ?? null, setItem: (k, v) => void walletStore.set(k, v), removeItem: (k) => void walletStore.delete(k) },
  });
  const calls: string[] = [];
  const request = wallet.provider.request.bind(wallet.provider);
  wallet.provider.request = (args) => (calls.push(args.method), request(args));
  wallet.announce(target, INFO);
  const kernel = createKernel({
    plugins: [shellPlugin, createEip155Plugin({ target, customRpcUrls: options.customRpcUrls })],
    storage: options.storage ?? createMemoryStorage(),
    logLevel: 'silent',
    notAllowedDelayMs: 10,
  });
  kernels.push(kernel);
  await kernel.start();
  return { kernel, wallet, calls, adapter: kernel.getService(chainAdapterRef('eip155')), walletStore };
}

const rpc = async <T>(url: string, method: string, params: unknown[] = []): Promise<T> =>
  ((await (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })).json()) as { result: T }).result;

describe('EIP-6963 discovery', () => {
  it('registers an announced wallet as an ANNOUNCED connector keyed by rdns, by the time kernel.start() resolves', async () => {
    // Read as it arrives; the checking and listing code loads because a wallet announced, and the
    // plugin's activation waits for it (defineChainPlugin's `ready`).
    const { kernel } = await setup();
    expect(kernel.connectors.getSnapshot().map((c) => [c.id, c.name, c.type, c.group])).toEqual([['dev.portico.testwallet', 'Test Wallet', 'ANNOUNCED', 'injected']]);
  });

  it('ignores malformed and tampering announcements', async () => {
    const target = new EventTarget();
    const kernel = createKernel({ plugins: [shellPlugin, createEip155Plugin({ target })], storage: createMemoryStorage(), logLevel: 'silent' });
    kernels.push(kernel);
    await kernel.start();
    const provider = { request: async () => null };
    const announce = (info: object, p: object = provider) => target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info, provider: p } }));
    announce({ ...INFO, icon: 'javascript:alert(1)' });
    announce({ ...INFO, uuid: 'not-a-uuid' });
    announce({ ...INFO, rdns: 'no dots here' });
    announce({ ...INFO, name: '' });
    announce(INFO);
    announce({ ...INFO, name: 'Impostor', rdns: 'evil.example' }, { request: async () => null });
    await (kernel.getService(chainAdapterRef('eip155')) as unknown as { preload(): Promise<void> }).preload();
    expect(kernel.connectors.getSnapshot().map((c) => c.name)).toEqual(['Test Wallet']);
  });
});

describe('connect and stay in sync (real anvil)', () => {
  it('connects with a checksummed CAIP-10 account on the wallet’s chain', async () => {
    const { kernel, adapter } = await setup();
    await adapter.connect('dev.portico.testwallet');
    expect(kernel.connection.get('eip155')).toMatchObject({
      status: 'connected',
      address: `eip155:31337:${ANVIL_ACCOUNT_0.address}`,
      network: 'eip155:31337',
      connectorId: 'dev.portico.testwallet',
    });
  });

  it('reads the native balance anvil holds', async () => {
    const { kernel, adapter } = await setup();
    await adapter.connect('dev.portico.testwallet');
    const onChain = await rpc<string>(chainA.url, 'eth_getBalance', [ANVIL_ACCOUNT_0.address, 'latest']);
    const balance = await adapter.getBalance!(kernel.connection.get('eip155').address!, network(chainA));
    expect(balance).toEqual({ value: BigInt(onChain), decimals: 18, symbol: 'ETH' });
  });

  it('falls back to the next RPC URL when the first is dead', async () => {
    const dead = 'http://127.0.0.1:1/';
    const { kernel, adapter } = await setup({ customRpcUrls: { 'eip155:31337': [dead, chainA.url] } });
    await adapter.connect('dev.portico.testwallet');
    const balance = await adapter.getBalance!(kernel.connection.get('eip155').address!, network(chainA));
    expect(balance.value).toBeGreaterThan(0n);
  });

  it('readRpc reads through the network’s RPC (the host’s URLs first), not the wallet, and refuses anything but a read', async () => {
    const dead = 'http://127.0.0.1:1/';
    const { adapter } = await setup({ customRpcUrls: { 'eip155:31337': [dead, chainA.url] } });
    // No wallet connected: a read needs none.
    expect(await adapter.readRpc!('eth_getBalance', [ANVIL_ACCOUNT_0.address, 'latest'], network(chainA))).toBe(await rpc<string>(chainA.url, 'eth_getBalance', [ANVIL_ACCOUNT_0.address, 'latest']));
    expect(await adapter.readRpc!('eth_blockNumber', [], network(chainA))).toMatch(/^0x[0-9a-f]+$/);
    // The reads viem's public actions send (a wagmi host's, through @portico/wagmi).
    expect(await adapter.readRpc!('eth_chainId', [], network(chainA))).toBe('0x7a69');
    expect(await adapter.readRpc!('eth_getBlockByNumber', ['latest', false], network(chainA))).toMatchObject({ number: expect.stringMatching(/^0x/) });
    expect(await adapter.readRpc!('eth_getTransactionCount', [ANVIL_ACCOUNT_0.address, 'latest'], network(chainA))).toMatch(/^0x[0-9a-f]+$/);
    for (const method of ['eth_sendRawTransaction', 'eth_sendTransaction', 'eth_sign', 'anvil_setBalance', 'personal_sign']) {
      await expect(adapter.readRpc!(method, [], network(chainA)), method).rejects.toMatchObject({ code: 'eip155/not-a-read' });
    }
  });

  it('readRpc of a network no RPC answers for asks the connected wallet only while the wallet is on that network', async () => {
    const { adapter, calls } = await setup({ customRpcUrls: { 'eip155:31337': ['http://127.0.0.1:1/'], 'eip155:31338': ['http://127.0.0.1:1/'] } });
    await expect(adapter.readRpc!('eth_blockNumber', [], network(chainA))).rejects.toMatchObject({ name: 'RpcUnavailableError' });
    await adapter.connect('dev.portico.testwallet');
    const before = calls.length;
    expect(await adapter.readRpc!('eth_getBalance', [ANVIL_ACCOUNT_0.address, 'latest'], network(chainA))).toBe(await rpc<string>(chainA.url, 'eth_getBalance', [ANVIL_ACCOUNT_0.address, 'latest']));
    expect(calls.slice(before)).toEqual(['eth_getBalance']);
    // The wallet is on chain A: chain B's read is not answered with chain A's.
    await expect(adapter.readRpc!('eth_blockNumber', [], network(chainB))).rejects.toMatchObject({ name: 'RpcUnavailableError' });
  });

  it('switches to a chain the wallet lacks: 4902, then wallet_addEthereumChain, then switch', async () => {
    const { kernel, adapter, wallet, calls } = await setup();
    await adapter.connect('dev.portico.testwallet');
    await adapter.switchNetwork(network(chainB));
    expect(calls.filter((m) => m.startsWith('wallet_'))).toEqual(['wallet_switchEthereumChain', 'wallet_addEthereumChain', 'wallet_switchEthereumChain']);
    expect(wallet.chainId).toBe(31338);
    expect(kernel.connection.get('eip155')).toMatchObject({ network: 'eip155:31338', address: `eip155:31338:${ANVIL_ACCOUNT_0.address}` });
  });

  it('follows wallet-side chainChanged and accountsChanged (empty = disconnected)', async () => {
    const { kernel, adapter, wallet } = await setup();
    await adapter.connect('dev.portico.testwallet');
    await wallet.provider.request({ method: 'wallet_addEthereumChain', params: [{ chainId: '0x7a6e', rpcUrls: [chainB.url] }] });
    await wallet.provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6e' }] });
    expect(kernel.connection.get('eip155').network).toBe('eip155:31342');
    await wallet.provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] });
    expect(kernel.connection.get('eip155').status).toBe('disconnected');
  });

  it('a declined connection leaves the namespace disconnected with the wallet’s error', async () => {
    const { kernel, adapter, wallet } = await setup();
    wallet.setMode({ reject: true });
    await expect(adapter.connect('dev.portico.testwallet')).rejects.toMatchObject({ code: 4001, message: 'User rejected the request.' });
    expect(kernel.connection.get('eip155').status).toBe('disconnected');
  });

  it('reconnects silently after a reload (eth_accounts, no prompt), and not when the wallet forgot the site', async () => {
    const storage = createMemoryStorage();
    const walletStorage = new Map<string, string>();
    const first = await setup({ storage, walletStorage });
    await first.adapter.connect('dev.portico.testwallet');
    await first.kernel.dispose();

    const second = await setup({ storage, walletStorage });
    await expect.poll(() => second.kernel.connection.get('eip155').status).toBe('connected');
    expect(second.calls).not.toContain('eth_requestAccounts');

    await second.adapter.disconnect();
    await second.kernel.dispose();
    const third = await setup({ storage, walletStorage });
    await expect.poll(() => third.kernel.connection.get('eip155').status).toBe('disconnected');
    expect(third.calls).not.toContain('eth_requestAccounts');
  });
});

describe('the host’s EIP-1193 provider (policy gate applied)', () => {
  it('passes reads, lets the wallet confirm signing, and refuses eth_sign', async () => {
    const { adapter, kernel } = await setup();
    await adapter.connect('dev.portico.testwallet');
    const provider = adapter.getProvider!() as { request(a: { method: string; params?: unknown[] }): Promise<unknown> };
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69');
    const signature = (await provider.request({ method: 'personal_sign', params: ['0x68656c6c6f', ANVIL_ACCOUNT_0.address] })) as Hex;
    expect(isSignature(signature)).toBe(true);
    expect(await verifyMessage({ address: ANVIL_ACCOUNT_0.address, message: 'hello', signature })).toBe(true);
    await expect(provider.request({ method: 'eth_sign', params: [ANVIL_ACCOUNT_0.address, '0x00'] })).rejects.toMatchObject({
      code: 4200,
      message: 'Requested RPC call is not allowed',
      cause: expect.any(RpcMethodNotAllowedError),
    });
    expect(kernel.requestGate.getSnapshot().notAllowed).toEqual({ namespace: 'eip155', method: 'eth_sign' });
  });

  it('sends a transaction that lands on anvil', async () => {
    const { adapter } = await setup();
    await adapter.connect('dev.portico.testwallet');
    const provider = adapter.getProvider!() as { request(a: { method: string; params?: unknown[] }): Promise<unknown> };
    const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
    const before = BigInt(await rpc<string>(chainA.url, 'eth_getBalance', [to, 'latest']));
    const hash = (await provider.request({ method: 'eth_sendTransaction', params: [{ from: ANVIL_ACCOUNT_0.address, to, value: '0xde0b6b3a7640000' }] })) as string;
    expect(isTransactionHash(hash)).toBe(true);
    await expect.poll(async () => (await rpc<{ status: string } | null>(chainA.url, 'eth_getTransactionReceipt', [hash]))?.status).toBe('0x1');
    expect(BigInt(await rpc<string>(chainA.url, 'eth_getBalance', [to, 'latest'])) - before).toBe(10n ** 18n);
  });

  it('estimates an eth_sendTransaction fee from anvil: a transfer’s 21 000 gas × the node’s gas price', async () => {
    const { kernel, adapter } = await setup();
    await adapter.connect('dev.portico.testwallet');
    const from = kernel.connection.get('eip155').address!;
    const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
    const tx = { from: ANVIL_ACCOUNT_0.address, to, value: '0x1' };
    const fee = await adapter.estimateFee!({ method: 'eth_sendTransaction', params: [tx] }, from, network(chainA));
    const gasPrice = BigInt(await rpc<string>(chainA.url, 'eth_gasPrice', []));
    expect(fee).toEqual({ value: 21_000n * gasPrice, decimals: 18, symbol: 'ETH' });
    // The request's own gas and gas price win over the node's.
    expect((await adapter.estimateFee!({ method: 'eth_sendTransaction', params: [{ ...tx, gas: '0x7530', gasPrice: '0x2' }] }, from, network(chainA)))?.value).toBe(60_000n);
    // Signing pays no fee.
    expect(await adapter.estimateFee!({ method: 'personal_sign', params: ['0x00', ANVIL_ACCOUNT_0.address] }, from, network(chainA))).toBeUndefined();
    // Junk in the request is not passed on: a malformed recipient is dropped, the estimate still answers.
    expect((await adapter.estimateFee!({ method: 'eth_sendTransaction', params: [{ to: 'not an address', value: 'lots', data: '0xzz' }] }, from, network(chainA)))?.value).toBeGreaterThan(0n);
  });

  it('a fee estimate for a call that would revert rejects with the node’s reason', async () => {
    const { kernel, adapter } = await setup();
    await adapter.connect('dev.portico.testwallet');
    const from = kernel.connection.get('eip155').address!;
    // A contract whose code is PUSH1 0 PUSH1 0 REVERT.
    const reverter = '0x000000000000000000000000000000000000dEaD';
    await rpc(chainA.url, 'anvil_setCode', [reverter, '0x60006000fd']);
    await expect(adapter.estimateFee!({ method: 'eth_sendTransaction', params: [{ to: reverter, data: '0x12345678' }] }, from, network(chainA))).rejects.toThrow(/revert/i);
  });

  it('signs a text message for sign-in with the connected account', async () => {
    const { adapter } = await setup();
    await adapter.connect('dev.portico.testwallet');
    const signature = (await adapter.signMessage!('Sign in to example.com')) as Hex;
    expect(await verifyMessage({ address: ANVIL_ACCOUNT_0.address, message: 'Sign in to example.com', signature })).toBe(true);
  });
});

describe('validators', () => {
  it.each([
    ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', true],
    ['0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', true],
    ['f39fd6e51aad88f6f4ce6ab8827279cfffb92266', true],
    ['0xF39Fd6e51aad88F6F4ce6aB8827279cffFb92266', false],
    ['0xf39fd6e51aad88f6f4ce6ab8827279cfffb9226', false],
    ['0xg39fd6e51aad88f6f4ce6ab8827279cfffb92266', false],
    [42, false],
  ])('isEip155Address(%j) is %s (mixed case must match its checksum)', (value, expected) => {
    expect(isEip155Address(value)).toBe(expected);
  });
});

describe('rpcUrlsFor', () => {
  it('puts the RPC service first with chainId and projectId, then the network’s URLs', async () => {
    const { rpcUrlsFor } = await import('./rpcUrls');
    expect(rpcUrlsFor(network(chainA), { rpcService: { url: 'https://rpc.example/v1', projectId: 'p1' } })).toEqual([
      'https://rpc.example/v1?chainId=eip155%3A31337&projectId=p1',
      chainA.url,
    ]);
    expect(rpcUrlsFor(network(chainA), { customRpcUrls: { 'eip155:31337': ['https://custom.example'] }, rpcService: { url: 'https://rpc.example', projectId: 'p' } })).toEqual(['https://custom.example']);
  });
});

describe('wallets without a confirmation UI of their own', () => {
  it('route signing through the approval view, pass reads silently', async () => {
    const target = new EventTarget();
    const wallet = createTestWallet({ privateKey: ANVIL_ACCOUNT_0.privateKey, chains: { [chainA.chainId]: chainA.url }, chainId: chainA.chainId, mode: { noUi: true } });
    wallet.announce(target, INFO);
    const kernel = createKernel({ plugins: [shellPlugin, createEip155Plugin({ target, approvalRequired: [INFO.rdns] })], storage: createMemoryStorage(), logLevel: 'silent' });
    kernels.push(kernel);
    await kernel.start();
    const adapter = kernel.getService(chainAdapterRef('eip155'));
    await adapter.connect(INFO.rdns);
    const provider = adapter.getProvider!() as { request(a: { method: string; params?: unknown[] }): Promise<unknown> };
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69');
    expect(kernel.router.getSnapshot().isOpen).toBe(false);
    const signing = provider.request({ method: 'personal_sign', params: ['0x6869', ANVIL_ACCOUNT_0.address] });
    await expect.poll(() => kernel.router.getSnapshot().current.view).toBe('ApproveTransaction');
    kernel.requestGate.approve(kernel.requestGate.getSnapshot().pending[0]!.id);
    expect(await verifyMessage({ address: ANVIL_ACCOUNT_0.address, message: 'hi', signature: (await signing) as Hex })).toBe(true);
  });
});

describe('EIP-7811 assets through the wallet', () => {
  it('lists the native balance anvil holds and the wallet’s tokens when it supports assetDiscovery', async () => {
    const target = new EventTarget();
    const usdc = { address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', balance: '0x1312d00', type: 'ERC20', metadata: { name: 'USD Coin', symbol: 'USDC', decimals: 6 } };
    const spam = { ...usdc, address: '0x0000000000000000000000000000000000000bad', metadata: { name: 'Spam', symbol: 'SPAM', decimals: 0 } };
    const wallet = createTestWallet({ privateKey: ANVIL_ACCOUNT_0.privateKey, chains: { [chainA.chainId]: chainA.url }, chainId: chainA.chainId, assets: [usdc, spam, { broken: true }] });
    wallet.announce(target, INFO);
    const kernel = createKernel({ plugins: [shellPlugin, createEip155Plugin({ target })], storage: createMemoryStorage(), logLevel: 'silent' });
    kernels.push(kernel);
    await kernel.start();
    const adapter = kernel.getService(chainAdapterRef('eip155'));
    await adapter.connect(INFO.rdns);
    const tokens = await adapter.getTokens!(kernel.connection.get('eip155').address!, network(chainA));
    const wei = BigInt(await rpc<string>(chainA.url, 'eth_getBalance', [ANVIL_ACCOUNT_0.address, 'latest']));
    expect(tokens?.map((t) => [t.symbol, t.quantity.numeric])).toEqual([
      ['ETH', (await import('viem')).formatEther(wei)],
      ['USDC', '20'],
    ]);
  });

  it('gives undefined for a wallet without assetDiscovery', async () => {
    const { adapter, kernel } = await setup();
    await adapter.connect('dev.portico.testwallet');
    expect(await adapter.getTokens!(kernel.connection.get('eip155').address!, network(chainA))).toBeUndefined();
  });
});

describe('review fixes', () => {
  it('the host’s provider rejects (never throws) while disconnected, and its listeners follow the wallet that connects later', async () => {
    const { adapter, wallet } = await setup();
    const provider = adapter.getProvider!() as { request(a: { method: string }): Promise<unknown>; on(e: string, l: (v: unknown) => void): void };
    let pending: Promise<unknown> | undefined;
    expect(() => (pending = provider.request({ method: 'eth_chainId' }))).not.toThrow();
    await expect(pending).rejects.toMatchObject({ code: 4900 });
    const chains: unknown[] = [];
    provider.on('chainChanged', (hex) => chains.push(hex));
    await adapter.connect('dev.portico.testwallet');
    await wallet.provider.request({ method: 'wallet_addEthereumChain', params: [{ chainId: '0x7a6a', rpcUrls: [chainB.url] }] });
    await wallet.provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] });
    expect(chains).toEqual(['0x7a6a']);
  });

  it('a silent reconnect that gives up does not disconnect a wallet the user connected meanwhile', async () => {
    const storage = createMemoryStorage({
      'portico/connection': JSON.stringify({ v: 2, namespaces: { eip155: { status: 'connected', connectorId: 'gone.wallet', network: 'eip155:31337' } }, preferredAccountTypes: {}, recentWallets: [] }),
    });
    const { kernel, adapter } = await setup({ storage });
    expect(kernel.connection.get('eip155').status).toBe('connecting');
    await adapter.connect('dev.portico.testwallet');
    await new Promise((r) => setTimeout(r, 3300));
    expect(kernel.connection.get('eip155')).toMatchObject({ status: 'connected', connectorId: 'dev.portico.testwallet' });
  });

  it('an announcement with an oversized icon is ignored as a whole', async () => {
    const target = new EventTarget();
    const kernel = createKernel({ plugins: [shellPlugin, createEip155Plugin({ target })], storage: createMemoryStorage(), logLevel: 'silent' });
    kernels.push(kernel);
    await kernel.start();
    target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info: { ...INFO, icon: `data:image/svg+xml,${'x'.repeat(150_000)}` }, provider: { request: async () => null } } }));
    expect(kernel.connectors.getSnapshot()).toEqual([]);
  });

  it('lets through what wagmi and viem send: requestAccounts, subscriptions, permissions, add chain, watch asset', async () => {
    const { kernel } = await setup();
    const classify = (m: string) => kernel.rpcPolicy.classify(m, 'eip155');
    expect(['eth_requestAccounts', 'eth_subscribe', 'eth_unsubscribe', 'wallet_getPermissions'].map(classify)).toEqual(['safe', 'safe', 'safe', 'safe']);
    expect(['wallet_requestPermissions', 'wallet_addEthereumChain', 'wallet_watchAsset'].map(classify)).toEqual(['confirm', 'confirm', 'confirm']);
  });
});

describe('chain ids above 2^53', () => {
  it('a wallet on chain 0x20000000000001 connects as eip155:9007199254740993, not …992', async () => {
    const target = new EventTarget();
    const kernel = createKernel({ plugins: [shellPlugin, createEip155Plugin({ target })], storage: createMemoryStorage(), logLevel: 'silent' });
    kernels.push(kernel);
    await kernel.start();
    const provider = {
      request: async ({ method }: { method: string }) =>
        method === 'eth_chainId' ? '0x20000000000001' : method === 'eth_requestAccounts' || method === 'eth_accounts' ? [ANVIL_ACCOUNT_0.address.toLowerCase()] : null,
    };
    target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info: INFO, provider } }));
    await kernel.getService(chainAdapterRef('eip155')).connect(INFO.rdns);
    expect(kernel.connection.get('eip155')).toMatchObject({ status: 'connected', address: `eip155:9007199254740993:${ANVIL_ACCOUNT_0.address}` });
  });
});

describe('self-asserted rdns', () => {
  it('lists a second wallet claiming a known rdns too, both marked contested and neither under the bare rdns', async () => {
    const { kernel } = await setup();
    const target = new EventTarget();
    const other = createKernel({ plugins: [shellPlugin, createEip155Plugin({ target })], storage: createMemoryStorage(), logLevel: 'silent' });
    kernels.push(other);
    await other.start();
    const announce = (uuid: string, name: string) =>
      target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info: { ...INFO, uuid, name }, provider: { request: async () => null } } }));
    announce('2b7f4a4e-9a3c-4d6b-8e2f-0c1d2e3f4a5b', 'First');
    announce('3c7f4a4e-9a3c-4d6b-8e2f-0c1d2e3f4a5b', 'Second');
    await (other.getService(chainAdapterRef('eip155')) as unknown as { preload(): Promise<void> }).preload();
    expect(other.connectors.getSnapshot().map((c) => [c.id, c.name, c.contested])).toEqual([
      ['dev.portico.testwallet#1', 'First', true],
      ['dev.portico.testwallet#2', 'Second', true],
    ]);
    expect(kernel.connectors.getSnapshot()).toHaveLength(1);
  });

  it('never joins another chain plugin\'s entry on an equal name and icon', async () => {
    const target = new EventTarget();
    const kernel = createKernel({ plugins: [shellPlugin, createEip155Plugin({ target })], storage: createMemoryStorage(), logLevel: 'silent' });
    kernels.push(kernel);
    await kernel.start();
    kernel.connectors.register({ id: 'ws:test-wallet', name: 'Test Wallet', type: 'ANNOUNCED', namespaces: ['solana'], icon: INFO.icon }, 'chain-solana', { wallet: {}, linked: [] });
    const provider = { request: async () => null };
    const announce = () => target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info: INFO, provider } }));
    announce();
    announce();
    await (kernel.getService(chainAdapterRef('eip155')) as unknown as { preload(): Promise<void> }).preload();
    expect(kernel.connectors.getSnapshot().map((c) => [c.id, c.type, c.namespaces])).toEqual([
      ['ws:test-wallet', 'ANNOUNCED', ['solana']],
      ['dev.portico.testwallet', 'ANNOUNCED', ['eip155']],
    ]);
  });
});

describe('attachProvider (a connector another plugin registered, e.g. WalletConnect)', () => {
  it('connects through the attached provider, reconnects silently after a reload, and forgets the provider when detached', async () => {
    const storage = createMemoryStorage();
    const { kernel, wallet, adapter } = await setup({ storage });
    const detach = adapter.attachProvider!('walletConnect', wallet.provider);
    await adapter.connect('walletConnect');
    expect(kernel.connection.get('eip155')).toMatchObject({ status: 'connected', connectorId: 'walletConnect', address: `eip155:31337:${ANVIL_ACCOUNT_0.address}` });
    // It added no connector of its own: the plugin that owns the id lists it.
    expect(kernel.connectors.get('walletConnect')).toBeUndefined();

    const reloaded = createKernel({ plugins: [shellPlugin, createEip155Plugin({ target: new EventTarget() })], storage, logLevel: 'silent' });
    kernels.push(reloaded);
    await reloaded.start();
    expect(reloaded.connection.get('eip155').status).toBe('connecting');
    // The provider arrives after activation (its plugin activates later): the reconnect waits for it.
    reloaded.getService(chainAdapterRef('eip155')).attachProvider!('walletConnect', wallet.provider);
    await vi.waitFor(() => expect(reloaded.connection.get('eip155').status).toBe('connected'));

    detach();
    // The stored connection stays for the next load; the provider is gone.
    expect(kernel.connection.get('eip155').status).toBe('connected');
    await expect(adapter.connect('walletConnect')).rejects.toMatchObject({ name: 'AdapterNotFoundError', details: 'no EVM wallet "walletConnect"' });
  });

  it('refuses a provider without request() and a second provider for the same id', async () => {
    const { wallet, adapter } = await setup();
    expect(() => adapter.attachProvider!('broken', {})).toThrow('has no request()');
    adapter.attachProvider!('walletConnect', wallet.provider);
    expect(() => adapter.attachProvider!('walletConnect', wallet.provider)).toThrow('already has a provider');
  });
});

describe('connect attempts', () => {
  /** Two wallets with different accounts: "slow" holds its prompts until released, "fast" answers at once. */
  async function twoWallets(storage: StoragePort = createMemoryStorage()) {
    const target = new EventTarget();
    const make = (key: Hex) => createTestWallet({ privateKey: key, chains: { [chainA.chainId]: chainA.url }, chainId: chainA.chainId });
    const slow = make(ANVIL_ACCOUNT_1.privateKey);
    const fast = make(ANVIL_ACCOUNT_0.privateKey);
    const slowCalls: string[] = [];
    const request = slow.provider.request.bind(slow.provider);
    slow.provider.request = (args) => (slowCalls.push(args.method), request(args));
    slow.setMode({ hold: true });
    slow.announce(target, { ...INFO, uuid: '2c8f5b5f-ab4d-4e7c-9f30-1d2e3f4a5b6c', name: 'Slow Wallet', rdns: 'dev.portico.slow' });
    fast.announce(target, { ...INFO, name: 'Fast Wallet', rdns: 'dev.portico.fast' });
    const kernel = createKernel({ plugins: [shellPlugin, createEip155Plugin({ target })], storage, logLevel: 'silent' });
    kernels.push(kernel);
    await kernel.start();
    const adapter = kernel.getService(chainAdapterRef('eip155'));
    const until = async (check: () => boolean) => {
      for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
      expect(check()).toBe(true);
    };
    return { kernel, adapter, slow, fast, slowCalls, until, storage };
  }
  const addressOf = (kernel: Kernel) => kernel.connection.get('eip155').address?.split(':')[2];

  it('a cancelled attempt rejects at once, the status returns to what it was, and the late answer is dropped (the wallet is told to forget the site)', async () => {
    const { kernel, adapter, slow, slowCalls, until } = await twoWallets();
    const controller = new AbortController();
    const connecting = adapter.connect('dev.portico.slow', { signal: controller.signal });
    await until(() => slow.heldPrompts === 1);
    expect(kernel.connection.get('eip155').status).toBe('connecting');
    controller.abort();
    await expect(connecting).rejects.toMatchObject({ name: 'ConnectCancelledError', code: 'kernel/connect-cancelled' });
    expect(kernel.connection.get('eip155').status).toBe('disconnected');
    slow.release();
    await until(() => slowCalls.includes('wallet_revokePermissions'));
    expect(kernel.connection.get('eip155')).toMatchObject({ status: 'disconnected', address: undefined });
  });

  it('a newer attempt supersedes a pending one: the first wallet answering late does not take the connection over, and a reload restores the second', async () => {
    const storage = createMemoryStorage();
    const { kernel, adapter, slow, slowCalls, until } = await twoWallets(storage);
    const first = adapter.connect('dev.portico.slow');
    await until(() => slow.heldPrompts === 1);
    await adapter.connect('dev.portico.fast');
    await expect(first).rejects.toMatchObject({ name: 'ConnectCancelledError', details: 'superseded' });
    expect(addressOf(kernel)).toBe(ANVIL_ACCOUNT_0.address);
    slow.release();
    await until(() => slowCalls.includes('wallet_revokePermissions'));
    expect(kernel.connection.get('eip155')).toMatchObject({ status: 'connected', connectorId: 'dev.portico.fast' });
    expect(addressOf(kernel)).toBe(ANVIL_ACCOUNT_0.address);
    const saved = JSON.parse(storage.get('portico/connection') ?? '{}') as { namespaces: Record<string, { status: string; connectorId: string }> };
    expect(saved.namespaces['eip155']).toMatchObject({ status: 'connected', connectorId: 'dev.portico.fast' });
  });

  it('an attempt given up while another wallet is connected leaves that wallet connected, in the store and in storage', async () => {
    const storage = createMemoryStorage();
    const { kernel, adapter, slow, until } = await twoWallets(storage);
    await adapter.connect('dev.portico.fast');
    const controller = new AbortController();
    const attempt = adapter.connect('dev.portico.slow', { signal: controller.signal });
    await until(() => slow.heldPrompts === 1);
    expect(kernel.connection.get('eip155').status).toBe('connecting');
    // A reload in the middle of the attempt restores the wallet that is connected.
    expect(JSON.parse(storage.get('portico/connection') ?? '{}').namespaces.eip155).toMatchObject({ status: 'connected', connectorId: 'dev.portico.fast' });
    controller.abort();
    await expect(attempt).rejects.toMatchObject({ code: 'kernel/connect-cancelled' });
    expect(kernel.connection.get('eip155')).toMatchObject({ status: 'connected', connectorId: 'dev.portico.fast' });
    expect(addressOf(kernel)).toBe(ANVIL_ACCOUNT_0.address);
    slow.release();
    await new Promise((r) => setTimeout(r, 50));
    expect(addressOf(kernel)).toBe(ANVIL_ACCOUNT_0.address);
    // The connected wallet still serves requests.
    expect(await (adapter.getProvider!() as { request(a: { method: string }): Promise<unknown> }).request({ method: 'eth_accounts' })).toEqual([ANVIL_ACCOUNT_0.address]);
  });

  it('a refused attempt while connected leaves the connected wallet in place', async () => {
    const { kernel, adapter, slow } = await twoWallets();
    await adapter.connect('dev.portico.fast');
    slow.setMode({ reject: true });
    await expect(adapter.connect('dev.portico.slow')).rejects.toMatchObject({ code: 4001 });
    expect(kernel.connection.get('eip155')).toMatchObject({ status: 'connected', connectorId: 'dev.portico.fast' });
  });
});
