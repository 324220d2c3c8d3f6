import { BUILTIN_LOCALES, catalogueProblems } from '@portico/react';
import { describe, expect, it } from 'vitest';
import { messages } from './messages';

describe('the Permissions view’s own strings', () => {
  it.each(Object.keys(BUILTIN_LOCALES))('are complete in %s (keys, {placeholders}, nothing empty)', (locale) => {
    expect(messages[locale], `no ${locale} strings`).toBeDefined();
    expect(catalogueProblems(messages.en, messages[locale]!)).toEqual([]);
  });
});
