import { ed25519 } from '@noble/curves/ed25519';
import { createBip122Plugin, defineBitcoinRegtest } from '@portico/chain-bip122';
import { bitcoinWalletConnectNamespace, BITCOIN_TEST_WALLET_KEY, createBitcoinTestWallet } from '@portico/chain-bip122/testing';
import { startEsploraServer, type EsploraServer } from '@portico/chain-bip122/testing/node';
import { createEip155Plugin } from '@portico/chain-eip155';
import { siwxVerifierRef } from '@portico/plugin-siwx/api';
import { createSolanaPlugin, defineSolanaLocalnet } from '@portico/chain-solana';
import { createSolTransfer } from '@portico/chain-solana/testing';
import { startSolanaServer, type SolanaServer } from '@portico/chain-solana/testing/node';
import { base58 } from '@scure/base';
import { anvilNetwork as network, startAnvil, type AnvilNode } from '@portico/chain-eip155/testing/node';
import { chainAdapterRef, createKernel, createMemoryStorage, type Kernel, type StoragePort } from '@portico/kernel';
import { connectorPreparerRef } from '@portico/react';
import { createWalletConnectPlugin, pairingTopicOf, walletConnectServiceRef, WALLETCONNECT_CONNECTOR_ID } from '@portico/plugin-walletconnect';
import { createMemoryKeyValueStorage, createWalletConnectTestWallet, type WalletConnectTestWallet } from '@portico/plugin-walletconnect/testing';
import { createRelay } from '@portico/relay';
import { createPublicClient, http, parseEther, recoverMessageAddress, type Hex } from 'viem';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { nextUri, until } from './walletconnectHelpers';
import { createTronPlugin } from './walkthrough/tronPlugin';

// Several dapp clients live in this one process (a "reload" is a second kernel): no shared Core.
process.env.DISABLE_GLOBAL_CORE = 'true';

// Anvil's first and third test keys (real signers, never real wallets).
const WALLET_KEY: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const RECIPIENT = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const PROJECT_ID = 'portico-e2e';

let relay: Awaited<ReturnType<typeof createRelay>>;
let chainA: AnvilNode;
let chainB: AnvilNode;
let solanaNode: SolanaServer;
let esplora: EsploraServer;
const open: Array<{ dispose(): Promise<void> } | WalletConnectTestWallet> = [];

beforeAll(async () => {
  [relay, chainA, chainB, solanaNode, esplora] = await Promise.all([createRelay({ port: 0 }), startAnvil({ chainId: 31337 }), startAnvil({ chainId: 31338 }), startSolanaServer(), startEsploraServer()]);
}, 30_000);
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await ('close' in item ? item.close() : item.dispose());
});
afterAll(async () => {
  await Promise.all([relay?.close(), chainA?.stop(), chainB?.stop(), solanaNode?.stop(), esplora?.stop()]);
});

const solanaNetwork = () => defineSolanaLocalnet(solanaNode.genesisHash, solanaNode.url);

const bitcoinNetwork = () => defineBitcoinRegtest(esplora.url);

async function wallet(mode: 'approve' | 'reject' = 'approve', withSolana = false, bitcoin?: Awaited<ReturnType<typeof bitcoinWalletConnectNamespace>>) {
  const created = await createWalletConnectTestWallet({
    relayUrl: relay.url,
    projectId: PROJECT_ID,
    privateKey: WALLET_KEY,
    rpcUrls: { [chainA.chainId]: chainA.url, [chainB.chainId]: chainB.url },
    mode,
    ...(withSolana ? { solana: { seed: '33'.repeat(32), rpcUrls: { [solanaNetwork().caipNetworkId]: solanaNode.url } } } : {}),
    ...(bitcoin ? { namespaces: { bip122: bitcoin } } : {}),
  });
  open.push(created);
  return created;
}

/** A kernel with chain-eip155 and the WalletConnect plugin on the local relay; `storage`/`kv` persist across "reloads". */
/**
 * A direct `adapter.connect('walletConnect')` needs the session providers attached first: the connect action runs the
 * connector's preparer, so these tests, which connect the adapters themselves, run it too. A reload (`reload: true`)
 * does not: its restore attaches them by itself.
 */
async function app(options: { storage?: StoragePort; kv?: ReturnType<typeof createMemoryKeyValueStorage>; pairingLifetimeMs?: number; expiryMarginMs?: number; solana?: boolean; bitcoin?: boolean; reload?: boolean } = {}) {
  const kernel: Kernel = createKernel({
    plugins: [
      createEip155Plugin({ target: new EventTarget() }),
      ...(options.solana ? [createSolanaPlugin()] : []),
      ...(options.bitcoin ? [createBip122Plugin()] : []),
      createWalletConnectPlugin({
        projectId: PROJECT_ID,
        relayUrl: relay.url,
        metadata: { name: 'Portico e2e', description: 'e2e', url: 'http://127.0.0.1', icons: [] },
        clientOptions: { storage: options.kv ?? createMemoryKeyValueStorage() },
        ...(options.pairingLifetimeMs ? { pairingLifetimeMs: options.pairingLifetimeMs, expiryMarginMs: options.expiryMarginMs } : {}),
      }),
    ],
    networks: [network(chainA), network(chainB), ...(options.solana ? [solanaNetwork()] : []), ...(options.bitcoin ? [bitcoinNetwork()] : [])],
    storage: options.storage ?? createMemoryStorage(),
    logLevel: 'silent',
  });
  await kernel.start();
  open.push(kernel);
  if (!options.reload) await kernel.getService(connectorPreparerRef(WALLETCONNECT_CONNECTOR_ID))();
  return { kernel, adapter: kernel.getService(chainAdapterRef('eip155')), service: kernel.getService(walletConnectServiceRef) };
}


describe('WalletConnect through a local relay, a Node wallet on the real protocol, and anvil', () => {
  it('lists the WalletConnect connector for eip155, pairs by URI, and connects with the wallet’s account', async () => {
    const { kernel, adapter } = await app();
    expect(kernel.connectors.get(WALLETCONNECT_CONNECTOR_ID)).toMatchObject({ type: 'WALLET_CONNECT', group: 'walletConnect', namespaces: ['eip155'] });
    const phone = await wallet();
    const connecting = adapter.connect(WALLETCONNECT_CONNECTOR_ID);
    const uri = await nextUri(kernel);
    expect(pairingTopicOf(uri)).toMatch(/^[0-9a-f]{64}$/);
    await phone.pair(uri);
    await connecting;
    expect(kernel.connection.get('eip155')).toMatchObject({ status: 'connected', connectorId: WALLETCONNECT_CONNECTOR_ID, address: `eip155:31337:${phone.address}` });
    expect(phone.sessions()).toHaveLength(1);
  });

  it('signs through the session (the wallet’s signature recovers to its address) and sends a transaction that lands on anvil', async () => {
    const { kernel, adapter } = await app();
    const phone = await wallet();
    const connecting = adapter.connect(WALLETCONNECT_CONNECTOR_ID);
    await phone.pair(await nextUri(kernel));
    await connecting;

    const signature = (await adapter.signMessage!('Hello from Portico')) as Hex;
    expect(await recoverMessageAddress({ message: 'Hello from Portico', signature })).toBe(phone.address);

    const provider = adapter.getProvider!() as { request(args: { method: string; params?: unknown[] }): Promise<unknown> };
    const hash = (await provider.request({ method: 'eth_sendTransaction', params: [{ from: phone.address, to: RECIPIENT, value: `0x${parseEther('0.25').toString(16)}` }] })) as Hex;
    const receipt = await createPublicClient({ transport: http(chainA.url) }).waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    expect(receipt.to?.toLowerCase()).toBe(RECIPIENT.toLowerCase());
    // Reads go to the network's RPC, not to the wallet.
    expect(await provider.request({ method: 'eth_blockNumber' })).toMatch(/^0x[0-9a-f]+$/);
    expect(phone.requests.map((r) => r.method)).toEqual(['personal_sign', 'eth_sendTransaction']);
  });

  it('follows the wallet to another chain of the session, and switches on request', async () => {
    const { kernel, adapter } = await app();
    const phone = await wallet();
    const connecting = adapter.connect(WALLETCONNECT_CONNECTOR_ID);
    await phone.pair(await nextUri(kernel));
    await connecting;
    await phone.emitChainChanged(31338);
    await until(() => kernel.connection.get('eip155').network === 'eip155:31338');
    expect(kernel.connection.get('eip155').address).toBe(`eip155:31338:${phone.address}`);
    await adapter.switchNetwork(network(chainA));
    expect(kernel.connection.get('eip155').network).toBe('eip155:31337');
  });

  it('restores the session after a reload without a new pairing, and requests still reach the wallet', async () => {
    const storage = createMemoryStorage();
    const kv = createMemoryKeyValueStorage();
    const first = await app({ storage, kv });
    const phone = await wallet();
    const connecting = first.adapter.connect(WALLETCONNECT_CONNECTOR_ID);
    await phone.pair(await nextUri(first.kernel));
    await connecting;
    await first.kernel.dispose();

    const second = await app({ storage, kv, reload: true });
    await until(() => second.kernel.connection.get('eip155').status === 'connected');
    expect(second.kernel.connection.get('eip155').address).toBe(`eip155:31337:${phone.address}`);
    expect(second.service.pairing.getSnapshot().status).toBe('idle');
    const signature = (await second.adapter.signMessage!('after reload')) as Hex;
    expect(await recoverMessageAddress({ message: 'after reload', signature })).toBe(phone.address);
  });

  it('shows disconnected when the wallet ends the session, and deletes it on both ends when the app disconnects', async () => {
    const { kernel, adapter } = await app();
    const phone = await wallet();
    let connecting = adapter.connect(WALLETCONNECT_CONNECTOR_ID);
    await phone.pair(await nextUri(kernel));
    await connecting;
    await phone.disconnectAll();
    await until(() => kernel.connection.get('eip155').status === 'disconnected');

    connecting = adapter.connect(WALLETCONNECT_CONNECTOR_ID);
    await phone.pair(await nextUri(kernel));
    await connecting;
    expect(phone.sessions()).toHaveLength(1);
    await adapter.disconnect();
    expect(kernel.connection.get('eip155').status).toBe('disconnected');
    await until(() => phone.sessions().length === 0);
  });

  it('one session carries eip155 and solana accounts: Solana signing and sending go through it, and it is restored after a reload', async () => {
    const storage = createMemoryStorage();
    const kv = createMemoryKeyValueStorage();
    const first = await app({ storage, kv, solana: true });
    expect(first.kernel.connectors.get(WALLETCONNECT_CONNECTOR_ID)?.namespaces).toEqual(['eip155', 'solana']);
    const solana = first.kernel.getService(chainAdapterRef('solana'));
    const phone = await wallet('approve', true);
    const connecting = first.adapter.connect(WALLETCONNECT_CONNECTOR_ID);
    await phone.pair(await nextUri(first.kernel));
    await connecting;
    // The second namespace connects from the same session, without another pairing.
    await solana.connect(WALLETCONNECT_CONNECTOR_ID);
    const solanaId = solanaNetwork().caipNetworkId;
    expect(first.kernel.connection.get('solana')).toMatchObject({ status: 'connected', connectorId: WALLETCONNECT_CONNECTOR_ID, address: `${solanaId}:${phone.solanaAddress}`, network: solanaId });
    expect(first.kernel.connection.get('eip155').address).toBe(`eip155:31337:${phone.address}`);
    expect(phone.sessions()).toHaveLength(1);
    expect(Object.keys(phone.sessions()[0]!.namespaces).sort()).toEqual(['eip155', 'solana']);

    // Sign-in message: the ed25519 signature verifies against the session's Solana key.
    const signature = base58.decode((await solana.signMessage!('Sign in to Portico')) as string);
    expect(ed25519.verify(signature, new TextEncoder().encode('Sign in to Portico'), base58.decode(phone.solanaAddress!))).toBe(true);

    // A transfer signed on the phone and sent by it lands on the local Solana node.
    await solanaNode.airdrop(phone.solanaAddress!, 1_000_000_000n);
    const recipient = '8opHzTAnfzRpPEx21XtnrVTX28YQuCpAjcn1PczScKh';
    const before = solanaNode.balance(recipient);
    const transaction = await createSolTransfer({ rpcUrl: solanaNode.url, from: phone.solanaAddress!, to: recipient, lamports: 3_000_000 });
    const provider = solana.getProvider!() as { request(args: { method: string; params?: unknown }): Promise<{ signature: string }> };
    const sent = await provider.request({ method: 'solana_signAndSendTransaction', params: { transaction } });
    expect(sent.signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
    expect(solanaNode.balance(recipient) - before).toBe(3_000_000n);
    expect(phone.requests.map((r) => r.method)).toEqual(['solana_signMessage', 'solana_signAndSendTransaction']);
    expect(phone.requests.every((r) => r.chainId === solanaId)).toBe(true);
    await first.kernel.dispose();

    const second = await app({ storage, kv, solana: true, reload: true });
    await until(() => second.kernel.connection.get('solana').status === 'connected' && second.kernel.connection.get('eip155').status === 'connected');
    expect(second.kernel.connection.get('solana').address).toBe(`${solanaId}:${phone.solanaAddress}`);
    // The wallet ending the session disconnects both namespaces.
    await phone.disconnectAll();
    await until(() => second.kernel.connection.get('solana').status === 'disconnected' && second.kernel.connection.get('eip155').status === 'disconnected');
  });

  it('one session carries bip122 too: a BIP-322 sign-in verifies and a transfer the phone signs is accepted by the Esplora server', async () => {
    const storage = createMemoryStorage();
    const kv = createMemoryKeyValueStorage();
    const first = await app({ storage, kv, bitcoin: true });
    expect(first.kernel.connectors.get(WALLETCONNECT_CONNECTOR_ID)?.namespaces).toEqual(['eip155', 'bip122']);
    const regtest = bitcoinNetwork().caipNetworkId;
    const bitcoinWallet = createBitcoinTestWallet({ privateKey: BITCOIN_TEST_WALLET_KEY, network: 'regtest' });
    const phone = await wallet('approve', false, await bitcoinWalletConnectNamespace(bitcoinWallet, regtest));
    const bip122 = first.kernel.getService(chainAdapterRef('bip122'));
    const connecting = first.adapter.connect(WALLETCONNECT_CONNECTOR_ID);
    await phone.pair(await nextUri(first.kernel));
    await connecting;
    await bip122.connect(WALLETCONNECT_CONNECTOR_ID);
    // Payment selected, ordinals kept, both from the one session.
    expect(first.kernel.connection.get('bip122')).toMatchObject({ status: 'connected', connectorId: WALLETCONNECT_CONNECTOR_ID, address: `${regtest}:${bitcoinWallet.paymentAddress}` });
    expect(first.kernel.connection.get('bip122').accounts.map((a) => [a.address.split(':')[2], a.type])).toEqual([
      [bitcoinWallet.paymentAddress, 'payment'],
      [bitcoinWallet.ordinalsAddress, 'ordinal'],
    ]);

    const verifier = first.kernel.getService(siwxVerifierRef('bip122'));
    const fields = { domain: '127.0.0.1', uri: 'http://127.0.0.1/', version: '1', nonce: 'n0nce1234567', issuedAt: new Date().toISOString(), chainId: regtest, accountAddress: bitcoinWallet.paymentAddress };
    const message = await verifier.createMessage(fields);
    const signature = await bip122.signMessage!(message);
    expect(await verifier.verify({ data: fields, message, signature })).toBe(true);
    expect(await verifier.verify({ data: fields, message: `${message} `, signature })).toBe(false);

    esplora.fund(bitcoinWallet.paymentAddress, 200_000n);
    const recipient = createBitcoinTestWallet({ privateKey: '44'.repeat(32), network: 'regtest' }).paymentAddress;
    const before = esplora.balance(recipient);
    const provider = bip122.getProvider!() as { request(args: { method: string; params?: unknown }): Promise<{ txid: string }> };
    const { txid } = await provider.request({ method: 'sendTransfer', params: { recipientAddress: recipient, amount: '25000' } });
    expect(txid).toMatch(/^[0-9a-f]{64}$/);
    expect(esplora.balance(recipient) - before).toBe(25_000n);
    expect(phone.requests.map((r) => r.method)).toEqual(['signMessage', 'signPsbt']);
    await first.kernel.dispose();

    const second = await app({ storage, kv, bitcoin: true, reload: true });
    await until(() => second.kernel.connection.get('bip122').status === 'connected');
    expect(second.kernel.connection.get('bip122').address).toBe(`${regtest}:${bitcoinWallet.paymentAddress}`);
  });

  it('the Tron walk-through plugin rides the same protocol: its session wallet (createStandardSessionWallet) connects and signs through the phone', async () => {
    const TRON = { caipNetworkId: 'tron:0x2b6653dc', name: 'Tron', nativeCurrency: { name: 'Tronix', symbol: 'TRX', decimals: 6 } };
    const address = 'TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW';
    const kernel: Kernel = createKernel({
      plugins: [
        createEip155Plugin({ target: new EventTarget() }),
        createTronPlugin({ wallets: { get: () => [], on: () => () => undefined } }),
        createWalletConnectPlugin({ projectId: PROJECT_ID, relayUrl: relay.url, metadata: { name: 'Portico e2e', description: 'e2e', url: 'http://127.0.0.1', icons: [] }, clientOptions: { storage: createMemoryKeyValueStorage() } }),
      ],
      networks: [network(chainA), TRON],
      storage: createMemoryStorage(),
      logLevel: 'silent',
    });
    open.push(kernel);
    await kernel.start();
    expect(kernel.connectors.get(WALLETCONNECT_CONNECTOR_ID)?.namespaces).toEqual(['eip155', 'tron']);
    await kernel.getService(connectorPreparerRef(WALLETCONNECT_CONNECTOR_ID))();
    /** What the phone's Tron side was asked to sign. */
    const asked: unknown[] = [];
    const tron = {
      accounts: [`${TRON.caipNetworkId}:${address}`],
      methods: ['tron_signMessage'],
      handle: async (_method: string, params: unknown) => (asked.push(params), { signature: `0x${'cd'.repeat(65)}` }),
    };
    const withTron = await createWalletConnectTestWallet({ relayUrl: relay.url, projectId: PROJECT_ID, privateKey: WALLET_KEY, rpcUrls: { [chainA.chainId]: chainA.url }, mode: 'approve', namespaces: { tron } });
    open.push(withTron);
    const connecting = kernel.getService(chainAdapterRef('eip155')).connect(WALLETCONNECT_CONNECTOR_ID);
    await withTron.pair(await nextUri(kernel));
    await connecting;
    const adapter = kernel.getService(chainAdapterRef('tron'));
    await adapter.connect(WALLETCONNECT_CONNECTOR_ID);
    expect(kernel.connection.get('tron')).toMatchObject({ status: 'connected', connectorId: WALLETCONNECT_CONNECTOR_ID, address: `${TRON.caipNetworkId}:${address}` });
    await expect(adapter.signMessage!('Hello over the relay')).resolves.toBe(`0x${'cd'.repeat(65)}`);
    expect(withTron.requests).toEqual([{ method: 'tron_signMessage', chainId: TRON.caipNetworkId }]);
    expect(asked).toEqual([{ message: 'Hello over the relay' }]);
  });

  it('a session without solana accounts leaves Solana disconnected with a clear error, and eip155 connected', async () => {
    const { kernel, adapter } = await app({ solana: true });
    const phone = await wallet();
    const connecting = adapter.connect(WALLETCONNECT_CONNECTOR_ID);
    await phone.pair(await nextUri(kernel));
    await connecting;
    await expect(kernel.getService(chainAdapterRef('solana')).connect(WALLETCONNECT_CONNECTOR_ID)).rejects.toMatchObject({ name: 'NoActiveCaipAddressError' });
    expect(kernel.connection.get('solana').status).toBe('disconnected');
    expect(kernel.connection.get('eip155').status).toBe('connected');
  });

  it('rejects the connect attempt when the wallet declines, and when the user cancels', async () => {
    const { kernel, adapter, service } = await app();
    const phone = await wallet('reject');
    const declined = adapter.connect(WALLETCONNECT_CONNECTOR_ID);
    await phone.pair(await nextUri(kernel));
    await expect(declined).rejects.toThrow();
    expect(kernel.connection.get('eip155').status).toBe('disconnected');

    const cancelled = adapter.connect(WALLETCONNECT_CONNECTOR_ID);
    await nextUri(kernel);
    service.cancel();
    await expect(cancelled).rejects.toMatchObject({ rpcCode: 4001 });
    expect(service.pairing.getSnapshot().status).toBe('idle');
  });

  it('replaces a pairing before it expires: a new URI appears, and the old one no longer connects', async () => {
    const { kernel, adapter } = await app({ pairingLifetimeMs: 2_500, expiryMarginMs: 1_000 });
    const connecting = adapter.connect(WALLETCONNECT_CONNECTOR_ID);
    const first = await nextUri(kernel);
    const started = Date.now();
    const second = await nextUri(kernel, first);
    // Treated as expired at lifetime − margin (1.5 s here; the spec's 4 min − 10 s in production).
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_400);
    expect(pairingTopicOf(second)).not.toBe(pairingTopicOf(first));

    const late = await wallet();
    await late.pair(first).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 600));
    expect(kernel.connection.get('eip155').status).not.toBe('connected');

    const phone = await wallet();
    await phone.pair(await nextUri(kernel, first));
    await connecting;
    expect(kernel.connection.get('eip155').address).toBe(`eip155:31337:${phone.address}`);
  });
});

describe('WalletConnect connect attempts: cancelled and superseded attempts are dropped', () => {
  it('an attempt cancelled before the wallet scanned rejects at once; the pairing goes, and a late scan connects nothing', async () => {
    const { kernel, adapter, service } = await app();
    const phone = await wallet();
    const controller = new AbortController();
    const attempt = adapter.connect(WALLETCONNECT_CONNECTOR_ID, { signal: controller.signal });
    const uri = await nextUri(kernel);
    controller.abort();
    await expect(attempt).rejects.toMatchObject({ code: 'kernel/connect-cancelled' });
    expect(kernel.connection.get('eip155').status).toBe('disconnected');
    await until(() => service.pairing.getSnapshot().status !== 'pairing');
    // The phone scans the old code anyway.
    await phone.pair(uri).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 1500));
    expect(kernel.connection.get('eip155')).toMatchObject({ status: 'disconnected', address: undefined });
    // The app kept no session from it: the next attempt asks for a new pairing instead of connecting at once.
    const next = adapter.connect(WALLETCONNECT_CONNECTOR_ID);
    expect(pairingTopicOf(await nextUri(kernel, uri))).not.toBe(pairingTopicOf(uri));
    expect(kernel.connection.get('eip155').status).toBe('connecting');
    service.cancel();
    await expect(next).rejects.toMatchObject({ rpcCode: 4001 });
    expect(kernel.connection.get('eip155').status).toBe('disconnected');
  });

  it('a newer attempt gets a pairing of its own: the superseded one rejects, and only the newer one connects', async () => {
    const { kernel, adapter } = await app();
    const phone = await wallet();
    const first = adapter.connect(WALLETCONNECT_CONNECTOR_ID);
    const firstUri = await nextUri(kernel);
    const second = adapter.connect(WALLETCONNECT_CONNECTOR_ID);
    await expect(first).rejects.toMatchObject({ code: 'kernel/connect-cancelled', details: 'superseded' });
    const secondUri = await nextUri(kernel, firstUri);
    expect(pairingTopicOf(secondUri)).not.toBe(pairingTopicOf(firstUri));
    await phone.pair(secondUri);
    await second;
    expect(kernel.connection.get('eip155')).toMatchObject({ status: 'connected', connectorId: WALLETCONNECT_CONNECTOR_ID, address: `eip155:31337:${phone.address}` });
    expect(phone.sessions()).toHaveLength(1);
  });
});
