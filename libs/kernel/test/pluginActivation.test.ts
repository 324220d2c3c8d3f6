import { describe, expect, it } from 'vitest';
import { chainPlugin, kernelFactory, manifest, nextEvent, plugin, record } from './helpers';

const makeKernel = kernelFactory();
const account = { accounts: [{ address: 'acme:1:a1', type: 'eoa' as const }] };

describe('lazy plugins wait for start()', () => {
  it('an activation event before start() activates nothing, not even at start; the same event after start() does', async () => {
    let activations = 0;
    const kernel = makeKernel({
      plugins: [
        chainPlugin('acme'),
        plugin(manifest('lazy', { activation: { onEvents: ['account:connected'] } }), { activate: () => void activations++ }),
        // Activated through the same trigger path after start(), to bound the early event's effects.
        plugin(manifest('witness', { activation: { onEvents: ['network:switched'] } })),
      ],
    });
    const connected = record(kernel, 'account:connected');
    const activated = record(kernel, 'plugin:activated');

    kernel.connection.setConnected('acme', account);
    expect(connected).toHaveLength(1);
    // Activation starts on the trigger itself: even a slow one would already show 'activating'.
    expect(kernel.plugins.get('lazy')?.status).toBe('resolved');

    // Started: every eager plugin has settled, and the early event was not replayed.
    await kernel.start();
    expect(activated).toEqual([{ id: 'chain-acme' }]);
    expect(kernel.plugins.get('lazy')?.status).toBe('resolved');

    // The witness's trigger comes later than the early event on the same path: once the witness
    // is active, whatever the early event could have set off has happened.
    const witnessActive = nextEvent(kernel, 'plugin:activated', ({ id }) => id === 'witness');
    kernel.events.emit('network:switched', { namespace: 'acme', network: 'acme:1' });
    await witnessActive;
    expect(kernel.plugins.get('lazy')?.status).toBe('resolved');
    expect(activations).toBe(0);

    const lazyActive = nextEvent(kernel, 'plugin:activated', ({ id }) => id === 'lazy');
    kernel.connection.setDisconnected('acme');
    kernel.connection.setConnected('acme', account);
    await lazyActive;
    expect(activations).toBe(1);
    expect(kernel.plugins.get('lazy')?.status).toBe('active');
  });
});
