// @vitest-environment happy-dom
import { chainAdapterRef, createMemoryStorage, definePlugin, kernelRefs, type ChainAdapter } from '@portico/kernel';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PorticoProvider } from '../context/PorticoProvider';
import { createPortico } from '../createPortico';
import { en, type Network } from '@portico/core';
import NetworksView from './NetworksView';

afterEach(cleanup);

const networks: Network[] = [
  { caipNetworkId: 'zeta:1', name: 'Zeta', nativeCurrency: { name: 'Zeta', symbol: 'ZET', decimals: 6 } },
  { caipNetworkId: 'zeta:2', name: 'Zeta Two', nativeCurrency: { name: 'Zeta', symbol: 'ZET', decimals: 6 } },
];

/** A chain whose wallet answers network switches with whatever `refusals` holds next (thrown as it is), then switches. */
function zetaChain(refusals: unknown[]) {
  return definePlugin({
    manifest: { id: 'chain-zeta', version: '1.0.0', kernel: '^0.1.0', namespaces: [{ id: 'zeta', name: 'Zeta', defaultAccountType: 'eoa' }] },
    activate(ctx) {
      const connection = ctx.services.get(kernelRefs.connection);
      const adapter: ChainAdapter = {
        namespace: 'zeta',
        async connect() {},
        async disconnect() {},
        async switchNetwork(network) {
          if (refusals.length > 0) throw refusals.shift();
          connection.setNetwork('zeta', network.caipNetworkId);
        },
      };
      ctx.services.register(chainAdapterRef('zeta'), { useValue: adapter });
    },
  });
}

describe('NetworksView when the wallet refuses a switch', () => {
  it('shows the refusal in words (a plain object, never "[object Object]"), and clears it on the next try', async () => {
    const refusals: unknown[] = [{ code: 4001, message: 'User rejected the request.', data: { x: 1 } }, { nested: true }];
    const portico = createPortico({ projectId: 'p', networks, plugins: [zetaChain(refusals)], storage: createMemoryStorage(), logLevel: 'silent' });
    // The view alone, without the modal that brings the full English catalogue: given here, so no
    // assertion races its lazy load (a loaded machine took over the 1 s waitFor allows).
    portico.i18n.provideEnglish(en);
    await portico.start();
    render(
      <PorticoProvider portico={portico}>
        <NetworksView />
      </PorticoProvider>,
    );
    await act(async () => screen.getByRole('button', { name: /Zeta Two/ }).click());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Request declinedYou declined the request.'));
    await act(async () => screen.getByRole('button', { name: /Zeta Two/ }).click());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Something went wrongThe request did not go through. Try again.'));
    expect(document.body.textContent).not.toContain('[object Object]');
    await act(async () => screen.getByRole('button', { name: /Zeta Two/ }).click());
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    await portico.dispose();
  });
});

/** A chain plugin for `ns` whose wallet holds each switch until `release()`; connected on its first network when `connected`. */
function heldChain(ns: string, name: string) {
  const held: Array<() => void> = [];
  const plugin = definePlugin({
    manifest: { id: `chain-${ns}`, version: '1.0.0', kernel: '^0.1.0', namespaces: [{ id: ns, name, defaultAccountType: 'eoa' }] },
    activate(ctx) {
      const connection = ctx.services.get(kernelRefs.connection);
      const adapter: ChainAdapter = {
        namespace: ns,
        async connect() {
          connection.setConnected(ns, { accounts: [{ address: `${ns}:1:abcdef`, type: 'eoa' }], network: `${ns}:1` });
        },
        async disconnect() {},
        async switchNetwork(network) {
          await new Promise<void>((release) => held.push(release));
          connection.setNetwork(ns, network.caipNetworkId);
        },
      };
      ctx.services.register(chainAdapterRef(ns), { useValue: adapter });
    },
  });
  return { plugin, release: () => held.splice(0).forEach((r) => r()), held: () => held.length };
}

const twoFamilies: Network[] = [
  ...networks,
  { caipNetworkId: 'zeta:3', name: 'Zeta Test', nativeCurrency: { name: 'Zeta', symbol: 'ZET', decimals: 6 }, testnet: true },
  { caipNetworkId: 'acme:1', name: 'Acme One', nativeCurrency: { name: 'Acme', symbol: 'ACM', decimals: 6 } },
];

async function shown(plugins: ReturnType<typeof heldChain>[]) {
  const portico = createPortico({ projectId: 'p', networks: twoFamilies, plugins: plugins.map((p) => p.plugin), storage: createMemoryStorage(), logLevel: 'silent' });
  portico.i18n.provideEnglish(en);
  await portico.start();
  render(
    <PorticoProvider portico={portico}>
      <NetworksView />
    </PorticoProvider>,
  );
  return portico;
}

describe('NetworksView with two chain families', () => {
  it('groups the networks under their family names and marks testnets', async () => {
    const portico = await shown([heldChain('zeta', 'Zeta Chain'), heldChain('acme', 'Acme Chain')]);
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual(['Zeta Chain', 'Acme Chain']);
    expect(screen.getByRole('region', { name: 'Acme Chain' }).textContent).toContain('Acme One');
    expect(screen.getByRole('button', { name: /Zeta Test/ }).textContent).toContain('Testnet');
    await portico.dispose();
  });

  it('says "Switching…" on the chosen row while the wallet decides, with the others disabled, then goes back', async () => {
    const zeta = heldChain('zeta', 'Zeta Chain');
    const portico = await shown([zeta]);
    await act(async () => void (await portico.kernel.getService(chainAdapterRef('zeta')).connect('x')));
    void portico.open('Networks');
    await act(async () => screen.getByRole('button', { name: /Zeta Two/ }).click());
    const row = screen.getByRole('button', { name: /Zeta Two/ });
    expect(row.textContent).toContain('Switching…');
    expect(row.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('button', { name: /Zeta Test/ }).hasAttribute('disabled')).toBe(true);
    expect(portico.kernel.router.getSnapshot().isOpen).toBe(true);
    await act(async () => zeta.release());
    await waitFor(() => expect(portico.kernel.router.getSnapshot().isOpen).toBe(false));
    expect(portico.kernel.connection.get('zeta').network).toBe('zeta:2');
    await portico.dispose();
  });

  it('a network of a family with no wallet connected says so and offers to connect one; with one connected, it switches there and makes it active', async () => {
    const zeta = heldChain('zeta', 'Zeta Chain');
    const acme = heldChain('acme', 'Acme Chain');
    const portico = await shown([zeta, acme]);
    await act(async () => void (await portico.kernel.getService(chainAdapterRef('zeta')).connect('x')));
    void portico.open('Networks');
    await act(async () => screen.getByRole('button', { name: /Acme One/ }).click());
    expect(screen.getByRole('status').textContent).toContain('Connect a Acme Chain wallet to use Acme One.');
    expect(acme.held()).toBe(0);
    await act(async () => screen.getByRole('button', { name: 'Connect Wallet' }).click());
    expect(portico.kernel.router.getSnapshot().current.view).toBe('Connect');

    await act(async () => void (await portico.kernel.getService(chainAdapterRef('acme')).connect('x')));
    await act(async () => portico.kernel.connection.setActiveNamespace('zeta'));
    void portico.open('Networks');
    await act(async () => screen.getByRole('button', { name: /Acme One/ }).click());
    await act(async () => acme.release());
    await waitFor(() => expect(portico.kernel.connection.getSnapshot().activeNamespace).toBe('acme'));
    await portico.dispose();
  });
});
