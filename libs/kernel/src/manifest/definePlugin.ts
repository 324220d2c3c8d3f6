import type * as z from 'zod/mini';
import type { PluginContext } from '../plugins/PluginContext';
import type { manifestSchema } from './manifestSchema';

type DeepReadonly<T> = T extends (...args: never[]) => unknown
  ? T
  : T extends readonly (infer U)[]
    ? readonly DeepReadonly<U>[]
    : T extends object
      ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
      : T;

/** What a plugin author writes; `validateManifest` checks it at load time. */
export type ManifestInput = DeepReadonly<z.input<typeof manifestSchema>>;

/** The view ids a manifest declares under `contributes.views`. */
export type ViewIdsOf<M> = M extends { readonly contributes?: { readonly views?: readonly (infer V)[] } }
  ? V extends { readonly id: infer I extends string }
    ? I
    : never
  : never;

/** A lazily imported view module; the React layer renders its default export. */
export interface ViewModule {
  default: unknown;
}

/** `() => import('./views/X')`. */
export type ViewLoader = () => Promise<ViewModule>;

/** Undoes what `activate` did; called on dispose. */
export type Disposer = () => void | Promise<void>;

/**
 * `() => import('./messages')`: the module that defines the plugin's strings catalogue
 * (`definePluginMessages`, with its manifest labels under `views.<id>`, `walletButtons.<id>`, …).
 */
export type MessagesLoader = () => Promise<unknown>;

/** A plugin: its manifest (data), `activate` (behaviour), its lazy views and its lazy strings. */
export interface PluginDefinition<M extends ManifestInput = ManifestInput> {
  readonly manifest: M;
  readonly activate?: (ctx: PluginContext) => void | Disposer | Promise<void | Disposer>;
  readonly views?: { readonly [K in ViewIdsOf<M>]?: ViewLoader };
  /**
   * Loads the plugin's strings catalogue. The modal calls it while it speaks a language other
   * than English, so the plugin's manifest labels show translated before any of its views loads;
   * an English page never loads it (the manifest's text is the English).
   */
  readonly messages?: MessagesLoader;
}

/** Typed identity for a manifest: keeps literal ids so `definePlugin` can check view ids. */
export function defineManifest<const M extends ManifestInput>(manifest: M): M {
  return manifest;
}

/**
 * Typed identity for a plugin. A key in `views` that the manifest does not declare is a
 * type error; nothing runs until a kernel loads the plugin.
 */
export function definePlugin<const M extends ManifestInput, const V extends Record<string, ViewLoader> = Record<never, ViewLoader>>(definition: {
  manifest: M;
  activate?: PluginDefinition<M>['activate'];
  views?: V & { readonly [K in Exclude<keyof V, ViewIdsOf<M>>]: never };
  messages?: MessagesLoader;
}): PluginDefinition<M> {
  return definition as PluginDefinition<M>;
}
