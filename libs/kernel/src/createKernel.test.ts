import { describe, expect, it } from 'vitest';
import { createKernel, createMemoryStorage, createServiceRef, KERNEL_VERSION, kernelRefs, type KernelConfig } from '../test/internals';
import { ConfigInvalidError, InvalidCaipAddressError, KernelDisposedError } from '../src/entries/errors';
import { chainPlugin, errorOf, kernelFactory, manifest, plugin, record } from '../test/helpers';

const makeKernel = kernelFactory({ withShell: true });

/** The ConfigInvalidError message for a config the types may not even allow. */
function configProblem(config: unknown): string {
  const error = errorOf(() => createKernel(config as KernelConfig));
  expect(error).toBeInstanceOf(ConfigInvalidError);
  expect((error as ConfigInvalidError).code).toBe('kernel/config-invalid');
  return (error as ConfigInvalidError).message;
}

describe('createKernel: configuration', () => {
  it('accepts an empty config and a full one', () => {
    expect(makeKernel().version).toBe(KERNEL_VERSION);
    const kernel = makeKernel({
      plugins: [],
      features: { swapsLike: true },
      contributions: { views: { order: ['A'], disabled: ['B'] } },
      storageKey: 'app:one_2.x-y',
      remoteConfig: async () => ({}),
      http: { baseUrl: 'https://api.acme.example/', clientId: 'c', timeoutMs: 1000, headers: { x: 'y' }, fetch },
      logLevel: 'silent',
      logSink: () => undefined,
      activationTimeoutMs: 100,
      reconnectTimeoutMs: 100,
      notAllowedDelayMs: 0,
    });
    expect(kernel.isDisposed).toBe(false);
  });

  it('rejects an unknown key', () => {
    expect(configProblem({ plugin: [] })).toBe('Invalid Portico configuration: (root): Unrecognized key: "plugin"');
  });

  it('rejects a feature flag that is not a boolean, naming it', () => {
    expect(configProblem({ features: { x: 'yes' } })).toBe('Invalid Portico configuration: features.x: Expected boolean, received string');
  });

  it('rejects a plugins entry that is not a plugin, naming its index', () => {
    expect(configProblem({ plugins: [plugin(manifest('ok')), { id: 'raw-manifest' }] })).toContain(
      'plugins[1]: Expected a plugin made with definePlugin',
    );
    expect(configProblem({ plugins: [{ manifest: manifest('x'), activate: 'later' }] })).toContain('plugins[0]:');
    expect(configProblem({ plugins: 'all' })).toContain('plugins: Expected array, received string');
  });

  it('rejects a storage object without get/set/remove', () => {
    expect(configProblem({ storage: { get: () => null, set: () => undefined } })).toContain(
      'storage: Expected a storage port with get, set and remove',
    );
  });

  it('rejects a bad http.baseUrl and unknown http keys', () => {
    expect(configProblem({ http: { baseUrl: 'not a url' } })).toContain('http.baseUrl:');
    expect(configProblem({ http: { retries: 3 } })).toContain('http: Unrecognized key: "retries"');
  });

  it('rejects a bad storage key, timeout, log level and contribution point', () => {
    expect(configProblem({ storageKey: 'has space' })).toContain('storageKey: Must be 1–64 letters');
    expect(configProblem({ activationTimeoutMs: 0 })).toContain('activationTimeoutMs: Must be greater than 0');
    expect(configProblem({ reconnectTimeoutMs: Number.POSITIVE_INFINITY })).toContain('reconnectTimeoutMs:');
    expect(configProblem({ notAllowedDelayMs: -1 })).toContain('notAllowedDelayMs: Must be at least 0');
    expect(configProblem({ logLevel: 'verbose' })).toContain('logLevel: Expected one of "debug", "info", "warn", "error", "silent"');
    expect(configProblem({ contributions: { menus: {} } })).toContain('contributions: Unrecognized key: "menus"');
    expect(configProblem({ remoteConfig: { url: 'x' } })).toContain('remoteConfig: Expected a function (remoteConfig)');
  });

  it('rejects a config that is not an object', () => {
    expect(configProblem(null)).toContain('(root): Expected object, received null');
  });

  it('does not throw for broken plugins: they are reported instead', () => {
    const kernel = makeKernel({ plugins: [plugin(manifest('needs', { requires: { ghost: '^1.0.0' } }))] });
    expect(kernel.plugins.get('needs')?.status).toBe('failed');
  });
});

describe('createKernel: life cycle', () => {
  it('start() is idempotent and emits kernel:started once', async () => {
    let activations = 0;
    const kernel = makeKernel({ plugins: [plugin(manifest('p'), { activate: () => void activations++ })] });
    const started = record(kernel, 'kernel:started');
    const first = kernel.start();
    expect(kernel.start()).toBe(first);
    await first;
    await kernel.start();
    expect(activations).toBe(1);
    expect(started).toHaveLength(1);
  });

  it('dispose() is idempotent, emits kernel:disposed once and clears the bus', async () => {
    const kernel = makeKernel();
    const disposed = record(kernel, 'kernel:disposed');
    kernel.events.on('network:switched', () => undefined);
    await kernel.start();
    await kernel.dispose();
    await kernel.dispose();
    expect(kernel.isDisposed).toBe(true);
    expect(disposed).toHaveLength(1);
    expect(kernel.events.listenerCount('network:switched')).toBe(0);
  });

  it('throws KernelDisposedError from its methods after dispose()', async () => {
    const kernel = makeKernel();
    await kernel.dispose();
    expect(() => kernel.start()).toThrow(KernelDisposedError);
    expect(() => kernel.setFeature('x', true)).toThrow(KernelDisposedError);
    expect(() => kernel.loadView('Connect')).toThrow(KernelDisposedError);
    expect(() => kernel.getService(kernelRefs.router)).toThrow(KernelDisposedError);
    expect(errorOf(() => kernel.start())).toMatchObject({ message: 'This Portico kernel has been disposed', code: 'kernel/disposed' });
    await expect(kernel.plugins.activate('anything')).resolves.toBe(false);
  });

  it('plugins.add after start: the plugin validates, contributes, declares its flag and activates; a taken id is reported, not added twice', async () => {
    let activations = 0;
    const kernel = makeKernel({ plugins: [plugin(manifest('first'))] });
    await kernel.start();
    const failed = record(kernel, 'plugin:failed');
    const activated = record(kernel, 'plugin:activated');
    const late = manifest('late', { featureFlag: { id: 'late', default: true }, contributes: { walletButtons: [{ id: 'late', label: 'Late', view: 'Late', order: 5 }], views: [{ id: 'Late', title: 'Late' }] } });
    kernel.plugins.add([plugin(late, { activate: () => void activations++, views: { Late: () => Promise.resolve({ default: () => null }) } })]);
    expect(kernel.contributions.list('walletButtons').map((b) => b.id)).toEqual(['late']);
    expect(kernel.flags.get('late')?.value).toBe(true);
    await expect.poll(() => activations).toBe(1);
    expect(activated).toEqual([{ id: 'late' }]);
    expect(kernel.plugins.get('late')?.status).toBe('active');
    kernel.plugins.add([plugin(manifest('first'))]);
    expect(failed.map((f) => [f.id, f.error.code])).toEqual([['first', 'kernel/duplicate-plugin']]);
    expect(kernel.plugins.getSnapshot().filter((p) => p.id === 'first')).toHaveLength(1);
    // A host flag set before the plugin arrived applies to it.
    const off = makeKernel({ features: { late: false } });
    await off.start();
    off.plugins.add([plugin(late)]);
    expect(off.contributions.list('walletButtons')).toEqual([]);
    await off.dispose();
    expect(() => off.plugins.add([plugin(manifest('x'))])).toThrow(KernelDisposedError);
  });

  it('closes the modal when disposed', async () => {
    const kernel = makeKernel();
    const opened = kernel.router.open();
    await kernel.dispose();
    await expect(opened).resolves.toBe('closed');
  });

  it('exposes its own services through kernelRefs', () => {
    const kernel = makeKernel();
    expect(kernel.getService(kernelRefs.router)).toBe(kernel.router);
    expect(kernel.getService(kernelRefs.events)).toBe(kernel.events);
    expect(kernel.getService(kernelRefs.connection)).toBe(kernel.connection);
    expect(kernel.getService(kernelRefs.requestGate)).toBe(kernel.requestGate);
    expect(kernel.getService(kernelRefs.rpcPolicy)).toBe(kernel.rpcPolicy);
    const { networks, storageKey, notAllowedDelayMs, reconnectTimeoutMs } = kernel.getService(kernelRefs.settings);
    expect({ networks, storageKey, notAllowedDelayMs, reconnectTimeoutMs }).toEqual({ networks: [], storageKey: 'portico', notAllowedDelayMs: 300, reconnectTimeoutMs: 10_000 });
  });

  it('kernel.caip knows the namespaces of enabled chain plugins only', async () => {
    const kernel = makeKernel({
      plugins: [chainPlugin('acme'), chainPlugin('beta', { featureFlag: { id: 'beta', default: false } })],
    });
    expect([...kernel.caip.namespaces()]).toEqual(['acme']);
    expect(kernel.caip.parseAddress('acme:1:0xab')).toMatchObject({ namespace: 'acme', address: '0xab' });
    expect(() => kernel.caip.parseAddress('beta:1:0xab')).toThrow(InvalidCaipAddressError);
    expect(kernel.caip.parseNetworkId('beta:1')).toEqual({ namespace: 'beta', reference: '1' });
    kernel.setFeature('beta', true);
    expect([...kernel.caip.namespaces()].sort()).toEqual(['acme', 'beta']);
  });
});

describe('createKernel: two kernels in one process are independent', () => {
  it('events, services, flags and plugins do not leak between kernels', async () => {
    const ref = createServiceRef<{ name: string }>('acme/name');
    const flagPlugin = (id: string) =>
      plugin(manifest('acme', { featureFlag: { id: 'acme', default: true } }), {
        activate: (ctx) => void ctx.services.register(ref, { useValue: { name: id } }),
      });
    const one = makeKernel({ plugins: [flagPlugin('one')] });
    const two = makeKernel({ plugins: [flagPlugin('two')] });
    await Promise.all([one.start(), two.start()]);

    expect(one.getService(ref).name).toBe('one');
    expect(two.getService(ref).name).toBe('two');
    expect(one.router).not.toBe(two.router);
    expect(one.connection).not.toBe(two.connection);

    const seenByTwo = record(two, 'network:switched');
    one.events.emit('network:switched', { namespace: 'acme', network: 'acme:1' });
    expect(seenByTwo).toEqual([]);

    one.setFeature('acme', false);
    expect(one.flags.isEnabled('acme')).toBe(false);
    expect(two.flags.isEnabled('acme')).toBe(true);
    expect(two.plugins.get('acme')?.status).toBe('active');

    one.router.push('Elsewhere');
    expect(two.router.getSnapshot().current.view).toBe('Connect');
  });

  it('two kernels sharing one storage keep their data apart by storageKey', async () => {
    const storage = createMemoryStorage();
    const one = makeKernel({ storage, storageKey: 'first', plugins: [chainPlugin('acme')] });
    const two = makeKernel({ storage, storageKey: 'second', plugins: [chainPlugin('acme')] });
    one.connection.setConnected('acme', { accounts: [{ address: 'acme:1:0xone', type: 'eoa' }] });
    two.connection.addRecentWallet({ id: 'w2', name: 'Wallet Two' });
    expect(Object.keys(storage.dump()).sort()).toEqual(['first/connection', 'second/connection']);
    expect(JSON.parse(storage.get('second/connection') ?? '{}').namespaces).toEqual({});

    const again = makeKernel({ storage, storageKey: 'first', plugins: [chainPlugin('acme')] });
    expect(again.connection.get('acme').status).toBe('connecting');
    expect(again.connection.getSnapshot().recentWallets).toEqual([]);
  });
});
