import { createObservable, type Observable } from '@portico/kernel';
import { en, type MessageKey, type Messages } from './en';

/** Loads a locale's messages (a lazy chunk). */
export type LocaleLoader = () => Promise<{ default: Messages }>;

/** Locales written right to left. */
const RTL = new Set(['ar', 'fa', 'he', 'ur', 'ps', 'sd', 'yi', 'dv', 'ckb']);

/** Locales shipped with Portico, each a separate chunk. */
export const BUILTIN_LOCALES: Readonly<Record<string, LocaleLoader>> = {
  ar: () => import('./locales/ar'),
};

/** The i18n snapshot: requested locale, the one whose messages are loaded, direction. */
export interface I18nState {
  readonly locale: string;
  readonly loaded: string;
  readonly dir: 'ltr' | 'rtl';
  readonly messages: Messages;
}

/** Translation for React and plain code. */
export interface I18n extends Observable<I18nState> {
  t(key: MessageKey | (string & {}), vars?: Readonly<Record<string, string | number>>, fallback?: string): string;
  setLocale(locale: string): Promise<void>;
}

/**
 * Creates the i18n store. English is built in; other locales load lazily; a locale that
 * fails to load keeps English and is logged. Messages are plain text, never HTML.
 */
export function createI18n(locale = 'en', loaders: Readonly<Record<string, LocaleLoader>> = BUILTIN_LOCALES, onError?: (error: unknown) => void): I18n {
  const base = (tag: string) => tag.toLowerCase().split('-')[0] ?? tag;
  const state = createObservable<I18nState>({ locale: 'en', loaded: 'en', dir: 'ltr', messages: en });
  let request = 0;

  const i18n: I18n = {
    getSnapshot: () => state.getSnapshot(),
    subscribe: (listener) => state.subscribe(listener),
    t(key, vars, fallback) {
      const template = state.getSnapshot().messages[key] ?? (en as Messages)[key] ?? fallback ?? key;
      return vars ? template.replace(/\{(\w+)\}/g, (match, name: string) => (name in vars ? String(vars[name]) : match)) : template;
    },
    async setLocale(next) {
      const id = ++request;
      const lang = base(next);
      const loader = loaders[next] ?? loaders[lang];
      if (lang === 'en' || !loader) {
        if (lang !== 'en') onError?.(new Error(`No messages for locale "${next}"; using English`));
        state.set({ locale: next, loaded: 'en', dir: RTL.has(lang) ? 'rtl' : 'ltr', messages: en });
        return;
      }
      try {
        const module = await loader();
        if (id !== request) return;
        state.set({ locale: next, loaded: next, dir: RTL.has(lang) ? 'rtl' : 'ltr', messages: { ...en, ...module.default } });
      } catch (error) {
        if (id === request) onError?.(error);
      }
    },
  };
  if (locale !== 'en') void i18n.setLocale(locale);
  return i18n;
}
