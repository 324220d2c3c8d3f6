import { BUILTIN_LOCALES, catalogueProblems } from '@portico/react';
import { describe, expect, it } from 'vitest';
import { SIWX_MESSAGES } from '../siwxErrors';
import { messages } from './messages';

describe('the sign-in view’s own strings', () => {
  it.each(Object.keys(BUILTIN_LOCALES))('are complete in %s (keys, {placeholders}, nothing empty)', async (locale) => {
    // Each language is a module of its own (loaded once in use): it is there, and complete.
    expect(messages.locales[locale], `no ${locale} strings`).toBeDefined();
    expect(catalogueProblems(messages.en, (await messages.locales[locale]!()).default)).toEqual([]);
  });

  it('keep the spec’s exact English', () => {
    expect(messages.en['siwx.authenticating']).toBe(SIWX_MESSAGES.authenticating);
    expect(messages.en['siwx.error.declined']).toBe(SIWX_MESSAGES.declined);
    expect(messages.en['siwx.error.smartAccount']).toBe(SIWX_MESSAGES.smartAccount);
    expect(messages.en['siwx.error.initFailed']).toBe(SIWX_MESSAGES.initFailed);
  });
});

it('the catalogue holds the manifest’s labels, word for word in English (the modal shows them translated from here)', async () => {
  const { manifest } = await import('../manifest');
  const c = manifest.contributes;
  const labels = Object.fromEntries([...c.views.map((v) => [`views.${v.id}`, v.title]), ...c.alerts.flatMap((a) => [[`alerts.${a.id}.title`, a.title], [`alerts.${a.id}.message`, a.message]])]);
  expect(Object.fromEntries(Object.keys(labels).map((k) => [k, (messages.en as Record<string, string>)[k]]))).toEqual(labels);
});
