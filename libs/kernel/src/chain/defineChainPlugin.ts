import { kernelRefs } from '../kernelRefs';
import type { ConnectionStore } from '../connection/ConnectionStore';
import type { ConnectorRegistry } from '../connectors/ConnectorRegistry';
import type { HttpClient } from '../http/createHttpClient';
import type { Logger } from '../logger/createLogger';
import { definePlugin, type ManifestInput, type MessagesLoader, type PluginDefinition, type ViewLoader, type ViewIdsOf } from '../manifest/definePlugin';
import type { PluginContext } from '../plugins/PluginContext';
import type { RequestGate } from '../rpc/RequestGate';
import { chainAdapterRef, type ChainAdapter } from './ChainAdapter';
import type { Network } from './networkSchema';

/** What a chain plugin's adapter is built from: the kernel services every adapter uses. */
export interface ChainAdapterParts {
  readonly namespace: string;
  readonly connection: ConnectionStore;
  readonly connectors: ConnectorRegistry;
  readonly gate: RequestGate;
  readonly http: HttpClient;
  readonly logger: Logger;
  readonly pluginId: string;
  /** The app's networks of this namespace (read when needed: the host's list can change). */
  readonly networks: () => readonly Network[];
}

/** The adapter a chain plugin builds: the kernel contract plus the two calls the plugin makes. */
export interface ChainPluginAdapter extends ChainAdapter {
  /** Restores the connector's session without a prompt (after a reload, or another tab connected). */
  reconnect(connectorId: string): unknown;
  dispose?(): void;
}

/** A chain plugin, stated as data and three functions. */
export interface ChainPluginDefinition<M extends ManifestInput, A extends ChainPluginAdapter> {
  /** The manifest; it declares exactly one namespace. */
  readonly manifest: M;
  /** Builds the namespace's adapter (it updates the connection store itself). */
  readonly adapter: (parts: ChainAdapterParts) => A;
  /** Starts wallet discovery (in a browser); returns how to stop it. */
  readonly discover?: (adapter: A, ctx: PluginContext) => (() => void) | void;
  /**
   * What activation (and so `kernel.start()`) waits for after discovery started: e.g. the
   * listing of the wallets that announced themselves at once, when that code loads lazily.
   * Undefined, or a promise that settles; a rejection is logged, not a failed activation.
   */
  readonly ready?: (adapter: A) => Promise<unknown> | undefined;
  /**
   * Registers what else the namespace offers other plugins, each loaded on first use: its
   * sign-in verifier (`siwxVerifierRef`), its WalletConnect binding (`walletConnectBindingRef`).
   */
  readonly services?: (ctx: PluginContext, adapter: A) => void;
  readonly views?: { readonly [K in ViewIdsOf<M>]?: ViewLoader };
  /** Loads the plugin's strings catalogue (its namespace's and networks' names translated): see `PluginDefinition.messages`. */
  readonly messages?: MessagesLoader;
}

/**
 * Defines a chain plugin: on activation it builds the adapter from the kernel's services,
 * registers it under `chainAdapterRef(namespace)`, registers the plugin's other services,
 * starts discovery, restores what the last page load (or another tab) left connected through
 * `adapter.reconnect`, and waits for `ready`. Everything is undone when the plugin is disposed.
 */
export function defineChainPlugin<const M extends ManifestInput, A extends ChainPluginAdapter>(definition: ChainPluginDefinition<M, A>): PluginDefinition<M> {
  const namespaces = (definition.manifest as { namespaces?: ReadonlyArray<{ id: string }> }).namespaces ?? [];
  if (namespaces.length !== 1) throw new TypeError(`A chain plugin declares exactly one namespace; "${String(definition.manifest.id)}" declares ${namespaces.length}`);
  const namespace = namespaces[0]!.id;
  // The manifest, views and strings pass through as they are; activation is the chain's.
  return definePlugin({
    ...(definition as Pick<ChainPluginDefinition<M, A>, 'manifest' | 'messages'> & { views?: never }),
    async activate(ctx) {
      const connection = ctx.services.get(kernelRefs.connection);
      const settings = ctx.services.get(kernelRefs.settings);
      const adapter = definition.adapter({
        namespace,
        connection,
        connectors: ctx.services.get(kernelRefs.connectors),
        gate: ctx.services.get(kernelRefs.requestGate),
        http: ctx.http,
        logger: ctx.logger,
        pluginId: ctx.pluginId,
        networks: () => settings.networks.filter((n) => n.caipNetworkId.startsWith(`${namespace}:`)),
      });
      if (adapter.namespace !== namespace) throw new TypeError(`The adapter serves "${adapter.namespace}", the manifest declares "${namespace}"`);
      if (adapter.dispose) ctx.onDispose(() => adapter.dispose!());
      ctx.services.register(chainAdapterRef(namespace), { useValue: adapter });
      definition.services?.(ctx, adapter);
      const stop = definition.discover?.(adapter, ctx);
      if (stop) ctx.onDispose(stop);
      ctx.onDispose(connection.watchRestores(namespace, (connectorId) => void adapter.reconnect(connectorId)));
      await definition.ready?.(adapter)?.catch((error: unknown) => ctx.logger.warn('Discovery did not finish listing wallets', error));
    },
  }) as PluginDefinition<M>;
}
