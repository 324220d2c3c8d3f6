import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAccountReads, type AccountReads } from './accountReads';
import { deferredRead } from './deferredRead';

let reads: AccountReads<number>;
beforeEach(() => {
  vi.useFakeTimers();
  reads = createAccountReads<number>({ ttlMs: 30_000, signals: {} });
});
afterEach(() => {
  reads.dispose();
  vi.useRealTimers();
});

describe('deferredRead', () => {
  it('hands a poll made before the read code loaded over to the real read, and its stop stops it', async () => {
    let value = 1;
    let attempts = 0;
    let loaded!: () => void;
    const code = new Promise<void>((resolve) => (loaded = resolve));
    const read = deferredRead(async () => {
      await code;
      return reads.read('k', async () => (attempts++, value));
    });
    const stop = read.poll(4_000);
    const off = read.subscribe(() => undefined);
    expect(read.getSnapshot().status).toBe('loading');
    loaded();
    await vi.advanceTimersByTimeAsync(0);
    expect(read.getSnapshot()).toMatchObject({ status: 'success', data: 1 });
    value = 2;
    await vi.advanceTimersByTimeAsync(4_000);
    expect(read.getSnapshot().data).toBe(2);
    stop();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(attempts).toBe(2);
    // A poll made once the real read is there goes straight to it: the value is older than its interval, so read now, then every second.
    const again = read.poll(1_000);
    await vi.advanceTimersByTimeAsync(0);
    expect(attempts).toBe(3);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(attempts).toBe(4);
    again();
    off();
    expect(vi.getTimerCount()).toBe(0);
  });
});
