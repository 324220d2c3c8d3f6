/**
 * A plugin's own strings, shipped with its views: English (complete, the source) and any
 * translations, keyed by catalogue id (`ar`, `zh-TW`: the keys of `BUILTIN_LOCALES`). A view
 * passes it to `usePluginT(messages)`; keys English lacks go to the modal's catalogue as usual.
 */
export interface PluginMessages<K extends string = string> {
  readonly en: Readonly<Record<K, string>>;
  readonly [locale: string]: Readonly<Partial<Record<K, string>>>;
}

/** Declares a plugin's catalogue, checking at compile time that translations use English's keys only. */
export function definePluginMessages<K extends string>(messages: { readonly en: Readonly<Record<K, string>> } & { readonly [locale: string]: Readonly<Partial<Record<K, string>>> }): PluginMessages<K> {
  return messages;
}
