declare module 'virtual:portico-outside-plugins' {
  import type { Network, PluginDefinition } from '@portico/kernel';
  /** Plugins from the modules named in PORTICO_PLUGINS (none by default). */
  export const outsidePlugins: readonly PluginDefinition[];
  /** Networks those modules bring for their plugins. */
  export const outsideNetworks: readonly Network[];
}
