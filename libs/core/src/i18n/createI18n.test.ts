import { describe, expect, it } from 'vitest';
import { createI18n } from './createI18n';
import { en } from './en';

describe('createI18n', () => {
  it('translates English and interpolates as text', () => {
    const i18n = createI18n();
    expect(i18n.t('connecting.continueIn', { name: '<b>Evil</b>' })).toBe('Continue in <b>Evil</b>');
    expect(i18n.getSnapshot()).toMatchObject({ locale: 'en', dir: 'ltr' });
  });

  it('loads Arabic lazily, switches to RTL and falls back to English for missing keys', async () => {
    const i18n = createI18n();
    await i18n.setLocale('ar');
    expect(i18n.getSnapshot()).toMatchObject({ locale: 'ar', loaded: 'ar', dir: 'rtl' });
    expect(i18n.t('button.connect')).toBe('ربط المحفظة');
    expect(i18n.t('connect.group.walletConnect')).toBe('WalletConnect');
  });

  it('keeps English when a locale fails to load, and reports it', async () => {
    const errors: unknown[] = [];
    const i18n = createI18n('en', { xx: () => Promise.reject(new Error('chunk failed')) }, (e) => errors.push(e));
    await i18n.setLocale('xx');
    expect(i18n.getSnapshot().loaded).toBe('en');
    expect(errors).toHaveLength(1);
  });

  it('uses the last requested locale when loads race', async () => {
    let release!: () => void;
    const slow = new Promise<void>((r) => (release = r));
    const i18n = createI18n('en', { fr: async () => (await slow, { default: { 'button.connect': 'Connecter' } }), de: async () => ({ default: { 'button.connect': 'Verbinden' } }) });
    const first = i18n.setLocale('fr');
    await i18n.setLocale('de');
    release();
    await first;
    expect(i18n.t('button.connect')).toBe('Verbinden');
  });

  it('has every English key in the Arabic catalogue', async () => {
    const ar = (await import('./locales/ar')).default;
    const missing = Object.keys(en).filter((k) => !(k in ar) && k !== 'connect.group.walletConnect');
    expect(missing).toEqual([]);
  });
});
