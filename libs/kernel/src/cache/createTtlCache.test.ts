import { describe, expect, it } from 'vitest';
import { CACHE_TTL_MS, createTtlCache } from '../../test/internals';

/** A clock tests move by hand. */
function clock(start = 1_000) {
  let time = start;
  return { now: () => time, advance: (ms: number) => void (time += ms) };
}

/** A load whose settlement the test controls, counting its calls. */
function controlledLoad<T>() {
  const calls: Array<{ resolve: (value: T) => void; reject: (error: unknown) => void }> = [];
  const load = () => new Promise<T>((resolve, reject) => calls.push({ resolve, reject }));
  return { load, calls };
}

describe('createTtlCache', () => {
  it('has the spec lifetimes: portfolio and native balance 30 s, identity (names, avatars) 5 min', () => {
    expect(CACHE_TTL_MS).toEqual({ portfolio: 30_000, nativeBalance: 30_000, identity: 300_000 });
  });

  it('returns a value until ttlMs has passed, then forgets it', () => {
    const time = clock();
    const cache = createTtlCache<string, number>({ ttlMs: 100, now: time.now });
    cache.set('a', 1);
    time.advance(99);
    expect(cache.get('a')).toBe(1);
    time.advance(1);
    expect(cache.get('a')).toBeUndefined();
  });

  it('setting again restarts the lifetime', () => {
    const time = clock();
    const cache = createTtlCache<string, number>({ ttlMs: 100, now: time.now });
    cache.set('a', 1);
    time.advance(80);
    cache.set('a', 2);
    time.advance(80);
    expect(cache.get('a')).toBe(2);
  });

  it('caches a load that found nothing (undefined) until ttlMs has passed', async () => {
    const time = clock();
    const cache = createTtlCache<string, number | undefined>({ ttlMs: 100, now: time.now });
    let loads = 0;
    const load = async () => (loads++, undefined);
    expect(await cache.getOrLoad('a', load)).toBeUndefined();
    time.advance(99);
    expect(await cache.getOrLoad('a', load)).toBeUndefined();
    expect(loads).toBe(1);
    time.advance(1);
    await cache.getOrLoad('a', load);
    expect(loads).toBe(2);
  });

  it('delete and clear remove entries', () => {
    const cache = createTtlCache<string, number>({ ttlMs: 1_000 });
    cache.set('a', 1);
    cache.set('b', 2);
    cache.delete('a');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe(2);
    cache.clear();
    expect(cache.get('b')).toBeUndefined();
  });

  it('evicts the oldest entry beyond maxEntries', () => {
    const cache = createTtlCache<string, number>({ ttlMs: 1_000, maxEntries: 2 });
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('a', 11); // re-set: now the newest
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(11);
    expect(cache.get('c')).toBe(3);
  });

  it('getOrLoad loads once for concurrent callers and caches the result', async () => {
    const time = clock();
    const cache = createTtlCache<string, string>({ ttlMs: 30_000, now: time.now });
    const { load, calls } = controlledLoad<string>();
    const first = cache.getOrLoad('0xabc', load);
    const second = cache.getOrLoad('0xabc', load);
    expect(second).toBe(first);
    expect(calls).toHaveLength(1);
    calls[0]!.resolve('alice.acme');
    await expect(Promise.all([first, second])).resolves.toEqual(['alice.acme', 'alice.acme']);
    await expect(cache.getOrLoad('0xabc', load)).resolves.toBe('alice.acme');
    expect(calls).toHaveLength(1);

    time.advance(30_000);
    const third = cache.getOrLoad('0xabc', load);
    expect(calls).toHaveLength(2);
    calls[1]!.resolve('alice2.acme');
    await expect(third).resolves.toBe('alice2.acme');
  });

  it('loads different keys separately', async () => {
    const cache = createTtlCache<string, string>({ ttlMs: 1_000 });
    const { load, calls } = controlledLoad<string>();
    void cache.getOrLoad('a', load);
    void cache.getOrLoad('b', load);
    expect(calls).toHaveLength(2);
  });

  it('does not cache a failed load; the next call tries again', async () => {
    const cache = createTtlCache<string, number>({ ttlMs: 1_000 });
    const { load, calls } = controlledLoad<number>();
    const failing = cache.getOrLoad('k', load);
    calls[0]!.reject(new Error('network'));
    await expect(failing).rejects.toThrow('network');
    expect(cache.get('k')).toBeUndefined();
    const retry = cache.getOrLoad('k', load);
    expect(calls).toHaveLength(2);
    calls[1]!.resolve(7);
    await expect(retry).resolves.toBe(7);
    expect(cache.get('k')).toBe(7);
  });

  it('a load that finishes after clear() is not cached', async () => {
    const cache = createTtlCache<string, number>({ ttlMs: 1_000 });
    const { load, calls } = controlledLoad<number>();
    const pending = cache.getOrLoad('k', load);
    cache.clear();
    calls[0]!.resolve(1);
    await expect(pending).resolves.toBe(1);
    expect(cache.get('k')).toBeUndefined();
  });
});
