import { describe, expect, it } from 'vitest';
import type { StoragePort } from '../storage/StoragePort';
import { chainPlugin, delay, kernelFactory } from '../../test/helpers';

const makeKernel = kernelFactory();
const acme = chainPlugin('acme');
const KEY = 'portico/connection';
const A1 = 'acme:1:0xaaa';

/**
 * Tabs of one site over one storage: a write in one tab reaches the others' `subscribe` as a
 * later task (as the browser's `storage` event does); `deaf` tabs miss the events.
 */
function site() {
  const map = new Map<string, string>();
  const listeners = new Map<number, Set<(key: string | null) => void>>();
  let next = 0;
  const tab = ({ deaf = false } = {}): StoragePort => {
    const me = next++;
    listeners.set(me, new Set());
    const notify = (key: string) =>
      setTimeout(() => {
        for (const [id, set] of listeners) if (id !== me) set.forEach((l) => l(key));
      }, 0);
    return {
      get: (key) => map.get(key) ?? null,
      set: (key, value) => (map.set(key, value), notify(key)),
      remove: (key) => (map.delete(key), notify(key)),
      subscribe: (listener) => {
        if (deaf) return () => undefined;
        listeners.get(me)!.add(listener);
        return () => listeners.get(me)!.delete(listener);
      },
    };
  };
  const stored = () => JSON.parse(map.get(KEY) ?? '{}') as { namespaces?: Record<string, { status: string; connectorId?: string }> };
  return { tab, stored };
}

describe('ConnectionStore: tabs of one site agree', () => {
  it('a disconnect in one tab disconnects the other, and a later write there does not put "connected" back', async () => {
    const { tab, stored } = site();
    const a = makeKernel({ plugins: [acme], storage: tab() });
    const b = makeKernel({ plugins: [acme], storage: tab() });
    a.connection.setConnected('acme', { accounts: [{ address: A1, type: 'eoa' }], connectorId: 'w1' });
    b.connection.setConnected('acme', { accounts: [{ address: A1, type: 'eoa' }], connectorId: 'w1' });
    await delay(5);
    a.connection.setDisconnected('acme');
    await delay(5);
    expect(b.connection.get('acme').status).toBe('disconnected');
    b.connection.setPreferredAccountType('acme', 'eoa');
    expect(stored().namespaces?.['acme']?.status).toBe('disconnected');
  });

  it('a tab that missed the event still never writes its stale "connected" over the newer record', async () => {
    const { tab, stored } = site();
    const a = makeKernel({ plugins: [acme], storage: tab() });
    const b = makeKernel({ plugins: [acme], storage: tab({ deaf: true }) });
    b.connection.setConnected('acme', { accounts: [{ address: A1, type: 'eoa' }], connectorId: 'w1' });
    a.connection.setConnected('acme', { accounts: [{ address: A1, type: 'eoa' }], connectorId: 'w1' });
    a.connection.setDisconnected('acme');
    await delay(5);
    expect(b.connection.get('acme').status).toBe('connected');
    // B writes (a network change): it reads what A stored first, follows it, and writes nothing stale.
    b.connection.setNetwork('acme', 'acme:2');
    expect(b.connection.get('acme').status).toBe('disconnected');
    expect(stored().namespaces?.['acme']?.status).toBe('disconnected');
  });

  it('a connect in one tab asks the other to restore the same connector silently', async () => {
    const { tab } = site();
    const a = makeKernel({ plugins: [acme], storage: tab() });
    const b = makeKernel({ plugins: [acme], storage: tab() });
    const asked: string[] = [];
    b.connection.watchRestores('acme', (id) => asked.push(id));
    a.connection.setConnected('acme', { accounts: [{ address: A1, type: 'eoa' }], connectorId: 'w1' });
    await delay(5);
    expect(asked).toEqual(['w1']);
    expect(b.connection.get('acme')).toMatchObject({ status: 'connecting', connectorId: 'w1' });
  });

  it('a restore that fails in the other tab leaves the first tab connected', async () => {
    const { tab, stored } = site();
    const a = makeKernel({ plugins: [acme], storage: tab() });
    const b = makeKernel({ plugins: [acme], storage: tab() });
    b.connection.watchRestores('acme', () => setTimeout(() => b.connection.setDisconnected('acme'), 0));
    a.connection.setConnected('acme', { accounts: [{ address: A1, type: 'eoa' }], connectorId: 'w1' });
    await delay(20);
    expect(b.connection.get('acme').status).toBe('disconnected');
    expect(stored().namespaces?.['acme']).toMatchObject({ status: 'connected', connectorId: 'w1' });
    expect(a.connection.get('acme').status).toBe('connected');
  });

  it('ignores an unreadable record another tab wrote, and keeps its own state', async () => {
    const { tab } = site();
    const writer = tab();
    const b = makeKernel({ plugins: [acme], storage: tab() });
    b.connection.setConnected('acme', { accounts: [{ address: A1, type: 'eoa' }], connectorId: 'w1' });
    writer.set(KEY, '{not json');
    await delay(5);
    expect(b.connection.get('acme').status).toBe('connected');
  });
});
