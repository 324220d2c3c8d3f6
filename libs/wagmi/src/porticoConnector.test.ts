import { createEip155Plugin } from '@portico/chain-eip155';
import { ANVIL_ACCOUNT_0, ANVIL_ACCOUNT_1, createTestWallet } from '@portico/chain-eip155/testing';
import { anvilNetwork as network, startAnvil, type AnvilNode } from '@portico/chain-eip155/testing/node';
import { createPortico, type Portico } from '@portico/core';
import { chainAdapterRef, createMemoryStorage, definePlugin, kernelRefs, type Network } from '@portico/kernel';
import { shellPlugin } from '@portico/kernel/testing';
import { connect, createStorage, disconnect, getBalance, getConnection, reconnect, sendTransaction, signMessage, switchChain, waitForTransactionReceipt, type Config } from '@wagmi/core';
import { createPublicClient, http, parseEther, verifyMessage, type Hex } from 'viem';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chainOf, createPorticoWagmiConfig, PORTICO_CONNECTOR_ID } from './index';

let chainA: AnvilNode;
let chainB: AnvilNode;
beforeAll(async () => {
  [chainA, chainB] = await Promise.all([startAnvil({ chainId: 31337 }), startAnvil({ chainId: 31338 })]);
});
afterAll(async () => {
  await Promise.all([chainA?.stop(), chainB?.stop()]);
});

const INFO = { uuid: '1b7f4a4e-9a3c-4d6b-8e2f-0c1d2e3f4a5b', name: 'Test Wallet', icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', rdns: 'dev.portico.testwallet' };

const instances: Portico[] = [];
afterEach(async () => {
  await Promise.all(instances.splice(0).map((p) => p.dispose()));
});

/** A memory-backed key-value store the wallet, Portico and wagmi keep their state in (a reload keeps them). */
const memory = () => {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) };
};

/**
 * A page: Portico with the eip155 plugin, a test wallet announced on anvil, and the wagmi config
 * over it. `noUi`: the wallet has no confirmation of its own (Portico's approval view asks).
 */
async function page(options: { noUi?: boolean; stores?: { wallet: ReturnType<typeof memory>; portico: ReturnType<typeof createMemoryStorage>; wagmi: ReturnType<typeof memory> }; extraPlugins?: Parameters<typeof createPortico>[0]['plugins']; lateWallet?: boolean; restoreTimeoutMs?: number } = {}) {
  const stores = options.stores ?? { wallet: memory(), portico: createMemoryStorage(), wagmi: memory() };
  const target = new EventTarget();
  const wallet = createTestWallet({ privateKey: ANVIL_ACCOUNT_0.privateKey, chains: { [chainA.chainId]: chainA.url, [chainB.chainId]: chainB.url }, chainId: chainA.chainId, storage: stores.wallet, mode: { noUi: options.noUi } });
  const announce = () => wallet.announce(target, INFO);
  if (!options.lateWallet) announce();
  const portico = createPortico(
    {
      projectId: 'wagmi-test',
      networks: [network(chainA), network(chainB)],
      plugins: [createEip155Plugin({ target, ...(options.noUi ? { approvalRequired: [INFO.rdns] } : {}) }), ...(options.extraPlugins ?? [])],
      storage: stores.portico,
      logLevel: 'silent',
    },
    { shell: shellPlugin },
  );
  instances.push(portico);
  const config = createPorticoWagmiConfig({ portico, storage: createStorage({ storage: stores.wagmi }), ...(options.restoreTimeoutMs ? { restoreTimeoutMs: options.restoreTimeoutMs } : {}) });
  return { portico, config, wallet, stores, announce, connector: config.connectors[0]! };
}

const rpcBalance = async (url: string, address: string): Promise<bigint> =>
  BigInt(((await (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: [address, 'latest'] }) })).json()) as { result: string }).result);

/** Approves the one request waiting on Portico's approval view. */
async function approve(portico: Portico): Promise<string> {
  await expect.poll(() => portico.kernel.requestGate.getSnapshot().pending.length).toBe(1);
  const [pending] = portico.kernel.requestGate.getSnapshot().pending;
  expect(portico.kernel.router.getSnapshot()).toMatchObject({ isOpen: true, current: { view: 'ApproveTransaction' } });
  portico.kernel.requestGate.approve(pending!.id);
  return pending!.method;
}

const connectedOf = (config: Config) => {
  const { status, address, chainId, connector } = getConnection(config);
  return { status, address, chainId, connector: connector?.id };
};

describe('createPorticoWagmiConfig', () => {
  it("makes wagmi's chains of Portico's eip155 networks, with one connector: Portico's", async () => {
    const { config } = await page();
    expect(config.chains.map((c) => [c.id, c.name, c.rpcUrls.default.http[0]])).toEqual([
      [31337, 'Anvil 31337', chainA.url],
      [31338, 'Anvil 31338', chainB.url],
    ]);
    expect(config.connectors.map((c) => [c.id, c.name, c.type])).toEqual([[PORTICO_CONNECTOR_ID, 'Portico', PORTICO_CONNECTOR_ID]]);
  });

  it('refuses a chain Portico does not have, and a Portico without an eip155 network, saying which', async () => {
    const { portico } = await page();
    const foreign = chainOf({ ...network(chainA), caipNetworkId: 'eip155:10', name: 'OP Mainnet' });
    expect(() => createPorticoWagmiConfig({ portico, chains: [foreign] })).toThrow(/chain 10 \(OP Mainnet\) is not one of Portico's networks/);
    const solanaOnly = createPortico({ projectId: 'p', networks: [{ caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', name: 'Solana', nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 } }], storage: createMemoryStorage(), logLevel: 'silent' });
    instances.push(solanaOnly);
    expect(() => createPorticoWagmiConfig({ portico: solanaOnly })).toThrow(/Portico has no eip155 network/);
    expect(() => chainOf(solanaOnly.networks[0]!)).toThrow(/is not an eip155 network/);
  });
});

describe('porticoConnector: wagmi sees the account Portico connected', () => {
  it("wagmi's connect opens Portico's modal and resolves with the account the user connected there", async () => {
    const { portico, config } = await page();
    const connecting = connect(config, { connector: config.connectors[0]! });
    await expect.poll(() => portico.kernel.router.getSnapshot().isOpen).toBe(true);
    // The user picks the wallet in the modal.
    await portico.connect(INFO.rdns);
    const result = await connecting;
    expect(result).toEqual({ accounts: [ANVIL_ACCOUNT_0.address], chainId: 31337 });
    expect(connectedOf(config)).toEqual({ status: 'connected', address: ANVIL_ACCOUNT_0.address, chainId: 31337, connector: PORTICO_CONNECTOR_ID });
  });

  it("the modal closed without a connection: wagmi's connect rejects as the user's refusal, and stays disconnected", async () => {
    const { portico, config } = await page();
    const connecting = connect(config, { connector: config.connectors[0]! });
    await expect.poll(() => portico.kernel.router.getSnapshot().isOpen).toBe(true);
    portico.close();
    await expect(connecting).rejects.toMatchObject({ name: 'UserRejectedRequestError' });
    expect(getConnection(config).status).toBe('disconnected');
  });

  it("a connection made in Portico's own button reaches wagmi, and so do Portico's disconnect and a chain switched in the wallet", async () => {
    const { portico, config, wallet } = await page();
    await portico.start();
    await portico.connect(INFO.rdns);
    await expect.poll(() => connectedOf(config)).toEqual({ status: 'connected', address: ANVIL_ACCOUNT_0.address, chainId: 31337, connector: PORTICO_CONNECTOR_ID });
    await wallet.provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: `0x${chainB.chainId.toString(16)}` }] });
    await expect.poll(() => getConnection(config).chainId).toBe(31338);
    await portico.disconnect('eip155');
    await expect.poll(() => getConnection(config).status).toBe('disconnected');
  });

  it('signMessage and sendTransaction go to the wallet through Portico: a wallet with its own confirmation is asked directly', async () => {
    const { portico, config } = await page();
    await portico.start();
    await portico.connect(INFO.rdns);
    await expect.poll(() => getConnection(config).status).toBe('connected');
    const message = 'Signed through wagmi and Portico';
    const signature = await signMessage(config, { message });
    expect(await verifyMessage({ address: ANVIL_ACCOUNT_0.address, message, signature })).toBe(true);
    expect(portico.kernel.requestGate.getSnapshot().pending).toEqual([]);
    const hash = await sendTransaction(config, { to: ANVIL_ACCOUNT_1.address, value: parseEther('0.01') });
    const receipt = await waitForTransactionReceipt(config, { hash });
    expect(receipt).toMatchObject({ status: 'success', from: ANVIL_ACCOUNT_0.address.toLowerCase(), to: ANVIL_ACCOUNT_1.address.toLowerCase() });
  });

  it("a wallet without its own confirmation: wagmi's signMessage and sendTransaction wait on Portico's approval view", async () => {
    const { portico, config } = await page({ noUi: true });
    await portico.start();
    await portico.connect(INFO.rdns);
    await expect.poll(() => getConnection(config).status).toBe('connected');
    const message = 'Approved in Portico';
    const signing = signMessage(config, { message });
    expect(await approve(portico)).toBe('personal_sign');
    expect(await verifyMessage({ address: ANVIL_ACCOUNT_0.address, message, signature: await signing })).toBe(true);
    const sending = sendTransaction(config, { to: ANVIL_ACCOUNT_1.address, value: 1n });
    expect(await approve(portico)).toBe('eth_sendTransaction');
    expect((await waitForTransactionReceipt(config, { hash: await sending })).status).toBe('success');
    // The user says no: wagmi gets the EIP-1193 refusal.
    const refused = signMessage(config, { message: 'no' });
    await expect.poll(() => portico.kernel.requestGate.getSnapshot().pending.length).toBe(1);
    portico.kernel.requestGate.reject(portico.kernel.requestGate.getSnapshot().pending[0]!.id);
    await expect(refused).rejects.toMatchObject({ name: 'UserRejectedRequestError' });
  });

  it("a method Portico's policy refuses (eth_sign, blind signing) is refused to wagmi too, and the modal says so", async () => {
    const { portico, config } = await page();
    await portico.start();
    await portico.connect(INFO.rdns);
    await expect.poll(() => getConnection(config).status).toBe('connected');
    const provider = (await config.connectors[0]!.getProvider()) as { request(args: { method: string; params: unknown[] }): Promise<unknown> };
    await expect(provider.request({ method: 'eth_sign', params: [ANVIL_ACCOUNT_0.address, '0x68'] })).rejects.toMatchObject({ message: 'Requested RPC call is not allowed' });
    await expect.poll(() => portico.kernel.requestGate.getSnapshot().notAllowed).toEqual({ namespace: 'eip155', method: 'eth_sign' });
  });

  it("switchChain switches through Portico: the wallet, Portico's network and wagmi's chain follow; a chain wagmi lacks is refused", async () => {
    const { portico, config } = await page();
    await portico.start();
    await portico.connect(INFO.rdns);
    await expect.poll(() => getConnection(config).status).toBe('connected');
    const chain = await switchChain(config, { chainId: 31338 });
    expect(chain.id).toBe(31338);
    expect(portico.kernel.connection.get('eip155').network).toBe('eip155:31338');
    await expect.poll(() => getConnection(config).chainId).toBe(31338);
    // The transaction lands on the chain switched to.
    const hash = await sendTransaction(config, { to: ANVIL_ACCOUNT_1.address, value: 2n });
    const onB = createPublicClient({ transport: http(chainB.url) });
    expect((await onB.waitForTransactionReceipt({ hash: hash as Hex })).status).toBe('success');
    await expect(switchChain(config, { chainId: 1 })).rejects.toMatchObject({ name: 'SwitchChainError', cause: { name: 'ChainNotConfiguredError' } });
  });

  it('after a reload wagmi reconnects to the connection Portico restored; disconnecting in wagmi disconnects Portico', async () => {
    const first = await page();
    await first.portico.start();
    const connecting = connect(first.config, { connector: first.connector });
    // The modal connect opened: the user connects there.
    await expect.poll(() => first.portico.kernel.router.getSnapshot().isOpen).toBe(true);
    await first.portico.connect(INFO.rdns);
    await connecting;
    await first.portico.dispose();
    const second = await page({ stores: first.stores });
    // wagmi's reconnect (WagmiProvider runs it on mount) waits for Portico's restore.
    const reconnected = await reconnect(second.config);
    expect(reconnected.map((c) => [c.connector.id, c.accounts, c.chainId])).toEqual([[PORTICO_CONNECTOR_ID, [ANVIL_ACCOUNT_0.address], 31337]]);
    expect(second.portico.kernel.connection.get('eip155').status).toBe('connected');
    await disconnect(second.config);
    expect(second.portico.kernel.connection.get('eip155').status).toBe('disconnected');
    expect(getConnection(second.config).status).toBe('disconnected');
  });

  it("reads go where Portico reads the chain asked for, not to the wallet: connected or not, each chain's own balance", async () => {
    const { portico, config } = await page();
    const setBalance = (url: string, wei: bigint) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_setBalance', params: [ANVIL_ACCOUNT_1.address, `0x${wei.toString(16)}`] }) });
    await Promise.all([setBalance(chainA.url, 7n * 10n ** 18n), setBalance(chainB.url, 3n * 10n ** 18n)]);
    expect((await getBalance(config, { address: ANVIL_ACCOUNT_1.address, chainId: 31338 })).value).toBe(3n * 10n ** 18n);
    await portico.start();
    await portico.connect(INFO.rdns);
    // The wallet is on chain A; a read of chain B is still chain B's.
    expect((await getBalance(config, { address: ANVIL_ACCOUNT_1.address, chainId: 31338 })).value).toBe(3n * 10n ** 18n);
    expect((await getBalance(config, { address: ANVIL_ACCOUNT_1.address, chainId: 31337 })).value).toBe(7n * 10n ** 18n);
  });

  it('a network listed without rpcUrls: its reads ask the wallet while the wallet is on it, and fail naming it otherwise', async () => {
    const target = new EventTarget();
    const wallet = createTestWallet({ privateKey: ANVIL_ACCOUNT_0.privateKey, chains: { [chainA.chainId]: chainA.url, [chainB.chainId]: chainB.url }, chainId: chainA.chainId });
    wallet.announce(target, INFO);
    const bare = (node: AnvilNode): Network => ({ caipNetworkId: `eip155:${node.chainId}`, name: `Anvil ${node.chainId}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } });
    const portico = createPortico({ projectId: 'wagmi-test', networks: [bare(chainA), bare(chainB)], plugins: [createEip155Plugin({ target })], storage: createMemoryStorage(), logLevel: 'silent' }, { shell: shellPlugin });
    instances.push(portico);
    const config = createPorticoWagmiConfig({ portico });
    await expect(getBalance(config, { address: ANVIL_ACCOUNT_0.address, chainId: 31337 })).rejects.toThrow(/No RPC answered for Anvil 31337 \(eip155:31337\), and no wallet is connected on it/);
    await portico.start();
    await portico.connect(INFO.rdns);
    const onA = await rpcBalance(chainA.url, ANVIL_ACCOUNT_0.address);
    expect((await getBalance(config, { address: ANVIL_ACCOUNT_0.address, chainId: 31337 })).value).toBe(onA);
    // The wallet is on chain A: chain B's read is not answered with chain A's.
    await expect(getBalance(config, { address: ANVIL_ACCOUNT_0.address, chainId: 31338 })).rejects.toThrow(/No RPC answered for Anvil 31338/);
  });

  it('connect with a chainId switches the wallet to it; wagmi disconnecting leaves one connect listener, not two', async () => {
    const { portico, config, connector } = await page();
    const connecting = connect(config, { connector, chainId: 31338 });
    await expect.poll(() => portico.kernel.router.getSnapshot().isOpen).toBe(true);
    await portico.connect(INFO.rdns);
    expect(await connecting).toEqual({ accounts: [ANVIL_ACCOUNT_0.address], chainId: 31338 });
    expect(portico.kernel.connection.get('eip155').network).toBe('eip155:31338');
    await disconnect(config);
    expect(connector.emitter.listenerCount('connect')).toBe(1);
    // Connected again from Portico's button: wagmi hears it once.
    await portico.connect(INFO.rdns);
    await expect.poll(() => getConnection(config).status).toBe('connected');
  });

  it("wagmi's reconnect does not wait on a restore that does not end: after restoreTimeoutMs it is not authorized, and the restore reaches wagmi when it lands", async () => {
    const first = await page();
    await first.portico.start();
    await first.portico.connect(INFO.rdns);
    await first.portico.dispose();
    // The wallet's extension announces late: Portico's restore waits for it.
    const second = await page({ stores: first.stores, lateWallet: true, restoreTimeoutMs: 300 });
    const started = Date.now();
    expect(await reconnect(second.config)).toEqual([]);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(second.portico.kernel.connection.get('eip155').status).toBe('connecting');
    second.announce();
    await expect.poll(() => connectedOf(second.config)).toEqual({ status: 'connected', address: ANVIL_ACCOUNT_0.address, chainId: 31337, connector: PORTICO_CONNECTOR_ID });
  });

  it('an embedded wallet (an AUTH connector, which asks the user in its own frame): wagmi sees its account; its requests open the approval view, which shows the wallet, and go to the wallet', async () => {
    // The e-mail and social plugins attach the wallet frame's provider to the eip155 adapter as an
    // AUTH connector; this plugin attaches a test wallet the same way (the frame itself needs a browser: e2e/browser).
    const embeddedWallet = createTestWallet({ privateKey: ANVIL_ACCOUNT_1.privateKey, chains: { [chainA.chainId]: chainA.url }, chainId: chainA.chainId });
    const embedded = definePlugin({
      manifest: { id: 'test-embedded', version: '0.1.0', kernel: '^0.1.0' },
      activate(ctx) {
        ctx.onDispose(ctx.services.get(kernelRefs.connectors).register({ id: 'test-embedded', name: 'E-mail', type: 'AUTH', namespaces: ['eip155'] }, ctx.pluginId));
        ctx.onDispose(ctx.services.get(chainAdapterRef('eip155')).attachProvider!('test-embedded', embeddedWallet.provider));
      },
    });
    const { portico, config } = await page({ extraPlugins: [embedded] });
    await portico.start();
    await portico.connect('test-embedded');
    await expect.poll(() => connectedOf(config)).toEqual({ status: 'connected', address: ANVIL_ACCOUNT_1.address, chainId: 31337, connector: PORTICO_CONNECTOR_ID });
    const requested: Array<{ method: string }> = [];
    portico.kernel.events.on('rpc:approval-requested', (event) => void requested.push(event));
    // The test wallet has no UI and answers at once; the real frame answers on the user's click inside it.
    const signing = signMessage(config, { message: 'embedded' });
    expect(await verifyMessage({ address: ANVIL_ACCOUNT_1.address, message: 'embedded', signature: await signing })).toBe(true);
    expect(requested).toEqual([expect.objectContaining({ method: 'personal_sign' })]);
  });
});
