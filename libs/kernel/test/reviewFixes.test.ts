import { describe, expect, it } from 'vitest';
import { NoActiveCaipAddressError } from '../src/index';
import { chainPlugin, delay, kernelFactory, manifest, plugin } from './helpers';

const trackedKernel = kernelFactory();

describe('lazy plugins wait for start()', () => {
  it('does not activate on its event before start, and does after', async () => {
    let activations = 0;
    const kernel = trackedKernel({
      plugins: [
        chainPlugin('acme'),
        plugin(manifest('lazy', { activation: { onEvents: ['account:connected'] } }), { activate: () => void activations++ }),
      ],
    });
    kernel.connection.setConnected('acme', { accounts: [{ address: 'acme:1:a1', type: 'eoa' }] });
    await delay(10);
    expect(activations).toBe(0);
    await kernel.start();
    kernel.connection.setDisconnected('acme');
    kernel.connection.setConnected('acme', { accounts: [{ address: 'acme:1:a1', type: 'eoa' }] });
    await delay(10);
    expect(activations).toBe(1);
  });
});

describe('any-version ranges', () => {
  it('accepts "*" as a kernel range and a dependency range', async () => {
    const kernel = trackedKernel({
      plugins: [plugin(manifest('base', { kernel: '*' })), plugin(manifest('dependent', { requires: { base: '*' } }))],
    });
    await kernel.start();
    expect(kernel.plugins.getSnapshot().map((p) => p.status)).toEqual(['active', 'active']);
  });
});

describe('setConnected without accounts', () => {
  it('throws No ActiveCaipAddress found and emits nothing', () => {
    const kernel = trackedKernel({ plugins: [chainPlugin('acme')] });
    const events: unknown[] = [];
    kernel.events.on('account:connected', (e) => events.push(e));
    expect(() => kernel.connection.setConnected('acme', { accounts: [] })).toThrow(NoActiveCaipAddressError);
    expect(() => kernel.connection.setConnected('acme', { accounts: [] })).toThrow('No ActiveCaipAddress found');
    expect(events).toEqual([]);
    expect(kernel.connection.get('acme').status).toBe('disconnected');
  });
});

describe('persistence while a restored connection is still reconnecting', () => {
  it('an unrelated write does not make the next load forget the connection', async () => {
    const { createMemoryStorage } = await import('../src/index');
    const storage = createMemoryStorage();
    const first = trackedKernel({ storage, plugins: [chainPlugin('acme')] });
    first.connection.setConnected('acme', { accounts: [{ address: 'acme:1:a1', type: 'eoa' }], connectorId: 'w1' });
    const second = trackedKernel({ storage, plugins: [chainPlugin('acme')] });
    expect(second.connection.get('acme').status).toBe('connecting');
    second.connection.addRecentWallet({ id: 'w2', name: 'Other' });
    const third = trackedKernel({ storage, plugins: [chainPlugin('acme')] });
    expect(third.connection.restoredSession('acme')).toEqual({ connectorId: 'w1', network: 'acme:1' });
  });
});
