import { pluginLabel, pluginTranslations } from '@portico/core';
import { useObservable } from './useObservable';
import { usePortico } from './usePortico';
import { useT } from './useT';

/**
 * The labels the modal draws from manifests (`views.<id>`, `connectMethods.<id>`, `accountTabs.<id>`,
 * `walletButtons.<id>`, `namespace.<ns>`, `networks.<caipNetworkId>`), in the modal's language:
 * the catalogue of the plugin that defines the key first (every plugin translates its own labels),
 * then the modal's (the core's and the modal's own), then `english`, the manifest's text.
 * Re-renders when a plugin's translation arrives. Only views use it (a plugin's view naming a
 * namespace too): it is not in the page's first load.
 */
export function useLabel(): (key: string, english: string) => string {
  const t = useT();
  const { i18n } = usePortico('useLabel');
  const { loaded } = useObservable(i18n);
  useObservable(pluginTranslations);
  return (key, english) => pluginLabel(key, loaded) ?? t(key, undefined, english);
}
