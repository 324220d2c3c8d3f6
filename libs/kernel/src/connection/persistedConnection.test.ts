import { describe, expect, it } from 'vitest';
import { createLogger, createMemoryStorage } from '../../test/internals';
import { DISCONNECTED, type ConnectionState } from './connectionState';
import { loadConnectionState, toPersistedConnection } from './persistedConnection';

const KEY = 'portico/connection';

describe('loadConnectionState', () => {
  it('brings back connected namespaces as connecting, and drops the others', () => {
    const storage = createMemoryStorage({
      [KEY]: JSON.stringify({ v: 2, namespaces: { acme: { status: 'connected', connectorId: 'w', network: 'acme:1' }, beta: { status: 'disconnected' } }, activeNamespace: 'acme', preferredAccountTypes: {}, recentWallets: [] }),
    });
    const state = loadConnectionState(storage, KEY, createLogger('silent'));
    expect(state.namespaces).toEqual({ acme: { ...DISCONNECTED, status: 'connecting', connectorId: 'w', network: 'acme:1' } });
    expect(state.activeNamespace).toBe('acme');
  });

  it('removes an unreadable record with a warning and starts empty', () => {
    const storage = createMemoryStorage({ [KEY]: '{"v":2,' });
    const warnings: string[] = [];
    const state = loadConnectionState(storage, KEY, createLogger('warn', (_level, message) => warnings.push(message)));
    expect(state).toEqual({ namespaces: {}, activeNamespace: undefined, preferredAccountTypes: {}, recentWallets: [] });
    expect(storage.get(KEY)).toBeNull();
    expect(warnings).toHaveLength(1);
  });
});

describe('toPersistedConnection', () => {
  const state: ConnectionState = {
    namespaces: {
      acme: { ...DISCONNECTED, status: 'connecting', connectorId: 'new', network: 'acme:1' },
      beta: { ...DISCONNECTED, status: 'connecting', connectorId: 'w' },
      gamma: DISCONNECTED,
    },
    activeNamespace: undefined,
    preferredAccountTypes: {},
    recentWallets: [],
  };

  it('stores what was settled before an attempt, keeps a restore connected, and leaves out what is unset', () => {
    const pending = new Map([['acme', { previous: { status: 'connected' as const, connectorId: 'old' } }]]);
    const text = JSON.stringify(toPersistedConnection(state, pending, new Map([['beta', {}]])));
    expect(text).toBe(
      '{"v":2,"namespaces":{"acme":{"status":"connected","connectorId":"old","network":"acme:1"},"beta":{"status":"connected","connectorId":"w"},"gamma":{"status":"disconnected"}},"preferredAccountTypes":{},"recentWallets":[]}',
    );
  });
});
