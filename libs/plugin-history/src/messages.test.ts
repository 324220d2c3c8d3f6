import type { ActivityTransaction } from '@portico/kernel';
import { BUILTIN_LOCALES, catalogueProblems } from '@portico/react';
import { describe, expect, it, vi } from 'vitest';
import { groupByDay } from './ActivityView';
import { messages } from './messages';

describe('the Activity view’s own strings', () => {
  it.each(Object.keys(BUILTIN_LOCALES))('are complete in %s (keys, {placeholders}, nothing empty)', async (locale) => {
    // Each language is a module of its own (loaded once in use): it is there, and complete.
    expect(messages.locales[locale], `no ${locale} strings`).toBeDefined();
    expect(catalogueProblems(messages.en, (await messages.locales[locale]!()).default)).toEqual([]);
  });
});

describe('groupByDay', () => {
  // The English strings, as usePluginT gives them in an English modal.
  const p = ((key: string) => (messages.en as Record<string, string>)[key] ?? key) as Parameters<typeof groupByDay>[2];
  const tx = (id: string, minedAt: string | undefined, status: 'pending' | 'confirmed' = 'confirmed'): ActivityTransaction => ({
    id,
    metadata: { operationType: 'send', status, sentFrom: 'a', sentTo: 'b', minedAt, chain: 'eip155:1', hash: id },
    transfers: [],
  });
  const now = new Date(2026, 10, 25, 15, 0);

  it('puts pending ones first, then today, yesterday and older days by date, keeping the order within each', () => {
    const groups = groupByDay(
      [tx('p', undefined, 'pending'), tx('t1', new Date(2026, 10, 25, 14).toISOString()), tx('t2', new Date(2026, 10, 25, 0, 5).toISOString()), tx('y', new Date(2026, 10, 24, 23, 59).toISOString()), tx('o', new Date(2026, 9, 1, 12).toISOString())],
      'en',
      p,
      now,
    );
    expect(groups.map((g) => [g.label, g.transactions.map((t) => t.id)])).toEqual([
      ['Pending', ['p']],
      ['Today', ['t1', 't2']],
      ['Yesterday', ['y']],
      ['Oct 1, 2026', ['o']],
    ]);
  });

  it('makes one date formatter for a thousand transactions over forty days, not one per transaction (it cost the Activity tab ~50 ms)', () => {
    const Real = Intl.DateTimeFormat;
    let made = 0;
    Intl.DateTimeFormat = new Proxy(Real, { construct: (target, args: ConstructorParameters<typeof Real>) => (made++, new target(...args)) });
    // Each use of a formatter reads its `format` accessor: one per day's label, not one per transaction.
    const formats = vi.spyOn(Real.prototype as unknown as { format: string }, 'format', 'get');
    try {
      const many = Array.from({ length: 1000 }, (_, i) => tx(`t${i}`, new Date(2026, 8, 1 + Math.floor(i / 25), 12, i % 25).toISOString()));
      const groups = groupByDay(many, 'nl', p, now);
      expect(groups).toHaveLength(40);
      expect(groups.reduce((sum, g) => sum + g.transactions.length, 0)).toBe(1000);
      expect(made).toBe(1);
      expect(formats).toHaveBeenCalledTimes(40);
    } finally {
      Intl.DateTimeFormat = Real;
      formats.mockRestore();
    }
  });

  it('says Yesterday across a clock change (a 23-hour day), and puts a transaction with an unreadable time with the pending ones instead of failing', () => {
    // Berlin's clocks went forward on 29 March 2026: that day had 23 hours.
    // Node's environment (this package is typed for the browser): Node reads TZ again when it is set.
    const env = (globalThis as unknown as { process: { env: Record<string, string | undefined> } }).process.env;
    const zone = env['TZ'];
    env['TZ'] = 'Europe/Berlin';
    try {
      const afterChange = new Date(2026, 2, 30, 12);
      const groups = groupByDay([tx('y', new Date(2026, 2, 29, 1).toISOString()), tx('odd', 'not a date')], 'en', p, afterChange);
      expect(groups.map((g) => [g.label, g.transactions.map((t) => t.id)])).toEqual([
        ['Pending', ['odd']],
        ['Yesterday', ['y']],
      ]);
    } finally {
      if (zone === undefined) delete env['TZ'];
      else env['TZ'] = zone;
    }
  });

  it('writes older days in the locale', () => {
    const [group] = groupByDay([tx('o', new Date(2026, 9, 1, 12).toISOString())], 'de', p, now);
    expect(group!.label).toBe('01.10.2026');
  });
});
