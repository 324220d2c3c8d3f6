import { BUILTIN_LOCALES, catalogueProblems, parseAmount } from '@portico/react';
import { describe, expect, it } from 'vitest';
import { messages } from './messages';

describe('the Send view’s own strings', () => {
  it.each(Object.keys(BUILTIN_LOCALES))('are complete in %s (keys, {placeholders}, nothing empty)', async (locale) => {
    // Each language is a module of its own (loaded once in use): it is there, and complete.
    expect(messages.locales[locale], `no ${locale} strings`).toBeDefined();
    expect(catalogueProblems(messages.en, (await messages.locales[locale]!()).default)).toEqual([]);
  });
});

describe('parseAmount', () => {
  it('reads a positive decimal amount in the token’s smallest unit', () => {
    expect(parseAmount('1.5', 6)).toBe(1_500_000n);
    expect(parseAmount(' 0,25 ', 2)).toBe(25n);
    expect(parseAmount('.5', 1)).toBe(5n);
    expect(parseAmount('10', 0)).toBe(10n);
    expect(parseAmount('0.000000000000000001', 18)).toBe(1n);
  });

  it('refuses zero, negatives, too many decimals and anything else', () => {
    for (const input of ['', '0', '0.0', '-1', '1.2345678', '1e3', 'abc', '1.2.3', '0x10']) expect(parseAmount(input, 6), input).toBeUndefined();
  });
});
