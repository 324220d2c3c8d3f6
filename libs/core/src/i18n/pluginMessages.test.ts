import { describe, expect, it, vi } from 'vitest';
import { cataloguesDefined, definePluginMessages, loadTranslation, pluginLabel, showPluginLocale, translationOf, translationsSettled } from './pluginMessages';

// The registry is the page's (module state): each test uses catalogues and locale ids of its own.
describe('plugin catalogues: English with the code, a module per other language', () => {
  it('refuses another shape, saying what to write instead', () => {
    expect(() => definePluginMessages({ en: { a: 'A' }, fr: { a: 'B' } } as never)).toThrow(/"fr" written inline; give each language a module of its own: locales: \{ fr: \(\) => import\('\.\/locales\/fr'\) \}/);
    expect(() => definePluginMessages({ en: { a: 'A' }, locales: { fr: { a: 'B' } } } as never)).toThrow('locales.fr is not a loader');
    expect(() => definePluginMessages({ locales: {} } as never)).toThrow('`en` (the English strings) is required');
  });

  it('loads a language once it is in use, for catalogues defined before and after; a failed load is tried again', async () => {
    const earlier = definePluginMessages({ en: { a: 'A' }, locales: { t1: async () => ({ default: { a: 'A1' } }) } });
    let fails = true;
    const flaky = vi.fn(async () => {
      if (fails) throw new Error('offline');
      return { default: { b: 'B1' } };
    });
    const errors: unknown[] = [];
    await showPluginLocale('t1', (error) => errors.push(error));
    expect(translationOf(earlier, 't1')).toEqual({ a: 'A1' });
    const later = definePluginMessages({ en: { b: 'B' }, locales: { t1: flaky } });
    await translationsSettled(0);
    expect(translationOf(later, 't1')).toBeUndefined();
    fails = false;
    await loadTranslation(later, 't1', (error) => errors.push(error));
    expect(translationOf(later, 't1')).toEqual({ b: 'B1' });
    expect(flaky).toHaveBeenCalledTimes(2);
  });

  it('a loader that throws or a module without its strings is a failed load, reported, never a throw', async () => {
    const errors: unknown[] = [];
    const throwing = definePluginMessages({ en: { c: 'C' }, locales: { t2: () => { throw new Error('sync'); } } });
    const empty = definePluginMessages({ en: { d: 'D' }, locales: { t2: async () => ({}) as never } });
    await expect(loadTranslation(throwing, 't2', (error) => errors.push(error))).resolves.toBeUndefined();
    await expect(loadTranslation(empty, 't2', (error) => errors.push(error))).resolves.toBeUndefined();
    expect(errors.map((e) => (e as Error).message)).toEqual(['sync', 'The t2 strings module has no default export']);
    expect(translationOf(throwing, 't2')).toBeUndefined();
  });

  it("a view waits for its own catalogues' translations only, and for 3 s at most", async () => {
    vi.useFakeTimers();
    try {
      const stalled = definePluginMessages({ en: { e: 'E' }, locales: { t3: () => new Promise(() => undefined) } });
      void loadTranslation(stalled, 't3');
      const since = cataloguesDefined();
      // A view defined after the stalled one, with nothing on its way: shown at once.
      definePluginMessages({ en: { f: 'F' }, locales: {} });
      let shown = false;
      void translationsSettled(since).then(() => (shown = true));
      await vi.advanceTimersByTimeAsync(0);
      expect(shown).toBe(true);
      // The stalled one's own view: held 3 s, then shown in English.
      let held = true;
      void translationsSettled(since - 1).then(() => (held = false));
      await vi.advanceTimersByTimeAsync(2999);
      expect(held).toBe(true);
      await vi.advanceTimersByTimeAsync(1);
      expect(held).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it("labels: a catalogue's translation of a key in its English, else nothing (the modal's own words follow)", async () => {
    const tron = definePluginMessages({ en: { 'networks.tron:1': 'Tron' }, locales: { t4: async () => ({ default: { 'networks.tron:1': 'Tron (t4)' } }) } });
    expect(pluginLabel('networks.tron:1', 't4')).toBeUndefined();
    await loadTranslation(tron, 't4');
    expect(pluginLabel('networks.tron:1', 't4')).toBe('Tron (t4)');
    expect(pluginLabel('networks.tron:1', 'en')).toBeUndefined();
    expect(pluginLabel('views.Connect', 't4')).toBeUndefined();
  });
});
