import { createEip155Plugin } from '@portico/chain-eip155';
import { anvilNetwork as network, startAnvil, type AnvilNode } from '@portico/chain-eip155/testing/node';
import { chainAdapterRef, createKernel, createMemoryStorage, kernelRefs, type Kernel } from '@portico/kernel';
import { connectorPreparerRef } from '@portico/react';
import { createSiwxPlugin, createSiwxServerClient, siwxServiceRef, type SiwxServerConfig } from '@portico/plugin-siwx';
import { createWalletConnectPlugin, WALLETCONNECT_CONNECTOR_ID } from '@portico/plugin-walletconnect';
import { createMemoryKeyValueStorage, createWalletConnectTestWallet, type WalletConnectTestWallet } from '@portico/plugin-walletconnect/testing';
import { createRelay } from '@portico/relay';
import { startSiwxServer } from '@portico/tools/services';
import type { Hex } from 'viem';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { nextUri, until } from './walletconnectHelpers';

// One-click sign-in over WalletConnect (CAIP-222, `connect`'s `authentication`): the dapp side is
// the kernel with the eip155, Sign in with X and WalletConnect plugins; the wallet is the Node
// test wallet on the real protocol, through the local relay; signatures are checked against anvil.
process.env.DISABLE_GLOBAL_CORE = 'true';

const WALLET_KEY: Hex = '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a';
const WALLET_ADDRESS = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const PROJECT_ID = 'portico-one-click';
const DOMAIN = '127.0.0.1:4173';

let relay: Awaited<ReturnType<typeof createRelay>>;
let chainA: AnvilNode;
let chainB: AnvilNode;
let siwxServer: { url: string; stop(): Promise<void> };
const open: Array<{ dispose(): Promise<void> } | WalletConnectTestWallet> = [];

beforeAll(async () => {
  [relay, chainA, chainB] = await Promise.all([createRelay({ port: 0 }), startAnvil({ chainId: 31337 }), startAnvil({ chainId: 31338 })]);
  siwxServer = await startSiwxServer({ domain: DOMAIN, rpcUrls: { 31337: chainA.url, 31338: chainB.url } });
}, 60_000);
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await ('close' in item ? item.close() : item.dispose());
});
afterAll(async () => {
  await Promise.all([relay?.close(), chainA?.stop(), chainB?.stop(), siwxServer?.stop()]);
});

async function phone(oneClick: boolean) {
  const wallet = await createWalletConnectTestWallet({ relayUrl: relay.url, projectId: PROJECT_ID, privateKey: WALLET_KEY, rpcUrls: { [chainA.chainId]: chainA.url, [chainB.chainId]: chainB.url }, oneClick });
  open.push(wallet);
  return wallet;
}

async function app(server?: SiwxServerConfig) {
  const kernel: Kernel = createKernel({
    plugins: [
      createEip155Plugin({ target: new EventTarget() }),
      createSiwxPlugin({ domain: DOMAIN, uri: `http://${DOMAIN}`, statement: 'Sign in to the one-click test', ...(server ? { server } : {}) }),
      createWalletConnectPlugin({
        projectId: PROJECT_ID,
        relayUrl: relay.url,
        metadata: { name: 'Portico one-click', description: 'e2e', url: `http://${DOMAIN}`, icons: [] },
        clientOptions: { storage: createMemoryKeyValueStorage() },
      }),
    ],
    networks: [network(chainA), network(chainB)],
    storage: createMemoryStorage(),
    logLevel: 'silent',
  });
  await kernel.start();
  open.push(kernel);
  // The tests connect the adapter themselves: they run the connector's preparer first, as the connect action does.
  await kernel.getService(connectorPreparerRef(WALLETCONNECT_CONNECTOR_ID))();
  return { kernel, adapter: kernel.getService(chainAdapterRef('eip155')), siwx: kernel.getService(siwxServiceRef) };
}


describe('one-click sign-in over WalletConnect (local relay, Node wallet, anvil)', () => {
  it('one approval connects and signs in: the CACAO is verified, stored with the session, and no signature is asked after', async () => {
    const { kernel, adapter, siwx } = await app();
    const wallet = await phone(true);
    const opened: string[] = [];
    kernel.events.on('modal:opened', ({ view }) => void opened.push(view));
    const connecting = adapter.connect(WALLETCONNECT_CONNECTOR_ID);
    await wallet.pair(await nextUri(kernel));
    await connecting;
    const caipAddress = `eip155:31337:${WALLET_ADDRESS}`;
    expect(kernel.connection.get('eip155')).toMatchObject({ status: 'connected', address: caipAddress });

    // The wallet signed WalletConnect's CAIP-122 text for each chain asked, in the one approval.
    expect(wallet.signIns.map((s) => s.chainId)).toEqual(['eip155:31337', 'eip155:31338']);
    expect(wallet.signIns[0]!.message).toContain(`${DOMAIN} wants you to sign in with your Ethereum account:\n${WALLET_ADDRESS}\n\nSign in to the one-click test\n\nURI: http://${DOMAIN}`);
    const session = await siwx.getSession(caipAddress);
    expect(session?.message).toBe(wallet.signIns[0]!.message);
    expect(session?.cacao).toMatchObject({ h: { t: 'caip122' }, p: { iss: `did:pkh:${caipAddress}`, domain: DOMAIN, aud: `http://${DOMAIN}` }, s: { t: 'eip191' } });
    expect(await siwx.getSession(`eip155:31338:${WALLET_ADDRESS}`)).toBeDefined();
    // No sign-in view, no personal_sign: the one approval was all.
    await new Promise((r) => setTimeout(r, 300));
    expect(opened).not.toContain('SIWXSignMessage');
    expect(kernel.getService(kernelRefs.router).getSnapshot().current.view).not.toBe('SIWXSignMessage');
    expect(wallet.requests.map((r) => r.method)).not.toContain('personal_sign');
  });

  it('with the reference server: its nonce (asked without an account) signs in once, and it keeps the session with its CACAO', async () => {
    const server = createSiwxServerClient(siwxServer.url);
    const { kernel, adapter, siwx } = await app(server);
    const wallet = await phone(true);
    const connecting = adapter.connect(WALLETCONNECT_CONNECTOR_ID);
    await wallet.pair(await nextUri(kernel));
    await connecting;
    const caipAddress = `eip155:31337:${WALLET_ADDRESS}`;
    const session = await siwx.getSession(caipAddress);
    expect(session?.cacao).toBeDefined();
    const kept = await server.getSessions('eip155:31337', WALLET_ADDRESS);
    expect(kept.map((s) => s.data.nonce)).toEqual([session!.data.nonce]);
    expect(kept[0]!.cacao).toMatchObject({ p: { iss: `did:pkh:${caipAddress}` } });
    // The same nonce for the second chain was spent by the first: that one is not signed in.
    expect(await siwx.getSession(`eip155:31338:${WALLET_ADDRESS}`)).toBeUndefined();
    expect(wallet.requests.map((r) => r.method)).not.toContain('personal_sign');
  });

  it('a wallet without one-click sign-in connects, then the sign-in view asks and the wallet signs the message', async () => {
    const { kernel, adapter, siwx } = await app();
    const wallet = await phone(false);
    const connecting = adapter.connect(WALLETCONNECT_CONNECTOR_ID);
    await wallet.pair(await nextUri(kernel));
    await connecting;
    expect(wallet.signIns).toEqual([]);
    const router = kernel.getService(kernelRefs.router);
    await until(() => router.getSnapshot().current.view === 'SIWXSignMessage' && siwx.state.getSnapshot().message !== undefined);
    const session = await siwx.signIn();
    expect(session.cacao).toBeUndefined();
    expect(session.data.accountAddress).toBe(WALLET_ADDRESS);
    expect(wallet.requests.map((r) => r.method)).toEqual(['personal_sign']);
    expect(await siwx.getSession(`eip155:31337:${WALLET_ADDRESS}`)).toEqual(session);
  });
});
