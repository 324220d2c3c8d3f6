// @vitest-environment happy-dom
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMemoryStorage, definePlugin, kernelRefs, type RegisteredConnector } from '@portico/kernel';
import { acmeChain, acmeNetworks } from '@portico/core/testing';
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPortico } from '../createPortico';
import { followWalletListing, keepPlaces, LISTING_PLACES_MS, useWalletListingPending } from './walletListing';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const wallet = (id: string) => ({ id }) as RegisteredConnector;

describe('keepPlaces', () => {
  it('adds the groups still to come in the groups’ order, and leaves a group that is there as it is', () => {
    const shown = keepPlaces(
      [
        { group: 'injected', connectors: [wallet('a')] },
        { group: 'custom', connectors: [wallet('c')] },
      ],
      { featured: 2, recommended: 4 },
    );
    expect(shown.map((g) => [g.group, g.places ?? g.connectors.length])).toEqual([
      ['injected', 1],
      ['featured', 2],
      ['custom', 1],
      ['recommended', 4],
    ]);
    const there = keepPlaces([{ group: 'recommended', connectors: [wallet('r')] }], { featured: 0, recommended: 4 });
    expect(there).toEqual([{ group: 'recommended', connectors: [wallet('r')] }]);
  });
});

describe('followWalletListing', () => {
  it('an open before the start is over keeps the places for LISTING_PLACES_MS from the end of the start (when the registry can first be asked), not from the click', async () => {
    // A registry that never answers: only the time ends the places.
    const held: ServerResponse[] = [];
    const registry = createServer((_request, response) => void held.push(response));
    await new Promise<void>((resolve) => registry.listen(0, '127.0.0.1', resolve));
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    // A plugin whose setup takes as long as the test says; the connector group that reaches registry wallets.
    const slow = definePlugin({
      manifest: { id: 'slow', version: '1.0.0', kernel: '^0.1.0', contributes: { connectorGroups: [{ id: 'walletConnect', group: 'walletConnect', connectorType: 'WALLET_CONNECT' }] } },
      activate: async (ctx) => {
        await gate;
        ctx.services.get(kernelRefs.connectors).register({ id: 'walletConnect', name: 'WalletConnect', type: 'WALLET_CONNECT', namespaces: ['acme'] }, ctx.pluginId);
      },
    });
    const portico = createPortico({
      projectId: 'p',
      networks: acmeNetworks,
      plugins: [acmeChain().plugin, slow],
      storage: createMemoryStorage(),
      logLevel: 'silent',
      walletRegistryUrl: `http://127.0.0.1:${(registry.address() as AddressInfo).port}`,
    });
    try {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      // The modal's code came before the click.
      followWalletListing(portico);
      const starting = portico.start();
      portico.open();
      const { result } = renderHook(() => useWalletListingPending(portico));
      expect(result.current).toBe(true);
      // Past the places' time counted from the click (under the plugins' 10 s activation timeout).
      await act(() => vi.advanceTimersByTimeAsync(LISTING_PLACES_MS + 1_000));
      // The start is not over: the registry has not even been asked.
      expect(result.current).toBe(true);
      open();
      await act(() => starting);
      // The idle moment after the open (200 ms without requestIdleCallback), then the listing code: the registry is asked.
      await act(() => vi.advanceTimersByTimeAsync(300));
      for (const until = Date.now() + 5_000; held.length === 0 && Date.now() < until; ) await new Promise((resolve) => setImmediate(resolve));
      expect(held.length).toBeGreaterThan(0);
      await act(() => vi.advanceTimersByTimeAsync(LISTING_PLACES_MS - 400));
      expect(result.current).toBe(true);
      await act(() => vi.advanceTimersByTimeAsync(200));
      expect(result.current).toBe(false);
    } finally {
      vi.useRealTimers();
      await portico.dispose();
      for (const response of held) response.writeHead(503).end();
      await new Promise((resolve) => registry.close(resolve));
    }
  });
});
