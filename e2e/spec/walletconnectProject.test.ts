import { anvilNetwork as network, startAnvil, type AnvilNode } from '@portico/chain-eip155/testing/node';
import { createEip155Plugin } from '@portico/chain-eip155';
import { corePlugin } from '@portico/core';
import { chainAdapterRef, createKernel, createMemoryStorage, type Kernel } from '@portico/kernel';
import { createWalletConnectPlugin, walletConnectServiceRef, WalletConnectProjectRefusedError, WALLETCONNECT_CONNECTOR_ID } from '@portico/plugin-walletconnect';
import { createMemoryKeyValueStorage } from '@portico/plugin-walletconnect/testing';
import { connectorPreparerRef } from '@portico/react';
import { createRelay } from '@portico/relay';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { nextUri } from './walletconnectHelpers';

// #42: the relay's project check, as WalletConnect's relay does it (strict mode of the local relay):
// an unknown project id gets its socket closed with code 3000, which sign-client only logs and retries.
process.env.DISABLE_GLOBAL_CORE = 'true';

const KNOWN = 'portico-known-project';
let relay: Awaited<ReturnType<typeof createRelay>>;
let chain: AnvilNode;
const kernels: Kernel[] = [];
beforeAll(async () => {
  [relay, chain] = await Promise.all([createRelay({ port: 0, projectIds: [KNOWN] }), startAnvil({ chainId: 31337 })]);
}, 30_000);
afterEach(async () => {
  for (const kernel of kernels.splice(0)) await kernel.dispose();
});
afterAll(async () => {
  await Promise.all([relay?.close(), chain?.stop()]);
});

async function app(projectId: string) {
  const kernel = createKernel({
    plugins: [
      corePlugin,
      createEip155Plugin({ target: new EventTarget() }),
      createWalletConnectPlugin({ projectId, relayUrl: relay.url, metadata: { name: 'Portico e2e', description: 'e2e', url: 'http://127.0.0.1', icons: [] }, clientOptions: { storage: createMemoryKeyValueStorage() } }),
    ],
    networks: [network(chain)],
    storage: createMemoryStorage(),
    logLevel: 'silent',
  });
  await kernel.start();
  kernels.push(kernel);
  await kernel.getService(connectorPreparerRef(WALLETCONNECT_CONNECTOR_ID))();
  return { kernel, adapter: kernel.getService(chainAdapterRef('eip155')), service: kernel.getService(walletConnectServiceRef) };
}

describe('WalletConnect and the relay’s project check (#42)', () => {
  it('a project id the relay does not know: the connect attempt fails at once with the relay’s reason, the QR view’s pairing says so, the Invalid Project ID alert is raised; a retry fails the same way without waiting', async () => {
    const { kernel, adapter, service } = await app('portico-unknown-project');
    const started = Date.now();
    const error = await adapter.connect(WALLETCONNECT_CONNECTOR_ID).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(WalletConnectProjectRefusedError);
    expect((error as Error).message).toBe("The WalletConnect relay refused this app's project id (Unauthorized: invalid key): check projectId and the project's allowed origins in your dashboard");
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(service.pairing.getSnapshot()).toMatchObject({ status: 'failed', error });
    expect(kernel.alerts.getSnapshot().map((a) => a.id)).toContain('invalid-project-id');
    expect(kernel.connection.get('eip155').status).not.toBe('connected');
    const again = Date.now();
    await expect(adapter.connect(WALLETCONNECT_CONNECTOR_ID)).rejects.toBeInstanceOf(WalletConnectProjectRefusedError);
    expect(Date.now() - again).toBeLessThan(1_000);
  }, 20_000);

  it('the project the relay knows pairs as usual', async () => {
    const { kernel, adapter } = await app(KNOWN);
    const connecting = adapter.connect(WALLETCONNECT_CONNECTOR_ID);
    connecting.catch(() => undefined);
    expect(await nextUri(kernel)).toMatch(/^wc:[0-9a-f]{64}@2\?/);
    expect(kernel.alerts.getSnapshot()).toEqual([]);
    kernel.getService(walletConnectServiceRef).cancel();
  }, 20_000);
});
