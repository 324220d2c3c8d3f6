import { BUILTIN_LOCALES, catalogueProblems } from '@portico/react';
import { describe, expect, it } from 'vitest';
import { messages } from './messages';

describe('the Swap view’s own strings', () => {
  it.each(Object.keys(BUILTIN_LOCALES))('are complete in %s (keys, {placeholders}, nothing empty)', async (locale) => {
    // Each language is a module of its own (loaded once in use): it is there, and complete.
    expect(messages.locales[locale], `no ${locale} strings`).toBeDefined();
    expect(catalogueProblems(messages.en, (await messages.locales[locale]!()).default)).toEqual([]);
  });
});
