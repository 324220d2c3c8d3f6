import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEventBus, createLogger } from '../../test/internals';
import { ConnectionStateCell, DISCONNECTED } from './connectionState';
import { createSilentRestores } from './silentRestores';

function setup(restoring: string[]) {
  const namespaces = Object.fromEntries(restoring.map((ns) => [ns, { ...DISCONNECTED, status: 'connecting' as const, connectorId: `${ns}-wallet` }]));
  const state = new ConnectionStateCell({ namespaces, activeNamespace: undefined, preferredAccountTypes: {}, recentWallets: [] }, createEventBus(), () => undefined);
  const directory = { known: () => new Set(['acme', 'beta']), defaultAccountType: () => undefined, accountTypes: () => undefined, nameOf: () => undefined };
  const given: string[] = [];
  const restores = createSilentRestores(state, new Map(), directory, createLogger('silent'), 1000, (ns) => {
    given.push(ns);
    restores.forget(ns);
    state.update(ns, DISCONNECTED);
  });
  return { state, restores, given };
}

describe('createSilentRestores', () => {
  afterEach(() => vi.useRealTimers());

  it('asks a watcher to reconnect what is being restored, now', () => {
    const { restores } = setup(['acme']);
    const asked: string[] = [];
    restores.watch('acme', (id) => asked.push(id));
    restores.watch('beta', (id) => asked.push(id));
    expect(asked).toEqual(['acme-wallet']);
    expect(restores.sessions.get('acme')).toEqual({ connectorId: 'acme-wallet', network: undefined });
  });

  it('the reconnect window drops unknown namespaces at once and silent ones when it closes', () => {
    vi.useFakeTimers();
    const { restores, given } = setup(['acme', 'beta', 'gone']);
    restores.startWindow(new Set(['acme', 'beta']));
    expect(given).toEqual(['gone']);
    vi.advanceTimersByTime(999);
    expect(given).toEqual(['gone']);
    vi.advanceTimersByTime(1);
    expect(given).toEqual(['gone', 'acme', 'beta']);
  });

  it('follows another tab: restores what it connected, and says so when it is forgotten', () => {
    const { state, restores } = setup([]);
    const asked: string[] = [];
    restores.watch('acme', (id) => asked.push(id));
    restores.follow({ v: 2, namespaces: { acme: { status: 'connected', connectorId: 'w' } }, preferredAccountTypes: { acme: 'eoa' }, recentWallets: [] });
    expect([asked, state.get('acme').status, state.getSnapshot().preferredAccountTypes]).toEqual([['w'], 'connecting', { acme: 'eoa' }]);
    expect(restores.forget('acme')).toBe(true);
    expect(restores.forget('acme')).toBe(false);
  });
});
