import { describe, expect, it } from 'vitest';
import { BUILTIN_LOCALES, catalogueProblems, coreManifest, createI18n, en, lazyEnglish, matchLocale } from '@portico/core';
import { manifestLabels } from '@portico/core/testing';
import { modalManifest } from '../modalManifest';

/** The English source: the core catalogue and the manifests' labels. */
const english: Record<string, string> = { ...en, ...lazyEnglish };

const LOCALES = Object.keys(BUILTIN_LOCALES);

describe('the catalogue', () => {
  it('ships at least 12 locales beside English, Hebrew, Persian and Arabic among them', () => {
    expect(LOCALES.length).toBeGreaterThanOrEqual(12);
    expect(LOCALES).toEqual(expect.arrayContaining(['ar', 'he', 'fa', 'zh-CN', 'zh-TW', 'ja', 'ko', 'es', 'pt', 'fr', 'de', 'ru', 'tr']));
  });

  it.each(LOCALES)('%s has every English key, no other key, the same {placeholders} and no empty message', async (locale) => {
    const messages = (await BUILTIN_LOCALES[locale]!()).default;
    expect(catalogueProblems(english, messages)).toEqual([]);
  });

  it('reports what a broken translation gets wrong', () => {
    const broken = { 'button.connect': '', 'connecting.continueIn': 'Weiter in {wallet}', 'made.up': 'x' };
    const problems = catalogueProblems({ 'button.connect': 'Connect', 'connecting.continueIn': 'Continue in {name}', 'modal.close': 'Close' }, broken);
    expect(problems).toEqual(['missing "modal.close"', '"button.connect" is empty', '"connecting.continueIn" has {wallet} where English has {name}', '"made.up" is not an English key']);
  });

  it('keeps the labels of the core and modal manifests equal to their English source', () => {
    const labels = { ...manifestLabels(modalManifest), ...manifestLabels(coreManifest) };
    expect(Object.keys(labels).length).toBeGreaterThan(10);
    expect(Object.fromEntries(Object.keys(labels).map((k) => [k, english[k]]))).toEqual(labels);
  });
});

describe('choosing a catalogue', () => {
  it.each([
    ['zh', 'zh-CN'],
    ['zh-CN', 'zh-CN'],
    ['zh-Hans', 'zh-CN'],
    ['zh-Hans-CN', 'zh-CN'],
    ['zh-SG', 'zh-CN'],
    ['zh-TW', 'zh-TW'],
    ['zh-Hant', 'zh-TW'],
    ['zh-Hant-TW', 'zh-TW'],
    ['zh-HK', 'zh-TW'],
    ['zh-Hant-HK', 'zh-TW'],
    ['zh_TW', 'zh-TW'],
    ['pt-BR', 'pt'],
    ['pt-PT', 'pt'],
    ['es-419', 'es'],
    ['de-AT', 'de'],
    ['fr-CA', 'fr'],
    ['iw', 'he'],
    ['fa-IR', 'fa'],
    ['EN-gb', 'en'],
    ['nl', undefined],
  ])('%s reads %s', (tag, expected) => {
    expect(matchLocale(tag)).toBe(expected);
  });

  it.each([
    ['zh-Hant-TW', 'zh-TW', 'ltr', '連結錢包'],
    ['zh-Hans', 'zh-CN', 'ltr', '连接钱包'],
    ['pt-BR', 'pt', 'ltr', 'Conectar carteira'],
    ['he-IL', 'he', 'rtl', 'חיבור ארנק'],
    ['fa', 'fa', 'rtl', 'اتصال کیف پول'],
  ])('setLocale(%s) loads %s, %s', async (tag, loaded, dir, connect) => {
    const i18n = createI18n();
    await i18n.setLocale(tag);
    expect(i18n.getSnapshot()).toMatchObject({ locale: tag, loaded, dir });
    expect(i18n.t('button.connect')).toBe(connect);
  });

  it("'auto' follows navigator.languages: the first language a catalogue fits, else English", async () => {
    const original = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
    const setLanguages = (languages: string[]) => Object.defineProperty(globalThis, 'navigator', { value: { languages, language: languages[0] }, configurable: true });
    try {
      setLanguages(['nl-NL', 'de-CH', 'en']);
      const i18n = createI18n('auto');
      await i18n.setLocale('auto');
      expect(i18n.getSnapshot()).toMatchObject({ locale: 'de-CH', loaded: 'de', dir: 'ltr' });
      expect(i18n.t('button.connect')).toBe('Wallet verbinden');

      setLanguages(['ar-EG']);
      await i18n.setLocale('auto');
      expect(i18n.getSnapshot()).toMatchObject({ locale: 'ar-EG', loaded: 'ar', dir: 'rtl' });

      setLanguages(['nl', 'sv']);
      await i18n.setLocale('auto');
      expect(i18n.getSnapshot()).toMatchObject({ locale: 'en', loaded: 'en', dir: 'ltr' });
    } finally {
      if (original) Object.defineProperty(globalThis, 'navigator', original);
    }
  });

  it('translates every alert, view, tab and connect method the core and modal manifests contribute into Arabic', async () => {
    const ar = (await BUILTIN_LOCALES.ar!()).default;
        const c = { ...modalManifest.contributes, ...coreManifest.contributes };
    const keys = [
      ...c.alerts.flatMap((a) => [`alerts.${a.id}.title`, `alerts.${a.id}.message`]),
      ...c.views.map((v) => `views.${v.id}`),
      ...c.accountTabs.map((t) => `accountTabs.${t.id}`),
      ...c.connectMethods.map((m) => `connectMethods.${m.id}`),
    ];
    expect(keys.filter((k) => !(k in ar))).toEqual([]);
  });
});
