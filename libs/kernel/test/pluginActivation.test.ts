import { describe, expect, it } from 'vitest';
import { chainPlugin, kernelFactory, manifest, nextEvent, plugin, record } from './helpers';

const makeKernel = kernelFactory();
const account = { accounts: [{ address: 'acme:1:a1', type: 'eoa' as const }] };

describe('lazy plugins wait for start()', () => {
  it('an activation event before start() runs nothing before it, and activates the plugin once started (a click while the host loads is not lost); a plugin whose event has not come stays lazy', async () => {
    let activations = 0;
    const kernel = makeKernel({
      plugins: [
        chainPlugin('acme'),
        plugin(manifest('lazy', { activation: { onEvents: ['account:connected'] } }), { activate: () => void activations++ }),
        plugin(manifest('opened', { activation: { onEvents: ['modal:opened'] } })),
        plugin(manifest('waiting', { activation: { onEvents: ['network:switched'] } })),
      ],
    });
    const connected = record(kernel, 'account:connected');
    const activated = record(kernel, 'plugin:activated');

    kernel.connection.setConnected('acme', account);
    kernel.events.emit('modal:opened', { view: 'Connect' });
    expect(connected).toHaveLength(1);
    // Before start nothing runs: activation would start on the trigger itself, and even a slow one would show 'activating'.
    expect(kernel.plugins.get('lazy')?.status).toBe('resolved');
    expect(kernel.plugins.get('opened')?.status).toBe('resolved');

    // Started: the eager plugins, then the two the early events asked for.
    const both = Promise.all(['lazy', 'opened'].map((id) => nextEvent(kernel, 'plugin:activated', (e) => e.id === id)));
    await kernel.start();
    await both;
    expect(activated.map(({ id }) => id)).toEqual(['chain-acme', 'lazy', 'opened']);
    expect(activations).toBe(1);
    expect(kernel.plugins.get('waiting')?.status).toBe('resolved');

    // The same event again activates nothing twice.
    kernel.connection.setDisconnected('acme');
    kernel.connection.setConnected('acme', account);
    await expect(kernel.plugins.activate('lazy')).resolves.toBe(true);
    expect(activations).toBe(1);
  });
});
