import { describe, expect, it } from 'vitest';
import { createObservable } from '../../test/internals';

describe('createObservable', () => {
  it('holds a snapshot and notifies on change', () => {
    const state = createObservable({ n: 0 });
    let calls = 0;
    state.subscribe(() => void calls++);
    state.set({ n: 1 });
    state.set((previous) => ({ n: previous.n + 1 }));
    expect(state.getSnapshot()).toEqual({ n: 2 });
    expect(calls).toBe(2);
  });

  it('does not notify when the same value is set', () => {
    const initial = { n: 0 };
    const state = createObservable(initial);
    let calls = 0;
    state.subscribe(() => void calls++);
    state.set(initial);
    state.set((previous) => previous);
    expect(calls).toBe(0);
  });

  it('unsubscribe stops notifications', () => {
    const state = createObservable(0);
    let calls = 0;
    const off = state.subscribe(() => void calls++);
    off();
    state.set(1);
    expect(calls).toBe(0);
  });

  it('a throwing listener does not stop the others and is reported', () => {
    const errors: unknown[] = [];
    const state = createObservable(0, (error) => errors.push(error));
    const seen: number[] = [];
    state.subscribe(() => {
      throw new Error('bad');
    });
    state.subscribe(() => void seen.push(state.getSnapshot()));
    state.set(5);
    expect(seen).toEqual([5]);
    expect((errors[0] as Error).message).toBe('bad');
  });

  it('a listener added during notification waits for the next change', () => {
    const state = createObservable(0);
    const log: string[] = [];
    state.subscribe(() => {
      log.push('first');
      state.subscribe(() => void log.push('late'));
    });
    state.set(1);
    expect(log).toEqual(['first']);
  });
});
