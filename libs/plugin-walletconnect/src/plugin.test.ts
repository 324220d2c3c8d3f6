import { createKernel, createMemoryStorage, defineChainPlugin, validateManifest, type ChainPluginAdapter, type PluginDefinition } from '@portico/kernel';
import { connectorPreparerRef } from '@portico/react';
import { describe, expect, it, vi } from 'vitest';
import { WALLETCONNECT_CONNECTOR_ID, walletConnectBindingRef, walletConnectServiceRef, type WalletConnectProviderParts } from './api';
import { createWalletConnectPlugin, walletconnectPlugin } from './plugin';
import { isLoopbackRelay, pairingTopicOf } from './services/WalletConnectConnection';

const load = async (plugin = walletconnectPlugin, others: PluginDefinition[] = [], projectId?: string) => {
  const warnings: string[] = [];
  const kernel = createKernel({
    plugins: [plugin, ...others],
    ...(projectId ? { projectId } : {}),
    networks: [{ caipNetworkId: 'acme:1', name: 'Acme', nativeCurrency: { name: 'Acme', symbol: 'ACM', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:1'] } } }],
    storage: createMemoryStorage(),
    logLevel: 'warn',
    logSink: (level, message) => void (level === 'warn' && warnings.push(message)),
  });
  await kernel.start();
  return { kernel, warnings };
};

describe('walletconnectPlugin', () => {
  it('has a valid manifest that names no chain plugin', () => {
    expect(() => validateManifest(walletconnectPlugin.manifest)).not.toThrow();
    expect(JSON.stringify(walletconnectPlugin.manifest)).not.toMatch(/chain-|eip155|solana|bip122/);
  });

  it('contributes the WALLET_CONNECT connector group, which sorts first', async () => {
    const { kernel } = await load();
    expect(kernel.contributions.list('connectorGroups')).toEqual([
      { id: 'walletConnect', group: 'walletConnect', connectorType: 'WALLET_CONNECT', pluginId: 'walletconnect' },
    ]);
  });

  it('lists no connector and registers no service without a projectId, and says why', async () => {
    const { kernel, warnings } = await load();
    expect(kernel.connectors.get(WALLETCONNECT_CONNECTOR_ID)).toBeUndefined();
    expect(kernel.hasService(walletConnectServiceRef)).toBe(false);
    expect(warnings).toContainEqual(expect.stringContaining('WalletConnect needs a projectId'));
  });

  it("takes the host's projectId when it is given none of its own: one id in createPortico is enough", async () => {
    const acme = acmeChain(async () => ({ createSessionProvider: () => ({ kind: 'acme session provider' }) }));
    const { kernel, warnings } = await load(walletconnectPlugin, [acme.plugin], 'host-project');
    expect(warnings.filter((w) => w.includes('projectId'))).toEqual([]);
    expect(kernel.connectors.get(WALLETCONNECT_CONNECTOR_ID)).toMatchObject({ type: 'WALLET_CONNECT', namespaces: ['acme'] });
    await kernel.dispose();
  });

  it('lists no connector when no chain plugin can take a session', async () => {
    const { kernel, warnings } = await load(createWalletConnectPlugin({ projectId: 'p' }));
    expect(kernel.connectors.get(WALLETCONNECT_CONNECTOR_ID)).toBeUndefined();
    expect(warnings).toContainEqual(expect.stringContaining('no chain plugin takes a WalletConnect session'));
  });
});

/** A chain plugin for a namespace WalletConnect has never heard of, with a binding of its own. */
function acmeChain(load: () => Promise<{ createSessionProvider(parts: WalletConnectProviderParts): unknown }>) {
  const attached: Array<{ connectorId: string; provider: unknown }> = [];
  const made: WalletConnectProviderParts[] = [];
  const plugin = defineChainPlugin({
    manifest: { id: 'chain-acme', version: '1.0.0', kernel: '^0.1.0', namespaces: [{ id: 'acme', name: 'Acme', defaultAccountType: 'eoa' }] },
    adapter: (): ChainPluginAdapter => ({
      namespace: 'acme',
      connect: async () => undefined,
      disconnect: async () => undefined,
      switchNetwork: async () => undefined,
      reconnect: () => undefined,
      attachProvider(connectorId, provider) {
        attached.push({ connectorId, provider });
        return () => undefined;
      },
    }),
    services(ctx) {
      ctx.services.register(walletConnectBindingRef('acme'), {
        useValue: {
          namespace: 'acme',
          methods: ['acme_sign'],
          events: ['acme_accountsChanged'],
          load: async () => {
            const module = await load();
            return { createSessionProvider: (parts: WalletConnectProviderParts) => (made.push(parts), module.createSessionProvider(parts)) };
          },
        },
      });
    },
  });
  return { plugin, attached, made };
}

describe('a chain plugin WalletConnect does not know, through its binding', () => {
  it('is carried by the session: the connector lists its namespace at start, and its provider is loaded and attached only by the connector\'s preparer (listed before the chain: chains activate first)', async () => {
    let loads = 0;
    const acme = acmeChain(async () => (loads++, { createSessionProvider: () => ({ kind: 'acme session provider' }) }));
    const { kernel } = await load(createWalletConnectPlugin({ projectId: 'p' }), [acme.plugin]);
    expect(kernel.connectors.get(WALLETCONNECT_CONNECTOR_ID)).toMatchObject({ type: 'WALLET_CONNECT', namespaces: ['acme'] });
    // Nothing of the binding before the user picks WalletConnect (#41).
    expect([loads, acme.attached]).toEqual([0, []]);
    const prepare = kernel.getService(connectorPreparerRef(WALLETCONNECT_CONNECTOR_ID));
    // A storm of picks (double clicks, retries) loads and attaches the binding once.
    await Promise.all(Array.from({ length: 10 }, () => prepare()));
    await prepare();
    expect(loads).toBe(1);
    expect(acme.attached).toEqual([{ connectorId: WALLETCONNECT_CONNECTOR_ID, provider: { kind: 'acme session provider' } }]);
    expect(acme.made.map((p) => [p.name, p.networks().map((n) => n.caipNetworkId)])).toEqual([['WalletConnect', ['acme:1']]]);
    expect(kernel.connectors.get(WALLETCONNECT_CONNECTOR_ID)).toMatchObject({ namespaces: ['acme'] });
    await kernel.dispose();
  });

  it('a stored WalletConnect connection is restored with its provider attached at start, without a click', async () => {
    const storage = createMemoryStorage();
    storage.set('portico/connection', JSON.stringify({ v: 2, namespaces: { acme: { status: 'connected', connectorId: WALLETCONNECT_CONNECTOR_ID, network: 'acme:1' } }, preferredAccountTypes: {}, recentWallets: [] }));
    let loads = 0;
    const acme = acmeChain(async () => (loads++, { createSessionProvider: () => ({ kind: 'acme session provider' }) }));
    const kernel = createKernel({
      plugins: [createWalletConnectPlugin({ projectId: 'p' }), acme.plugin],
      networks: [{ caipNetworkId: 'acme:1', name: 'Acme', nativeCurrency: { name: 'Acme', symbol: 'ACM', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:1'] } } }],
      storage,
      logLevel: 'silent',
    });
    await kernel.start();
    expect(kernel.connection.restoredSession('acme')).toMatchObject({ connectorId: WALLETCONNECT_CONNECTOR_ID });
    await vi.waitFor(() => expect(acme.attached.map((a) => a.connectorId)).toEqual([WALLETCONNECT_CONNECTOR_ID]));
    expect(loads).toBe(1);
    await kernel.dispose();
  });

  it('a binding that fails to load is left out when prepared, with a warning naming it, and the connector goes with its only namespace', async () => {
    const acme = acmeChain(() => Promise.reject(new Error('chunk missing')));
    const { kernel, warnings } = await load(createWalletConnectPlugin({ projectId: 'p' }), [acme.plugin]);
    await kernel.getService(connectorPreparerRef(WALLETCONNECT_CONNECTOR_ID))();
    expect(acme.attached).toEqual([]);
    expect(warnings).toContainEqual(expect.stringContaining('the acme binding failed to load'));
    expect(warnings).toContainEqual(expect.stringContaining('no chain plugin takes a WalletConnect session'));
    expect(kernel.connectors.get(WALLETCONNECT_CONNECTOR_ID)).toBeUndefined();
    await kernel.dispose();
  });
});

describe('pairingTopicOf', () => {
  it('reads the 64-hex topic of a v2 pairing URI and nothing else', () => {
    const topic = 'a'.repeat(64);
    expect(pairingTopicOf(`wc:${topic}@2?relay-protocol=irn&symKey=${'b'.repeat(64)}`)).toBe(topic);
    expect(pairingTopicOf(`wc:${topic}@1?bridge=x`)).toBeUndefined();
    expect(pairingTopicOf(`https://example.com/wc:${topic}@2?`)).toBeUndefined();
    expect(pairingTopicOf('wc:short@2?x')).toBeUndefined();
  });
});

describe('isLoopbackRelay (the Verify API is off for a relay on this machine)', () => {
  it('is true only for loopback hosts', () => {
    expect(isLoopbackRelay('ws://127.0.0.1:4321')).toBe(true);
    expect(isLoopbackRelay('ws://localhost:1')).toBe(true);
    expect(isLoopbackRelay('wss://relay.walletconnect.org')).toBe(false);
    expect(isLoopbackRelay('wss://127.0.0.1.example.com')).toBe(false);
    expect(isLoopbackRelay('not a url')).toBe(false);
  });
});
