/**
 * A plugin pair the kernel has never heard of: a chain plugin for a made-up `acme`
 * namespace and a feature plugin that requires it. Everything they do goes through the
 * public API; if this passes, the kernel is open to third-party chains and features.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryStorage, createServiceRef, defineManifest, definePlugin, kernelRefs, validateManifest, type PluginContext } from './internals';
import { AdapterNotFoundError, InvalidCaipAddressError, RpcMethodNotAllowedError } from '../src/entries/errors';
import { kernelFactory, record, waitFor } from './helpers';

declare module '../src/events/PorticoEvents' {
  interface PorticoEvents {
    'acme:block-mined': { height: number };
  }
}

/** What the acme chain plugin offers other plugins (its "api.ts"). */
interface AcmeChain {
  readonly blocks: number[];
  isAddress(value: string): boolean;
}
const acmeChainRef = createServiceRef<AcmeChain>('chain-acme/chain');

const chainManifest = defineManifest({
  id: 'chain-acme',
  version: '2.3.0',
  kernel: '^0.1.0',
  displayName: 'Acme chain',
  namespaces: [{ id: 'acme', name: 'Acme', defaultAccountType: 'ordinal' }],
  contributes: {
    rpcPolicies: [
      { id: 'acme-rpc', namespace: 'acme', safe: ['acme_get*', 'acme_chainId'], confirm: ['acme_sign*', 'acme_sendTransfer'], reject: ['acme_signRaw'] },
    ],
    connectorGroups: [{ id: 'acme-injected', group: 'injected', connectorType: 'INJECTED', namespaces: ['acme'] }],
  },
});

const chainPlugin = definePlugin({
  manifest: chainManifest,
  activate(ctx) {
    const chain: AcmeChain = { blocks: [], isAddress: (value) => /^[a-z0-9]{6,}$/.test(value) };
    ctx.services.register(acmeChainRef, { useValue: chain });
    ctx.events.on('acme:block-mined', ({ height }) => void chain.blocks.push(height));
  },
});

const AcmeStakeView = { default: function AcmeStakeView() {} };
let viewLoads = 0;
const seen: { context?: PluginContext } = {};
/** Read through a function: TypeScript cannot see activate() assign it. */
const featureContext = (): PluginContext | undefined => seen.context;

const featureManifest = defineManifest({
  id: 'acme-staking',
  version: '0.4.0',
  kernel: '^0.1.0',
  requires: { 'chain-acme': '^2.0.0' },
  featureFlag: { id: 'acmeStaking', default: true },
  activation: { onViews: ['AcmeStake'] },
  contributes: {
    views: [{ id: 'AcmeStake', title: 'Stake ACME' }],
    walletButtons: [{ id: 'acme-stake', label: 'Stake', view: 'AcmeStake', icon: 'coins', namespaces: ['acme'], order: 5 }],
  },
});

const featurePlugin = definePlugin({
  manifest: featureManifest,
  activate(ctx) {
    seen.context = ctx;
    const chain = ctx.services.get(acmeChainRef);
    ctx.events.on('account:connected', ({ address }) => void chain.isAddress(address));
  },
  views: {
    AcmeStake: async () => {
      viewLoads++;
      return AcmeStakeView;
    },
  },
});

const makeKernel = kernelFactory();

describe('a third-party chain + feature plugin pair', () => {
  it('loads, contributes, activates lazily, connects, gates RPC, and leaves nothing behind on dispose', async () => {
    viewLoads = 0;
    delete seen.context;
    const storage = createMemoryStorage();
    const kernel = makeKernel({ storage, plugins: [featurePlugin, chainPlugin] });
    const activated = record(kernel, 'plugin:activated');
    const failed = record(kernel, 'plugin:failed');

    await kernel.start();
    expect(failed).toEqual([]);
    expect(activated.map((a) => a.id)).toEqual(['chain-acme']);
    expect(kernel.plugins.get('acme-staking')?.status).toBe('resolved');
    expect([...kernel.caip.namespaces()]).toEqual(['acme']);

    // Contributions: a view, a wallet button, an RPC policy, a connector group.
    expect(kernel.contributions.list('views').map((v) => [v.id, v.pluginId])).toEqual([['AcmeStake', 'acme-staking']]);
    expect(kernel.contributions.list('walletButtons', 'acme').map((b) => b.id)).toEqual(['acme-stake']);
    expect(kernel.contributions.list('walletButtons', 'other')).toEqual([]);
    expect(kernel.contributions.list('rpcPolicies').map((p) => p.id)).toEqual(['acme-rpc']);
    expect(kernel.contributions.list('connectorGroups').map((g) => g.id)).toEqual(['acme-injected']);

    // The chain's service and events work before the feature is even active.
    kernel.events.emit('acme:block-mined', { height: 42 });
    expect(kernel.getService(acmeChainRef).blocks).toEqual([42]);

    // The feature's view loads lazily and activates the feature (after its chain).
    expect(viewLoads).toBe(0);
    await expect(kernel.loadView('AcmeStake')).resolves.toBe(AcmeStakeView);
    expect(viewLoads).toBe(1);
    expect(activated.map((a) => a.id)).toEqual(['chain-acme', 'acme-staking']);
    expect(featureContext()?.pluginId).toBe('acme-staking');

    // CAIP-10 acme addresses are accepted; the chain's default account type applies.
    kernel.connection.setConnected('acme', { accounts: [{ address: 'acme:main:stake42abc', type: 'ordinal' }], connectorId: 'acme-injected' });
    expect(kernel.connection.get('acme')).toMatchObject({ status: 'connected', address: 'acme:main:stake42abc', network: 'acme:main' });
    expect(kernel.connection.preferredAccountType('acme')).toBe('ordinal');
    expect(() => kernel.connection.setConnected('zzz', { accounts: [] })).toThrow(AdapterNotFoundError);
    expect(() => kernel.connection.setAccounts('acme', [{ address: 'other:main:abc', type: 'eoa' }])).toThrow(InvalidCaipAddressError);

    // The chain's RPC policy classifies its methods.
    expect(kernel.rpcPolicy.classify('acme_getBalance', 'acme')).toBe('safe');
    expect(kernel.rpcPolicy.classify('acme_signMessage', 'acme')).toBe('confirm');
    expect(kernel.rpcPolicy.classify('acme_signRaw', 'acme')).toBe('reject');
    expect(kernel.rpcPolicy.classify('acme_unknown', 'acme')).toBe('reject');
    expect(() => kernel.rpcPolicy.assertAllowed('acme_signRaw', 'acme')).toThrow(RpcMethodNotAllowedError);
    await expect(kernel.requestGate.request('acme', { method: 'acme_chainId' }, async () => 'acme:main')).resolves.toBe('acme:main');

    // Dispose: everything is gone.
    const context = featureContext()!;
    expect(context.services.has(acmeChainRef)).toBe(true);
    await kernel.dispose();
    expect(context.signal.aborted).toBe(true);
    expect(context.services.has(acmeChainRef)).toBe(false);
    expect(context.services.has(kernelRefs.router)).toBe(false);
    for (const point of ['views', 'walletButtons', 'rpcPolicies', 'connectorGroups'] as const) {
      expect(kernel.contributions.list(point)).toEqual([]);
    }
    expect(kernel.rpcPolicy.classify('acme_getBalance', 'acme')).toBe('reject');
    expect(kernel.events.listenerCount('acme:block-mined')).toBe(0);
    expect(kernel.events.listenerCount('account:connected')).toBe(0);
    expect(kernel.events.listenerCount('view:changed')).toBe(0);
  });

  it('turning the feature off undoes the feature only; the chain keeps serving', async () => {
    const kernel = makeKernel({ plugins: [chainPlugin, featurePlugin] });
    await kernel.start();
    await kernel.loadView('AcmeStake');
    expect(kernel.events.listenerCount('account:connected')).toBe(1);
    const disposed = record(kernel, 'plugin:disposed');

    kernel.setFeature('acmeStaking', false);
    expect(kernel.contributions.list('walletButtons')).toEqual([]);
    expect(kernel.contributions.list('views')).toEqual([]);
    await waitFor(() => disposed.length === 1);
    expect(disposed).toEqual([{ id: 'acme-staking' }]);
    expect(kernel.events.listenerCount('account:connected')).toBe(0);
    expect(kernel.contributions.list('rpcPolicies')).toHaveLength(1);
    expect(kernel.getService(acmeChainRef).isAddress('abcdef1')).toBe(true);
    await expect(kernel.loadView('AcmeStake')).rejects.toMatchObject({ name: 'ViewNotFoundError' });
  });

  it('the feature activates when its view is pushed on the router', async () => {
    const kernel = makeKernel({ plugins: [chainPlugin, featurePlugin] });
    await kernel.start();
    void kernel.router.open('AcmeStake');
    await waitFor(() => kernel.plugins.get('acme-staking')?.status === 'active');
  });

  it('without its chain plugin, the feature fails alone with a clear error', async () => {
    const kernel = makeKernel({ plugins: [featurePlugin] });
    await kernel.start();
    expect(kernel.plugins.get('acme-staking')?.error?.message).toBe('Plugin "acme-staking" requires "chain-acme", which is not installed');
    expect(kernel.contributions.list('walletButtons')).toEqual([]);
    expect(() => kernel.connection.setConnecting('acme')).toThrow(AdapterNotFoundError);
  });
});

describe('a chain plugin that declares its networks', () => {
  const make = kernelFactory();
  const net = (id: string, name: string) => ({ caipNetworkId: id, name, nativeCurrency: { name, symbol: name.slice(0, 3).toUpperCase(), decimals: 6 } });
  const zeta = definePlugin({
    manifest: { id: 'chain-zeta', version: '1.0.0', kernel: '^0.1.0', namespaces: [{ id: 'zeta', name: 'Zeta', defaultAccountType: 'eoa', networks: [net('zeta:main', 'Zeta'), net('zeta:test', 'Zeta Test')] }] },
  });

  it("gives the app its networks when the host lists none of the namespace, and yields to the host's list", () => {
    expect(make({ plugins: [zeta] }).getService(kernelRefs.settings).networks.map((n) => n.caipNetworkId)).toEqual(['zeta:main', 'zeta:test']);
    const hosted = make({ plugins: [zeta], networks: [net('zeta:test', 'Zeta Test'), net('acme:1', 'Acme')] });
    expect(hosted.getService(kernelRefs.settings).networks.map((n) => n.caipNetworkId)).toEqual(['zeta:test', 'acme:1']);
    const other = make({ plugins: [zeta], networks: [net('acme:1', 'Acme')] });
    expect(other.getService(kernelRefs.settings).networks.map((n) => n.caipNetworkId)).toEqual(['acme:1', 'zeta:main', 'zeta:test']);
  });

  it("refuses a declared network of another namespace", () => {
    expect(() => validateManifest({ ...zeta.manifest, namespaces: [{ id: 'zeta', name: 'Zeta', defaultAccountType: 'eoa', networks: [net('acme:1', 'Acme')] }] })).toThrow(/every network must be on the namespace/);
  });
});
