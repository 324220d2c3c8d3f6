// @vitest-environment happy-dom
import { createMemoryStorage, definePlugin } from '@portico/kernel';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PorticoProvider } from '../context/PorticoProvider';
import { createPortico } from '../createPortico';
import { acmeChain, acmeNetworks } from '@portico/core/testing';

afterEach(cleanup);

const View = { default: () => null };

/** A feature plugin with views that do and do not ask to be prefetched. */
function viewsPlugin(id: string, activation: 'eager' | 'lazy', loads: string[]) {
  return definePlugin({
    manifest: {
      id: id.toLowerCase(),
      displayName: id,
      version: '1.0.0',
      kernel: '*',
      activation: activation === 'eager' ? 'eager' : { onViews: [`${id}OnDemand`] },
      contributes: { views: [{ id: `${id}Prefetched`, title: 'P', prefetch: true }, { id: `${id}OnDemand`, title: 'O' }] },
    },
    // Keys computed from the id: cast, the test only needs the loaders.
    views: {
      [`${id}Prefetched`]: async () => (loads.push(`${id}Prefetched`), View),
      [`${id}OnDemand`]: async () => (loads.push(`${id}OnDemand`), View),
    } as never,
  });
}

describe('view prefetch after the first open', () => {
  it('loads the prefetch views of active plugins when idle after the modal opens, nothing before, nothing else', async () => {
    const loads: string[] = [];
    const { plugin } = acmeChain();
    const portico = createPortico({
      projectId: 'p',
      networks: acmeNetworks,
      plugins: [plugin, viewsPlugin('eagerFeature', 'eager', loads), viewsPlugin('lazyFeature', 'lazy', loads)],
      storage: createMemoryStorage(),
      logLevel: 'silent',
    });
    await portico.start();
    render(<PorticoProvider portico={portico} />);
    // Idle before the first open: the modal and the Connect view only.
    await vi.waitFor(() => expect(portico.kernel.peekView('Connect')).toBeDefined(), { timeout: 5000 });
    expect(loads).toEqual([]);
    expect(portico.kernel.peekView('Account')).toBeUndefined();
    await act(async () => void portico.open());
    await vi.waitFor(() => expect(portico.kernel.peekView('Account')).toBeDefined(), { timeout: 5000 });
    expect(portico.kernel.plugins.get('eagerfeature')).toMatchObject({ status: 'active' });
    await vi.waitFor(() => expect(loads).toEqual(['eagerFeaturePrefetched']));
    expect(portico.kernel.plugins.get('lazyfeature')?.status).not.toBe('active');
    expect(portico.kernel.peekView('eagerFeaturePrefetched')).toBeDefined();
    expect(portico.kernel.peekView('eagerFeatureOnDemand')).toBeUndefined();
  });
});

describe('the views a connected visitor meets first (#41)', () => {
  it('are not loaded while nobody is connected, and load when idle once an account connects, before any open', async () => {
    const { plugin } = acmeChain();
    const portico = createPortico({ projectId: 'p', networks: acmeNetworks, plugins: [plugin], storage: createMemoryStorage(), logLevel: 'silent' });
    await portico.start();
    render(<PorticoProvider portico={portico} />);
    await vi.waitFor(() => expect(portico.kernel.peekView('Connect')).toBeDefined(), { timeout: 5000 });
    // The modal's chunk is loaded (Connect is in it), the connected views are chunks of their own.
    await new Promise((r) => setTimeout(r, 300));
    for (const id of ['Account', 'AccountTokens', 'ApproveTransaction', 'Networks']) expect(portico.kernel.peekView(id)).toBeUndefined();
    await act(async () => void (await portico.connect('acme-wallet')));
    await vi.waitFor(() => expect(portico.kernel.peekView('Account')).toBeDefined(), { timeout: 5000 });
    // Its first tab and the approval gate too; Networks waits for the modal's own prefetch after an open.
    await vi.waitFor(() => expect(portico.kernel.peekView('AccountTokens')).toBeDefined(), { timeout: 5000 });
    await vi.waitFor(() => expect(portico.kernel.peekView('ApproveTransaction')).toBeDefined(), { timeout: 5000 });
    expect(portico.kernel.router.getSnapshot().isOpen).toBe(false);
    expect(portico.kernel.peekView('Networks')).toBeUndefined();
  });
});
