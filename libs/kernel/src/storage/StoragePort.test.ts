import { describe, expect, it } from 'vitest';
import { createMemoryStorage, createScopedStorage, createWebStorage } from '../../test/internals';

/** A Web Storage double that can be told to refuse access. */
function fakeWebStorage() {
  const map = new Map<string, string>();
  let refuse = false;
  const guard = () => {
    if (refuse) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  };
  return {
    storage: {
      getItem: (key: string) => (guard(), map.get(key) ?? null),
      setItem: (key: string, value: string) => (guard(), void map.set(key, value)),
      removeItem: (key: string) => (guard(), void map.delete(key)),
    },
    map,
    refuse: (value: boolean) => void (refuse = value),
  };
}

describe('storage ports', () => {
  it('memory storage gets, sets, removes and dumps, seeded from initial values', () => {
    const storage = createMemoryStorage({ seeded: '1' });
    expect(storage.get('seeded')).toBe('1');
    expect(storage.get('missing')).toBeNull();
    storage.set('a', 'x');
    storage.remove('seeded');
    expect(storage.dump()).toEqual({ a: 'x' });
  });

  it('two memory storages are independent', () => {
    const a = createMemoryStorage();
    const b = createMemoryStorage();
    a.set('k', 'v');
    expect(b.get('k')).toBeNull();
  });

  it('scoped storage prefixes every key', () => {
    const base = createMemoryStorage();
    const scoped = createScopedStorage(base, 'app/plugin/x/');
    scoped.set('k', 'v');
    expect(base.dump()).toEqual({ 'app/plugin/x/k': 'v' });
    expect(scoped.get('k')).toBe('v');
    scoped.remove('k');
    expect(base.dump()).toEqual({});
  });

  it('web storage writes through to the given Web Storage', () => {
    const web = fakeWebStorage();
    const storage = createWebStorage(web.storage);
    storage.set('k', 'v');
    expect(web.map.get('k')).toBe('v');
    web.map.set('other', 'o');
    expect(storage.get('other')).toBe('o');
    storage.remove('k');
    expect(web.map.has('k')).toBe(false);
  });

  it('web storage never throws and keeps working from memory when access is refused', () => {
    const web = fakeWebStorage();
    const storage = createWebStorage(web.storage);
    web.refuse(true);
    expect(() => storage.set('k', 'v')).not.toThrow();
    expect(storage.get('k')).toBe('v');
    expect(() => storage.remove('k')).not.toThrow();
    expect(storage.get('k')).toBeNull();
  });

  it('web storage without any localStorage (node, SSR) works from memory', () => {
    const storage = createWebStorage();
    storage.set('k', 'v');
    expect(storage.get('k')).toBe('v');
  });
});
