import { chainAdapterRef, definePlugin, kernelRefs } from '@portico/kernel';
import { siwxVerifierRef, type SiwxVerifier } from '@portico/plugin-siwx/api';
import { createEip155Adapter } from './createEip155Adapter';
import { discoverEip6963 } from './discovery/discoverEip6963';
import type { Eip1193Provider } from './discovery/Eip1193Provider';
import { manifest } from './manifest';
import { rpcServiceUrl, type RpcOptions } from './rpcUrls';

/** Options of the EVM chain plugin. */
export interface Eip155PluginOptions extends RpcOptions {
  /** Where wallets announce themselves (default: `window`; tests pass their own target). */
  target?: EventTarget;
  /**
   * Connector ids (rdns) of wallets that show no confirmation of their own (custodial or
   * embedded): their signing and sending requests open Portico's ApproveTransaction view.
   */
  approvalRequired?: readonly string[];
}

/**
 * Creates the EVM chain plugin: EIP-6963 discovery plus the legacy injected provider,
 * silent reconnect after a reload, and the eip155 chain adapter.
 */
export function createEip155Plugin(options: Eip155PluginOptions = {}) {
  return definePlugin({
    manifest,
    activate(ctx) {
      const connection = ctx.services.get(kernelRefs.connection);
      const adapter = createEip155Adapter({
        connection,
        connectors: ctx.services.get(kernelRefs.connectors),
        gate: ctx.services.get(kernelRefs.requestGate),
        http: ctx.http,
        logger: ctx.logger,
        pluginId: ctx.pluginId,
        rpc: { rpcService: options.rpcService, customRpcUrls: options.customRpcUrls },
        approvalRequired: options.approvalRequired,
      });
      ctx.onDispose(() => adapter.dispose());
      ctx.services.register(chainAdapterRef('eip155'), { useValue: adapter });
      // Sign-in (EIP-4361) for plugin-siwx; viem's SIWE code loads only when someone signs in.
      let verifier: Promise<SiwxVerifier> | undefined;
      const load = () =>
        (verifier ??= import('./siwx/createEip155Verifier').then(({ createEip155Verifier }) =>
          createEip155Verifier({
            getRpcUrl: (caipNetworkId) => options.customRpcUrls?.[caipNetworkId]?.[0] ?? (options.rpcService ? rpcServiceUrl(options.rpcService, caipNetworkId) : undefined),
          }),
        ));
      ctx.services.register(siwxVerifierRef('eip155'), {
        useValue: { namespace: 'eip155', createMessage: async (fields) => (await load()).createMessage(fields), verify: async (session) => (await load()).verify(session) },
      });
      const target = options.target ?? (typeof window === 'undefined' ? undefined : window);
      if (target) {
        const discovery = discoverEip6963(target, adapter.addWallet, (reason) => ctx.logger.warn(`Ignored an EIP-6963 announcement: ${reason}`));
        ctx.onDispose(discovery.stop);
        try {
          const legacy = (target as { ethereum?: Eip1193Provider }).ethereum;
          if (legacy && typeof legacy.request === 'function') adapter.addLegacyProvider(legacy);
        } catch {
          ctx.logger.warn('Ignored the legacy injected provider: reading it threw');
        }
      }
      // What the last page load left connected, and what another tab of the site connects later.
      ctx.onDispose(connection.watchRestores('eip155', (connectorId) => void adapter.reconnect(connectorId)));
    },
  });
}

/** The EVM chain plugin with default options. */
export const chainEip155Plugin = createEip155Plugin();
