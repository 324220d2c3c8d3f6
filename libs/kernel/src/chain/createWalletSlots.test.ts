import { describe, expect, it } from 'vitest';
import { createWalletSlots } from './createWalletSlots';

describe('createWalletSlots', () => {
  it('waitFor resolves when that wallet arrives, not when another does', async () => {
    const slots = createWalletSlots<string>();
    let result: string | undefined | null = null;
    const waiting = slots.waitFor('b', 1_000).then((w) => (result = w));
    slots.set('a', 'wallet a');
    await new Promise((r) => setTimeout(r, 10));
    expect(result).toBeNull();
    slots.set('b', 'wallet b');
    await waiting;
    expect(result).toBe('wallet b');
  });

  it('waitFor gives undefined after the timeout, and at once for a wallet already there', async () => {
    const slots = createWalletSlots<string>();
    const start = Date.now();
    expect(await slots.waitFor('x', 50)).toBeUndefined();
    expect(Date.now() - start).toBeGreaterThanOrEqual(45);
    slots.set('x', 'wallet x');
    expect(await slots.waitFor('x', 5_000)).toBe('wallet x');
  });

  it('delete with a wallet removes only that wallet', () => {
    const slots = createWalletSlots<string>();
    slots.set('a', 'first');
    slots.set('a', 'second');
    expect(slots.delete('a', 'first')).toBe(false);
    expect(slots.get('a')).toBe('second');
    expect(slots.delete('a', 'second')).toBe(true);
    expect(slots.has('a')).toBe(false);
  });
});
