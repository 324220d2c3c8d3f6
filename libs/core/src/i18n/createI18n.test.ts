import { describe, expect, it } from 'vitest';
import { createI18n } from './createI18n';
import { en } from './en';

describe('createI18n', () => {
  it('translates English and interpolates as text', () => {
    const i18n = createI18n('en', undefined, undefined, en);
    expect(i18n.t('connecting.continueIn', { name: '<b>Evil</b>' })).toBe('Continue in <b>Evil</b>');
    expect(i18n.getSnapshot()).toMatchObject({ locale: 'en', dir: 'ltr' });
  });

  it('starts with the first-load English only; the complete catalogue arrives with provideEnglish, under a loaded locale too', async () => {
    const i18n = createI18n();
    expect(i18n.t('button.connect')).toBe('Connect Wallet');
    expect(i18n.t('view.loading')).toBe('Loading');
    // Not in the first load: the caller's fallback, else the key, never undefined.
    expect(i18n.t('connect.allWallets', undefined, 'All wallets')).toBe('All wallets');
    expect(i18n.t('connect.allWallets')).toBe('connect.allWallets');
    let notified = 0;
    i18n.subscribe(() => notified++);
    i18n.provideEnglish(en);
    expect(notified).toBe(1);
    expect(i18n.t('connect.allWallets')).toBe('All Wallets');
    i18n.provideEnglish(en);
    expect(notified).toBe(1);

    const french = createI18n();
    await french.setLocale('fr');
    const translated = french.t('connect.allWallets');
    french.provideEnglish(en);
    expect(french.t('connect.allWallets')).toBe(translated);
    expect(french.getSnapshot()).toMatchObject({ locale: 'fr', loaded: 'fr' });
    // A key the locale lacks reads the English that arrived.
    expect(french.getSnapshot().messages['view.retry']).toBeTruthy();
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
