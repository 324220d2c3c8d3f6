// @vitest-environment happy-dom
import { chainAdapterRef, createMemoryStorage, definePlugin, kernelRefs, type ChainAdapter } from '@portico/kernel';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PorticoProvider } from '../context/PorticoProvider';
import { createPortico } from '../createPortico';
import type { Network } from '@portico/core';
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
