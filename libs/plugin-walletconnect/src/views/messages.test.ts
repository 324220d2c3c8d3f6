import { BUILTIN_LOCALES, catalogueProblems } from '@portico/react';
import { describe, expect, it } from 'vitest';
import { manifest } from '../manifest';
import { WalletConnectRelayUnreachableError } from '../services/RelayConnectionMonitor';
import { messages } from './messages';

describe('the WalletConnect views’ own strings', () => {
  it.each(Object.keys(BUILTIN_LOCALES))('are complete in %s (keys, {placeholders}, nothing empty)', async (locale) => {
    // Each language is a module of its own (loaded once in use): it is there, and complete.
    expect(messages.locales[locale], `no ${locale} strings`).toBeDefined();
    expect(catalogueProblems(messages.en, (await messages.locales[locale]!()).default)).toEqual([]);
  });

  it('say in English what the relay error says', () => {
    expect(messages.en['walletconnect.request.failedMessage']).toBe(new WalletConnectRelayUnreachableError().message);
  });

  it('hold the manifest’s labels, word for word in English (the modal shows them translated from here)', () => {
    const c = manifest.contributes;
    const labels = Object.fromEntries([...c.views.map((v) => [`views.${v.id}`, v.title]), ...c.alerts.flatMap((a) => [[`alerts.${a.id}.title`, a.title], [`alerts.${a.id}.message`, a.message]])]);
    expect(Object.fromEntries(Object.keys(labels).map((k) => [k, (messages.en as Record<string, string>)[k]]))).toEqual(labels);
  });
});
