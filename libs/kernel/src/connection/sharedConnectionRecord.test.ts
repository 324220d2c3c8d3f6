import { describe, expect, it } from 'vitest';
import { createLogger, createMemoryStorage } from '../../test/internals';
import type { PersistedConnection } from './persistedConnection';
import { createSharedConnectionRecord } from './sharedConnectionRecord';

const KEY = 'portico/connection';
const record = (activeNamespace: string): PersistedConnection => ({ v: 2, namespaces: {}, activeNamespace, preferredAccountTypes: {}, recentWallets: [] });

describe('createSharedConnectionRecord', () => {
  it('writes the built record, and nothing while writes are held', () => {
    const storage = createMemoryStorage();
    let next = record('acme');
    const shared = createSharedConnectionRecord(storage, KEY, createLogger('silent'), () => undefined, () => next);
    shared.write();
    expect(JSON.parse(storage.get(KEY)!)).toEqual(record('acme'));
    next = record('beta');
    shared.hold(() => shared.write());
    expect(JSON.parse(storage.get(KEY)!)).toEqual(record('acme'));
  });

  it('adopts what another tab stored before writing over it, with writes held meanwhile', () => {
    const storage = createMemoryStorage();
    const adopted: unknown[] = [];
    const shared = createSharedConnectionRecord(storage, KEY, createLogger('silent'), (theirs) => {
      shared.write();
      adopted.push(theirs, storage.get(KEY));
    }, () => record('mine'));
    storage.set(KEY, JSON.stringify(record('theirs')));
    shared.write();
    expect(adopted).toEqual([record('theirs'), JSON.stringify(record('theirs'))]);
    expect(storage.get(KEY)).toContain('mine');
    shared.write();
    expect(adopted).toHaveLength(2);
  });

  it('ignores an unreadable record another tab stored, with a warning', () => {
    const storage = createMemoryStorage();
    const warnings: string[] = [];
    const adopted: unknown[] = [];
    const shared = createSharedConnectionRecord(storage, KEY, createLogger('warn', (_level, message) => warnings.push(message)), (theirs) => adopted.push(theirs), () => record('mine'));
    storage.set(KEY, '{not json');
    shared.write();
    expect([adopted, warnings.length]).toEqual([[], 1]);
  });
});
