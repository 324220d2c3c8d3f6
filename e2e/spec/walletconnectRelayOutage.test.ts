import { createEip155Plugin } from '@portico/chain-eip155';
import { startAnvil, type AnvilNode } from '@portico/chain-eip155/testing/node';
import { chainAdapterRef, createKernel, createMemoryStorage, type Kernel } from '@portico/kernel';
import { connectorPreparerRef } from '@portico/react';
import {
  createWalletConnectPlugin,
  walletConnectServiceRef,
  WALLETCONNECT_CONNECTOR_ID,
  WALLETCONNECT_INTERRUPTED_ALERT,
  WALLETCONNECT_REQUEST_VIEW,
  type PairingState,
} from '@portico/plugin-walletconnect';
import { createMemoryKeyValueStorage, createWalletConnectTestWallet, type WalletConnectTestWallet } from '@portico/plugin-walletconnect/testing';
import { createRelay, type RelayHandle } from '@portico/relay';
import { recoverMessageAddress, type Hex } from 'viem';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';

// The app and the phone are two protocol clients in this one process: no shared Core.
process.env.DISABLE_GLOBAL_CORE = 'true';

const WALLET_KEY: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const PROJECT_ID = 'portico-e2e';
const MESSAGE = '0x68656c6c6f';
const USER_SENTENCE = 'Your wallet could not be reached because the connection to it was interrupted. Please try again.';

let chain: AnvilNode;
/** The relay of the current test; stopped and started again on the same port. */
let relay: RelayHandle | undefined;
let port = 0;
const open: Array<Kernel | WalletConnectTestWallet> = [];

beforeAll(async () => {
  chain = await startAnvil({ chainId: 31337 });
}, 30_000);
afterAll(async () => {
  await chain?.stop();
});
beforeEach(async () => {
  relay = await createRelay({ port: 0 });
  port = relay.port;
});
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await ('close' in item ? item.close() : item.dispose());
  await relay?.close();
  relay = undefined;
});

const stopRelay = async () => {
  await relay!.close();
  relay = undefined;
};
const startRelayAgain = async () => {
  relay = await createRelay({ port });
};

const until = async (predicate: () => boolean, ms = 20_000) => {
  const deadline = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
};

/** A kernel with chain-eip155 and WalletConnect on the local relay, connected to the phone's wallet through a session. */
async function connectedApp(relayTimeoutMs: number) {
  const url = `ws://127.0.0.1:${port}`;
  const kernel = createKernel({
    plugins: [
      createEip155Plugin({ target: new EventTarget() }),
      createWalletConnectPlugin({
        projectId: PROJECT_ID,
        relayUrl: url,
        metadata: { name: 'Portico e2e', description: 'e2e', url: 'http://127.0.0.1', icons: [] },
        clientOptions: { storage: createMemoryKeyValueStorage() },
        relayTimeoutMs,
      }),
    ],
    networks: [{ caipNetworkId: 'eip155:31337', name: 'Anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [chain.url] } } }],
    storage: createMemoryStorage(),
    logLevel: 'silent',
  });
  await kernel.start();
  open.push(kernel);
  const phone = await createWalletConnectTestWallet({ relayUrl: url, projectId: PROJECT_ID, privateKey: WALLET_KEY, rpcUrls: { 31337: chain.url } });
  open.push(phone);
  const adapter = kernel.getService(chainAdapterRef('eip155'));
  const service = kernel.getService(walletConnectServiceRef);
  // The test connects the adapter itself: it runs the connector's preparer first, as the connect action does.
  await kernel.getService(connectorPreparerRef(WALLETCONNECT_CONNECTOR_ID))();
  const connecting = adapter.connect(WALLETCONNECT_CONNECTOR_ID);
  await until(() => service.pairing.getSnapshot().status === 'pairing');
  await phone.pair((service.pairing.getSnapshot() as Extract<PairingState, { status: 'pairing' }>).uri);
  await connecting;
  const provider = adapter.getProvider!() as { request(args: { method: string; params?: unknown[] }): Promise<unknown> };
  const sign = () => provider.request({ method: 'personal_sign', params: [MESSAGE, phone.address] }) as Promise<Hex>;
  return { kernel, service, phone, sign };
}

const alertIds = (kernel: Kernel) => kernel.alerts.getSnapshot().map((a) => a.id);
const modal = (kernel: Kernel) => kernel.router.getSnapshot();

describe('WalletConnect with the relay down: the user is told, requests are kept, and fail clearly when it stays down', () => {
  it('reports the connection interrupted (state and alert) while the relay is down, and clears both once it is back', async () => {
    const { kernel, service } = await connectedApp(25_000);
    expect(service.connectionState.getSnapshot()).toEqual({ status: 'connected' });
    expect(alertIds(kernel)).not.toContain(WALLETCONNECT_INTERRUPTED_ALERT);

    await stopRelay();
    await until(() => service.connectionState.getSnapshot().status === 'interrupted', 5_000);
    expect(alertIds(kernel)).toContain(WALLETCONNECT_INTERRUPTED_ALERT);
    expect(kernel.alerts.getSnapshot().find((a) => a.id === WALLETCONNECT_INTERRUPTED_ALERT)).toMatchObject({ severity: 'warning', title: 'Connection to your wallet interrupted' });
    // The session stays: nothing was disconnected, and no request waits, so the modal is not opened.
    expect(kernel.connection.get('eip155').status).toBe('connected');
    expect(modal(kernel).isOpen).toBe(false);

    await startRelayAgain();
    await until(() => service.connectionState.getSnapshot().status === 'connected');
    expect(alertIds(kernel)).not.toContain(WALLETCONNECT_INTERRUPTED_ALERT);
  }, 60_000);

  it('a request sent while the relay is down waits, with the modal open on it, and goes through when the relay is back in time', async () => {
    const { kernel, service, phone, sign } = await connectedApp(10_000);
    await stopRelay();
    await until(() => service.connectionState.getSnapshot().status === 'interrupted', 5_000);
    const outcome = sign().then(
      (signature) => ({ signature }),
      (error: unknown) => ({ error }),
    );
    await until(() => service.requests.getSnapshot().pending === 1);
    // The host's request has nothing on screen otherwise: the modal opens on it, the alert above.
    await until(() => modal(kernel).isOpen);
    expect(modal(kernel).current.view).toBe(WALLETCONNECT_REQUEST_VIEW);
    expect(alertIds(kernel)).toContain(WALLETCONNECT_INTERRUPTED_ALERT);

    await new Promise((r) => setTimeout(r, 1_500));
    await startRelayAgain();
    const result = await outcome;
    expect(result).toHaveProperty('signature');
    const signature = (result as { signature: Hex }).signature;
    expect(await recoverMessageAddress({ message: { raw: MESSAGE }, signature })).toBe(phone.address);
    expect(phone.requests.map((r) => r.method)).toEqual(['personal_sign']);
    expect(service.requests.getSnapshot()).toEqual({ pending: 0 });
    expect(service.connectionState.getSnapshot()).toEqual({ status: 'connected' });
    // Done: the view closed itself, the alert is gone.
    expect(modal(kernel).isOpen).toBe(false);
    expect(alertIds(kernel)).not.toContain(WALLETCONNECT_INTERRUPTED_ALERT);
  }, 60_000);

  it('a request whose relay stays down fails within the window with the clear error, never the protocol client’s text', async () => {
    const relayTimeoutMs = 3_000;
    const { kernel, service, phone, sign } = await connectedApp(relayTimeoutMs);
    await stopRelay();
    const started = Date.now();
    const error = await sign().then(
      () => undefined,
      (e: unknown) => e as Error & { code?: unknown; cause?: Error & { code?: unknown; shortMessage?: unknown; cause?: unknown } },
    );
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(relayTimeoutMs - 100);
    expect(elapsed).toBeLessThan(relayTimeoutMs + 2_500);
    // The host gets EIP-1193's ProviderRpcError with the sentence; the PorticoError (stable code) is its cause.
    expect(error).toBeInstanceOf(Error);
    expect(error!.message).toBe(USER_SENTENCE);
    expect(error!.message).not.toMatch(/publish|payload|tag:/i);
    expect(error!.cause).toMatchObject({ name: 'WalletConnectRelayUnreachableError', code: 'walletconnect/relay-unreachable', shortMessage: USER_SENTENCE });
    // And the protocol client's own failure is kept as the PorticoError's cause, for developers.
    expect((error!.cause!.cause as Error).message).toMatch(/^Failed to publish payload/);
    expect(phone.requests).toEqual([]);
    // The view opened for it shows the failure, in the same words, until the user closes it.
    expect(modal(kernel)).toMatchObject({ isOpen: true, current: { view: WALLETCONNECT_REQUEST_VIEW } });
    expect(service.requests.getSnapshot()).toMatchObject({ pending: 0, failed: { code: 'walletconnect/relay-unreachable' } });
    kernel.router.close('cancelled');
    expect(service.requests.getSnapshot()).toEqual({ pending: 0 });
    // Still interrupted: the alert stays until the relay is back.
    expect(alertIds(kernel)).toContain(WALLETCONNECT_INTERRUPTED_ALERT);
  }, 30_000);

  it('a request the wallet already has fails with the same error when the relay goes away and stays away while its answer is awaited', async () => {
    const relayTimeoutMs = 3_000;
    const { kernel, service, phone, sign } = await connectedApp(relayTimeoutMs);
    // The phone receives the request and leaves it unanswered (the user has not confirmed yet).
    phone.client.removeAllListeners('session_request');
    let received = 0;
    phone.client.on('session_request', () => void received++);
    const outcome = sign().then(
      () => undefined,
      (e: unknown) => e as Error & { cause?: Error & { code?: unknown; cause?: unknown } },
    );
    await until(() => received === 1);
    expect(modal(kernel).isOpen).toBe(false);
    await stopRelay();
    const stopped = Date.now();
    await until(() => service.connectionState.getSnapshot().status === 'interrupted', 5_000);
    expect(modal(kernel).current.view).toBe(WALLETCONNECT_REQUEST_VIEW);
    const error = await outcome;
    // The outage clock: the window and its one-second settling time, from the moment the relay went.
    expect(Date.now() - stopped).toBeLessThan(relayTimeoutMs + 2_500);
    expect(error!.message).toBe(USER_SENTENCE);
    expect(error!.cause).toMatchObject({ code: 'walletconnect/relay-unreachable' });
    expect(service.requests.getSnapshot()).toMatchObject({ pending: 0, failed: { code: 'walletconnect/relay-unreachable' } });
  }, 30_000);
});
