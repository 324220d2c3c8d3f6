import { describe, expect, it } from 'vitest';
import { createEventBus, createLogger } from '../../test/internals';

interface TestEvents {
  'thing:happened': { n: number };
  'other:happened': { s: string };
}

/** A bus with a logger whose lines are collected. */
function busWithLog() {
  const lines: Array<{ level: string; message: string; data: readonly unknown[] }> = [];
  const logger = createLogger('debug', (level, message, data) => void lines.push({ level, message, data }));
  return { bus: createEventBus<TestEvents>(logger), lines };
}

describe('createEventBus', () => {
  it('delivers payloads to listeners of that event only', () => {
    const bus = createEventBus<TestEvents>();
    const got: number[] = [];
    bus.on('thing:happened', ({ n }) => void got.push(n));
    bus.on('other:happened', () => void got.push(-1));
    bus.emit('thing:happened', { n: 1 });
    bus.emit('thing:happened', { n: 2 });
    expect(got).toEqual([1, 2]);
  });

  it('on() returns an unsubscribe that is harmless to call twice', () => {
    const bus = createEventBus<TestEvents>();
    const got: number[] = [];
    const off = bus.on('thing:happened', ({ n }) => void got.push(n));
    const keep = bus.on('thing:happened', ({ n }) => void got.push(n * 10));
    off();
    off();
    bus.emit('thing:happened', { n: 1 });
    expect(got).toEqual([10]);
    expect(bus.listenerCount('thing:happened')).toBe(1);
    keep();
    expect(bus.listenerCount('thing:happened')).toBe(0);
  });

  it('the same function subscribed twice is called twice and removed one at a time', () => {
    const bus = createEventBus<TestEvents>();
    let calls = 0;
    const listener = () => void calls++;
    const offFirst = bus.on('thing:happened', listener);
    bus.on('thing:happened', listener);
    bus.emit('thing:happened', { n: 0 });
    expect(calls).toBe(2);
    offFirst();
    bus.emit('thing:happened', { n: 0 });
    expect(calls).toBe(3);
  });

  it('once() fires a single time, and can be cancelled before it fires', () => {
    const bus = createEventBus<TestEvents>();
    const got: number[] = [];
    bus.once('thing:happened', ({ n }) => void got.push(n));
    const cancel = bus.once('thing:happened', ({ n }) => void got.push(n * 100));
    cancel();
    bus.emit('thing:happened', { n: 1 });
    bus.emit('thing:happened', { n: 2 });
    expect(got).toEqual([1]);
    expect(bus.listenerCount('thing:happened')).toBe(0);
  });

  it('a throwing listener does not stop the others and is logged', () => {
    const { bus, lines } = busWithLog();
    const got: string[] = [];
    const failure = new Error('listener bug');
    bus.on('thing:happened', () => void got.push('before'));
    bus.on('thing:happened', () => {
      throw failure;
    });
    bus.on('thing:happened', () => void got.push('after'));
    expect(() => bus.emit('thing:happened', { n: 1 })).not.toThrow();
    expect(got).toEqual(['before', 'after']);
    expect(lines).toEqual([{ level: 'error', message: '[portico] Listener for "thing:happened" threw', data: [failure] }]);
  });

  it('a throwing once-listener is removed as well', () => {
    const { bus } = busWithLog();
    let calls = 0;
    bus.once('thing:happened', () => {
      calls++;
      throw new Error('x');
    });
    bus.emit('thing:happened', { n: 1 });
    bus.emit('thing:happened', { n: 1 });
    expect(calls).toBe(1);
  });

  it('clear() removes every listener', () => {
    const bus = createEventBus<TestEvents>();
    let calls = 0;
    bus.on('thing:happened', () => void calls++);
    bus.on('other:happened', () => void calls++);
    bus.clear();
    bus.emit('thing:happened', { n: 1 });
    bus.emit('other:happened', { s: '' });
    expect(calls).toBe(0);
  });

  it('two buses do not share listeners', () => {
    const a = createEventBus<TestEvents>();
    const b = createEventBus<TestEvents>();
    let calls = 0;
    a.on('thing:happened', () => void calls++);
    b.emit('thing:happened', { n: 1 });
    expect(calls).toBe(0);
  });
});
