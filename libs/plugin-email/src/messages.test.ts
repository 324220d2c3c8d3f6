import { BUILTIN_LOCALES, catalogueProblems } from '@portico/react';
import { describe, expect, it } from 'vitest';
import { manifest } from './manifest';
import { messages } from './messages';

describe('the e-mail login views’ own strings', () => {
  it.each(Object.keys(BUILTIN_LOCALES))('are complete in %s (keys, {placeholders}, nothing empty)', async (locale) => {
    // Each language is a module of its own (loaded once in use): it is there, and complete.
    expect(messages.locales[locale], `no ${locale} strings`).toBeDefined();
    expect(catalogueProblems(messages.en, (await messages.locales[locale]!()).default)).toEqual([]);
  });

  it('keep the spec’s own words in English', () => {
    expect(messages.en['email.loading']).toBe('Authenticating...');
    expect(messages.en['email.loadFailed']).toBe('Unable to load email login dependency');
    expect(messages.en['email.cooldown']).toBe('Please try again after {seconds} seconds');
  });

  it('hold the manifest’s labels, word for word in English (the modal shows them translated from here)', () => {
    const c = manifest.contributes;
    const labels = Object.fromEntries([...c.views.map((v) => [`views.${v.id}`, v.title]), ...c.connectMethods.map((m) => [`connectMethods.${m.id}`, m.label]), ...c.walletButtons.map((b) => [`walletButtons.${b.id}`, b.label])]);
    expect(Object.fromEntries(Object.keys(labels).map((k) => [k, (messages.en as Record<string, string>)[k]]))).toEqual(labels);
  });
});
