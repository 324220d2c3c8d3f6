import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAccountReads, retryDelayMs, type AccountReads } from './accountReads';

/** A read of a node that can be taken down and brought back; counts every attempt and when it came. */
function node(initial: number) {
  const state = { up: true, value: initial, attempts: [] as number[] };
  const load = async () => {
    state.attempts.push(Date.now());
    if (!state.up) throw new TypeError('fetch failed');
    return state.value;
  };
  return { state, load };
}

/** Stand-ins for `window` and `document`: real event targets the test dispatches on. */
function signals() {
  const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' });
  return { window: new EventTarget(), document: doc };
}

let reads: AccountReads<number>;
let events: ReturnType<typeof signals>;
let start = 0;
const make = (ttlMs = 30_000) => (reads = createAccountReads<number>({ ttlMs, signals: events }));
/** Milliseconds since the test began at each attempt. */
const at = (attempts: number[]) => attempts.map((t) => t - start);

beforeEach(() => {
  vi.useFakeTimers();
  start = Date.now();
  events = signals();
});
afterEach(() => {
  reads?.dispose();
  vi.useRealTimers();
});

describe('account reads', () => {
  it('backs off 1 s, 2 s, 4 s, 8 s, 16 s, then every 30 s while watched', async () => {
    const { state, load } = node(5);
    state.up = false;
    const read = make().read('eip155:1|0xabc', load);
    const off = read.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(1_000 + 2_000 + 4_000 + 8_000 + 16_000 + 30_000 + 30_000);
    expect(at(state.attempts)).toEqual([0, 1_000, 3_000, 7_000, 15_000, 31_000, 61_000, 91_000]);
    expect(read.getSnapshot()).toMatchObject({ data: undefined, isLoading: false, isStale: false, failureCount: 8 });
    expect(read.getSnapshot().error).toBeInstanceOf(TypeError);
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(retryDelayMs)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
    off();
  });

  it('keeps the last good value when a refresh fails, marked stale, and recovers by itself', async () => {
    const { state, load } = node(5);
    const read = make(30_000).read('eip155:1|0xabc', load);
    const off = read.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    expect(read.getSnapshot()).toMatchObject({ data: 5, error: undefined, isStale: false, isLoading: false });

    // The node goes down; the value expires and the page comes back into focus.
    state.up = false;
    await vi.advanceTimersByTimeAsync(30_000);
    events.window.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(0);
    expect(read.getSnapshot()).toMatchObject({ data: 5, isStale: true, isLoading: false, failureCount: 1 });
    expect(read.getSnapshot().error?.message).toBe('fetch failed');

    // Back up with a new balance: the next retry (1 s later) picks it up without anyone asking.
    state.up = true;
    state.value = 7;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(read.getSnapshot()).toMatchObject({ data: 7, error: undefined, isStale: false, failureCount: 0 });
    expect(vi.getTimerCount()).toBe(0);
    off();
  });

  it('shows loading only before the first value, and refreshes an expired one on watch without losing it', async () => {
    const { state, load } = node(5);
    const read = make(30_000).read('k', load);
    const seen: boolean[] = [];
    const off = read.subscribe(() => seen.push(read.getSnapshot().isLoading));
    await vi.advanceTimersByTimeAsync(0);
    off();
    state.value = 6;
    await vi.advanceTimersByTimeAsync(10_000);
    // Still fresh: watching again reads nothing.
    const again = read.subscribe(() => undefined);
    expect(state.attempts).toHaveLength(1);
    again();
    await vi.advanceTimersByTimeAsync(20_000);
    const third = read.subscribe(() => seen.push(read.getSnapshot().isLoading));
    expect(read.getSnapshot()).toMatchObject({ data: 5, isFetching: true, isLoading: false });
    await vi.advanceTimersByTimeAsync(0);
    expect(read.getSnapshot().data).toBe(6);
    expect(seen).toEqual([true, false, false, false]);
    third();
  });

  it('a polled read stays true while open: read again every interval, marked stale at the first failure, retried no later than the interval, recovered with the new value', async () => {
    const { state, load } = node(5);
    const read = make(30_000).read('k', load);
    const off = read.subscribe(() => undefined);
    const stop = read.poll(4_000);
    await vi.advanceTimersByTimeAsync(0);
    expect(read.getSnapshot()).toMatchObject({ data: 5, isStale: false });
    // Fresh for 30 s, yet read again every 4 s while polled.
    state.value = 6;
    await vi.advanceTimersByTimeAsync(4_000);
    expect(read.getSnapshot().data).toBe(6);
    expect(at(state.attempts)).toEqual([0, 4_000]);

    // The node goes away: the next poll fails and marks the last known value at once.
    state.up = false;
    await vi.advanceTimersByTimeAsync(4_000);
    expect(read.getSnapshot()).toMatchObject({ data: 6, isStale: true, failureCount: 1 });
    // Backoff (1 s, 2 s, 4 s, 8 s …), but never longer than the poll interval.
    await vi.advanceTimersByTimeAsync(1_000 + 2_000 + 4_000 + 4_000 + 4_000);
    expect(at(state.attempts)).toEqual([0, 4_000, 8_000, 9_000, 11_000, 15_000, 19_000, 23_000]);

    // Back as a fresh chain: the next retry replaces the value (and what vanished with it).
    state.up = true;
    state.value = 1;
    await vi.advanceTimersByTimeAsync(4_000);
    expect(read.getSnapshot()).toMatchObject({ data: 1, error: undefined, isStale: false, failureCount: 0 });

    // Polling stops with its stop: the fresh value is not read again until it expires and someone watches.
    stop();
    stop();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(state.attempts).toHaveLength(9);
    off();
  });

  it('a polled read does not poll while the page is hidden, and takes up polling (reading at once if overdue) when it is visible again', async () => {
    const { state, load } = node(5);
    const read = make(30_000).read('k', load);
    const off = read.subscribe(() => undefined);
    const stop = read.poll(4_000);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(state.attempts).toHaveLength(2);
    events.document.visibilityState = 'hidden';
    events.document.dispatchEvent(new Event('visibilitychange'));
    // The poll already armed runs once; after it, none while hidden.
    await vi.advanceTimersByTimeAsync(20_000);
    expect(state.attempts).toHaveLength(3);
    events.document.visibilityState = 'visible';
    events.document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(state.attempts).toHaveLength(4);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(state.attempts).toHaveLength(5);
    stop();
    off();
  });

  it('a poll runs only while the read is watched, the shortest interval of those polling applies, and a stopped watch leaves no timer', async () => {
    const { state, load } = node(5);
    const read = make(30_000).read('k', load);
    const slow = read.poll(10_000);
    // Nobody watches: a poll alone reads nothing.
    await vi.advanceTimersByTimeAsync(20_000);
    expect(state.attempts).toHaveLength(0);
    const off = read.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    const fast = read.poll(2_000);
    await vi.advanceTimersByTimeAsync(6_000);
    expect(at(state.attempts)).toEqual([20_000, 22_000, 24_000, 26_000]);
    fast();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(at(state.attempts)).toEqual([20_000, 22_000, 24_000, 26_000, 36_000]);
    off();
    expect(vi.getTimerCount()).toBe(0);
    slow();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(state.attempts).toHaveLength(5);
    // Zero, negative or NaN intervals are no poll.
    const again = read.subscribe(() => undefined);
    for (const bad of [0, -1, Number.NaN]) read.poll(bad)();
    await vi.advanceTimersByTimeAsync(0);
    again();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops retrying when the last watcher leaves (an unmounted view leaves no timer)', async () => {
    const { state, load } = node(5);
    state.up = false;
    const read = make().read('k', load);
    const first = read.subscribe(() => undefined);
    const second = read.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(state.attempts).toHaveLength(2);
    first();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(state.attempts).toHaveLength(3);
    second();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(120_000);
    events.window.dispatchEvent(new Event('online'));
    expect(state.attempts).toHaveLength(3);
    // The failure stays in the state for the next watcher, which reads again at once.
    expect(read.getSnapshot().failureCount).toBe(3);
    const later = read.subscribe(() => undefined);
    expect(state.attempts).toHaveLength(4);
    later();
  });

  it.each([
    ['online', (e: ReturnType<typeof signals>) => e.window.dispatchEvent(new Event('online'))],
    ['focus', (e: ReturnType<typeof signals>) => e.window.dispatchEvent(new Event('focus'))],
    ['visible', (e: ReturnType<typeof signals>) => e.document.dispatchEvent(new Event('visibilitychange'))],
  ])('retries at once when the page is %s again, not waiting for the backoff', async (_name, signal) => {
    const { state, load } = node(5);
    state.up = false;
    const read = make().read('k', load);
    const off = read.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(1_000 + 2_000 + 4_000 + 100);
    expect(state.attempts).toHaveLength(4);
    state.up = true;
    signal(events);
    await vi.advanceTimersByTimeAsync(0);
    expect(state.attempts).toHaveLength(5);
    expect(read.getSnapshot()).toMatchObject({ data: 5, error: undefined });
    expect(vi.getTimerCount()).toBe(0);
    off();
  });

  it('reads nothing when the page turns hidden, nor on focus while the value is fresh', async () => {
    const { state, load } = node(5);
    const read = make().read('k', load);
    const off = read.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    events.window.dispatchEvent(new Event('focus'));
    events.document.visibilityState = 'hidden';
    events.document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(31_000);
    events.document.dispatchEvent(new Event('visibilitychange'));
    expect(state.attempts).toHaveLength(1);
    off();
  });

  it('fetch shares one read between concurrent callers, serves a fresh value, and rejects on failure without retrying unwatched', async () => {
    const { state, load } = node(5);
    const read = make(30_000).read('k', load);
    await expect(Promise.all([read.fetch(), read.fetch()])).resolves.toEqual([5, 5]);
    await read.fetch();
    expect(state.attempts).toHaveLength(1);
    state.up = false;
    await vi.advanceTimersByTimeAsync(30_000);
    await expect(read.fetch()).rejects.toThrow('fetch failed');
    expect(read.getSnapshot()).toMatchObject({ data: 5, isStale: true });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps reads apart per account and network, and the same read object per key', async () => {
    const a = node(1);
    const b = node(2);
    const store = make();
    expect(store.read('eip155:1|0xa', a.load)).toBe(store.read('eip155:1|0xa', a.load));
    await expect(store.read('eip155:1|0xa', a.load).fetch()).resolves.toBe(1);
    await expect(store.read('eip155:10|0xa', b.load).fetch()).resolves.toBe(2);
    expect(store.read('eip155:1|0xa', a.load).getSnapshot().data).toBe(1);
  });

  it('a load that throws before returning a promise fails like any other; unwatched reads beyond maxEntries are dropped', async () => {
    const store = createAccountReads<number>({ ttlMs: 30_000, signals: events, maxEntries: 2 });
    reads = store;
    const broken = store.read('broken', () => {
      throw new Error('no RPC URL configured');
    });
    const off = broken.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    expect(broken.getSnapshot()).toMatchObject({ failureCount: 1, isLoading: false });
    const a = store.read('a', async () => 1);
    await a.fetch();
    store.read('b', async () => 2);
    store.read('c', async () => 3);
    // "a" (the oldest nobody watches) went; the watched one stayed.
    expect(store.read('a', async () => 1)).not.toBe(a);
    expect(store.read('broken', async () => 0)).toBe(broken);
    off();
  });

  it('clear forgets values, ignores reads started before it, and reads again what is watched', async () => {
    let release!: (value: number) => void;
    let value = 1;
    const load = () => new Promise<number>((resolve) => (release = resolve));
    const store = make();
    const watchedRead = store.read('watched', async () => value);
    const off = watchedRead.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    const slow = store.read('slow', load);
    const pending = slow.fetch();
    value = 2;
    store.clear();
    release(9);
    await expect(pending).resolves.toBe(9);
    expect(store.read('slow', load).getSnapshot().data).toBeUndefined();
    await vi.advanceTimersByTimeAsync(0);
    expect(watchedRead.getSnapshot().data).toBe(2);
    off();
  });

  it('dispose stops retries and listeners; nothing reads on its own afterwards', async () => {
    const { state, load } = node(5);
    state.up = false;
    const read = make().read('k', load);
    const off = read.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    reads.dispose();
    expect(vi.getTimerCount()).toBe(0);
    events.window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(state.attempts).toHaveLength(1);
    off();
    expect(read.subscribe(() => undefined)).toBeTypeOf('function');
    expect(state.attempts).toHaveLength(1);
  });
});
