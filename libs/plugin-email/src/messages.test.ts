import { BUILTIN_LOCALES, catalogueProblems } from '@portico/react';
import { describe, expect, it } from 'vitest';
import { messages } from './messages';

describe('the e-mail login views’ own strings', () => {
  it.each(Object.keys(BUILTIN_LOCALES))('are complete in %s (keys, {placeholders}, nothing empty)', (locale) => {
    expect(messages[locale], `no ${locale} strings`).toBeDefined();
    expect(catalogueProblems(messages.en, messages[locale]!)).toEqual([]);
  });

  it('keep the spec’s own words in English', () => {
    expect(messages.en['email.loading']).toBe('Authenticating...');
    expect(messages.en['email.loadFailed']).toBe('Unable to load email login dependency');
    expect(messages.en['email.cooldown']).toBe('Please try again after {seconds} seconds');
  });
});
