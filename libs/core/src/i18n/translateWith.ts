import type { I18n } from './createI18n';
import { translationOf, type PluginMessages } from './pluginMessages';

/**
 * `t` reading `messages` first (the locale in use once its translation has loaded, then English) and the modal's catalogue for
 * any other key. A plugin's string goes through `t` as the fallback of a key no catalogue has (''),
 * so it is interpolated as the modal's own are. A module of its own: only the modal's chunk (where
 * `usePluginT` lives) needs it, and nothing of it joins the page's first load.
 */
export function translateWith(t: I18n['t'], messages: PluginMessages, loaded: string): I18n['t'] {
  return (key, vars, fallback) => {
    const english = (messages.en as Readonly<Record<string, string>>)[key];
    if (english === undefined) return t(key, vars, fallback);
    return t('', vars, (translationOf(messages, loaded) as Readonly<Record<string, string>> | undefined)?.[key] ?? english);
  };
}
