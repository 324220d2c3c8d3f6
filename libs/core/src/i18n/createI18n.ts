import { createObservable, type Observable } from '@portico/kernel';
import type { MessageKey, Messages } from './en';
import { enFirstLoad } from './enFirstLoad';
import type { resolveLocale } from './builtinLocales';
import type { LocaleLoader } from './localeLoader';

export type { LocaleLoader } from './localeLoader';


/** The `locale` that follows the browser (`navigator.languages`, first match wins, else English). */
export const AUTO_LOCALE = 'auto';

/** `{name}` placeholders replaced by their values, as text; unknown placeholders stay. */
export function interpolate(template: string, vars?: Readonly<Record<string, string | number>>): string {
  return vars ? template.replace(/\{(\w+)\}/g, (match, name: string) => (name in vars ? String(vars[name]) : match)) : template;
}

/** The i18n snapshot: requested locale, the one whose messages are loaded, direction. */
export interface I18nState {
  /** The requested language tag; with `'auto'`, the browser's tag that was matched (or `en`). Used as the modal's `lang` and for `Intl`. */
  readonly locale: string;
  /** The catalogue in use: `en` or a key of the loaders (`zh-TW` for `zh-Hant-HK`). */
  readonly loaded: string;
  readonly dir: 'ltr' | 'rtl';
  readonly messages: Messages;
}

/** Translation for React and plain code. */
export interface I18n extends Observable<I18nState> {
  t(key: MessageKey | (string & {}), vars?: Readonly<Record<string, string | number>>, fallback?: string): string;
  /** A language tag (`fr`, `pt-BR`, `zh-Hant-TW`) or `'auto'` to follow `navigator.languages`. */
  setLocale(locale: string): Promise<void>;
  /**
   * Hands the store the complete English catalogue (`en`): until then it holds only
   * `enFirstLoad` (the buttons, the loading dialog), and other keys read as their fallback or
   * the key itself. The React layer does this when the modal's chunk arrives; a host using `t`
   * without the modal passes `en` here, or to `createI18n`.
   */
  provideEnglish(catalogue: Messages): void;
}

/**
 * Creates the i18n store. English is built in (the first-load part, or `english` when given:
 * see `provideEnglish`); other locales load lazily; a locale that fails to load keeps English
 * and is logged. Messages are plain text, never HTML.
 */
export function createI18n(locale = 'en', custom?: Readonly<Record<string, LocaleLoader>>, onError?: (error: unknown) => void, english?: Messages): I18n {
  let base: Messages = english ?? enFirstLoad;
  /** The loaded locale's own messages, over English. */
  let own: Messages = {};
  const state = createObservable<I18nState>({ locale: 'en', loaded: 'en', dir: 'ltr', messages: base });
  const show = (next: Omit<I18nState, 'messages'>, messages: Messages) => {
    own = messages;
    state.set({ ...next, messages: { ...base, ...own } });
  };
  let request = 0;

  const i18n: I18n = {
    getSnapshot: () => state.getSnapshot(),
    subscribe: (listener) => state.subscribe(listener),
    t(key, vars, fallback) {
      return interpolate(state.getSnapshot().messages[key] ?? fallback ?? key, vars);
    },
    provideEnglish(catalogue) {
      if (catalogue === base) return;
      base = catalogue;
      state.set((s) => ({ ...s, messages: { ...base, ...own } }));
    },
    async setLocale(requested) {
      const id = ++request;
      // The table of locales and the tag matching load with the first setLocale: a page that
      // stays in English never downloads them (the minimal host's initial JS stays as it was).
      let resolved: ReturnType<typeof resolveLocale>;
      try {
        resolved = (await import('./builtinLocales')).resolveLocale(requested, custom);
      } catch (error) {
        if (id === request) onError?.(error);
        return;
      }
      if (id !== request) return;
      const { next, match, dir, loader } = resolved;
      if (!loader) {
        if (match !== 'en') onError?.(new Error(`No messages for locale "${next}"; using English`));
        show({ locale: next, loaded: 'en', dir }, {});
        return;
      }
      try {
        const module = await loader();
        if (id !== request) return;
        show({ locale: next, loaded: match ?? 'en', dir }, module.default);
      } catch (error) {
        if (id === request) onError?.(error);
      }
    },
  };
  if (locale !== 'en') void i18n.setLocale(locale);
  return i18n;
}
