import { createObservable, type Observable } from '@portico/kernel';

/** One language of a plugin's strings: English's keys, any of them. */
export type PluginTranslation<K extends string = string> = Readonly<Partial<Record<K, string>>>;

/**
 * Loads one language of a plugin's strings: a module of its own (`() => import('./locales/fr')`,
 * its default export the strings), so a page downloads only the languages it shows.
 */
export type TranslationLoader<K extends string = string> = () => Promise<{ readonly default: PluginTranslation<K> }>;

/**
 * A plugin's own strings, shipped with its views: English (complete, the source, with the code)
 * and a loader per translation, keyed by catalogue id (`ar`, `zh-TW`: the keys of
 * `BUILTIN_LOCALES`, or a host's own locale). A view passes it to `usePluginT(messages)`; keys
 * English lacks go to the modal's catalogue as usual.
 */
export interface PluginMessages<K extends string = string> {
  readonly en: Readonly<Record<K, string>>;
  readonly locales: Readonly<Record<string, TranslationLoader<K>>>;
}

/**
 * What a translation module may hold: English's keys only (`export default { … } satisfies
 * TranslationOf<typeof en>`, with `en` the plugin's English strings, exported on their own).
 */
export type TranslationOf<E extends Readonly<Record<string, string>>> = PluginTranslation<Extract<keyof E, string>>;

/** Every catalogue defined so far (module singletons: kept for the page's life). */
const defined: PluginMessages[] = [];
/** The catalogue ids some Portico instance shows: each defined catalogue's translation into them is loaded. */
const inUse = new Set<string>();
const loaded = new WeakMap<PluginMessages, Map<string, PluginTranslation>>();
const loading = new Map<PluginMessages, Map<string, Promise<void>>>();
const arrived = createObservable(0);
/** Counts arrived translations: what `usePluginT` re-renders on. */
export const pluginTranslations: Observable<number> = arrived;

/**
 * Declares a plugin's catalogue (once: declaring it again returns it); its translation into a
 * language already in use starts loading now. Throws a `TypeError` naming the problem for a catalogue of another shape (a language
 * written inline, a loader that is not a function): the plugin's view then fails to load with it.
 */
export function definePluginMessages<K extends string>(messages: PluginMessages<K>): PluginMessages<K> {
  if (typeof messages !== 'object' || messages === null) throw new TypeError('Plugin messages: expected { en, locales } (a plugin\'s messages module exports it as `messages`)');
  if (defined.includes(messages as PluginMessages)) return messages;
  const { en, locales, ...rest } = messages as PluginMessages<K> & Record<string, unknown>;
  const inline = Object.keys(rest);
  if (typeof en !== 'object' || en === null) throw new TypeError('Plugin messages: `en` (the English strings) is required');
  if (inline.length) throw new TypeError(`Plugin messages: ${inline.map((id) => `"${id}"`).join(', ')} written inline; give each language a module of its own: locales: { ${inline[0]}: () => import('./locales/${inline[0]}') }`);
  for (const [id, loader] of Object.entries(locales ?? {})) if (typeof loader !== 'function') throw new TypeError(`Plugin messages: locales.${id} is not a loader (() => import('./locales/${id}'))`);
  defined.push(messages as PluginMessages);
  for (const locale of inUse) void loadTranslation(messages as PluginMessages, locale);
  return messages;
}

/** How many catalogues have been defined: `translationsSettled(since)` waits for those defined after. */
export function cataloguesDefined(): number {
  return defined.length;
}

/** `messages`' strings in `locale` once loaded (undefined before, or when it has none). */
export function translationOf(messages: PluginMessages, locale: string): PluginTranslation | undefined {
  return loaded.get(messages)?.get(locale);
}

/**
 * Loads `messages`' translation into `locale` (once; a failed load is tried again by the next
 * call, and English shows meanwhile). Resolves when it is there or failed.
 */
export function loadTranslation(messages: PluginMessages, locale: string, onError?: (error: unknown) => void): Promise<void> {
  const loader = messages.locales?.[locale];
  if (typeof loader !== 'function' || translationOf(messages, locale)) return Promise.resolve();
  const pending = loading.get(messages) ?? new Map<string, Promise<void>>();
  loading.set(messages, pending);
  let load = pending.get(locale);
  if (!load) {
    // A loader that throws, or a module without its strings, is a failed load like a network error.
    load = Promise.resolve()
      .then(loader)
      .then((module) => {
        if (typeof module?.default !== 'object' || module.default === null) throw new TypeError(`The ${locale} strings module has no default export`);
        loaded.set(messages, (loaded.get(messages) ?? new Map<string, PluginTranslation>()).set(locale, module.default));
        pending.delete(locale);
        arrived.set((n) => n + 1);
      })
      .catch((error: unknown) => {
        pending.delete(locale);
        onError?.(error);
      });
    pending.set(locale, load);
  }
  return load;
}

/**
 * Puts `locale` in use: every catalogue defined so far, and every one defined later, loads its
 * translation into it. Resolves when those defined so far are there (or failed).
 */
export function showPluginLocale(locale: string, onError?: (error: unknown) => void): Promise<void> {
  if (locale === 'en') return Promise.resolve();
  inUse.add(locale);
  return Promise.all(defined.map((messages) => loadTranslation(messages, locale, onError))).then(() => undefined);
}

/**
 * Resolves when the translations on their way for the catalogues defined since `since`
 * (`cataloguesDefined()` before a view's module loaded: that view's own) have arrived or failed,
 * or after `timeoutMs` from now: a stalled download shows the view in English, then translated
 * when it arrives, never holds it.
 */
export function translationsSettled(since = 0, timeoutMs = TRANSLATION_WAIT_MS): Promise<void> {
  const mine = defined.slice(since).flatMap((messages) => [...(loading.get(messages)?.values() ?? [])]);
  if (!mine.length) return Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const capped = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
  return Promise.race([Promise.all(mine).then(() => undefined), capped]).finally(() => clearTimeout(timer));
}

/** How long a view waits for its translation before it shows in English (its strings follow when they arrive). */
export const TRANSLATION_WAIT_MS = 3000;

/**
 * A label the modal draws from a manifest (`views.<id>`, `connectMethods.<id>`, `accountTabs.<id>`,
 * `walletButtons.<id>`, `namespace.<ns>`, `networks.<caipNetworkId>`) in `locale`, from the
 * catalogue of the plugin that put that key in its English: how a plugin of anyone's translates
 * its manifest's labels, and a chain plugin its namespace's and networks' names. Undefined when no
 * loaded translation has it (the modal's catalogue, then the manifest's English, follow).
 */
export function pluginLabel(key: string, locale: string): string | undefined {
  for (const messages of defined) {
    const text = key in messages.en ? (translationOf(messages, locale) as Readonly<Record<string, string>> | undefined)?.[key] : undefined;
    if (text !== undefined) return text;
  }
  return undefined;
}
