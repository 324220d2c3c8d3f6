import { chainAdapterRef, definePlugin, kernelRefs } from '@portico/kernel';
import { siwxVerifierRef, type SiwxVerifier } from '@portico/plugin-siwx/api';
import { getWallets } from '@wallet-standard/app';
import { createSolanaAdapter } from './createSolanaAdapter';
import { manifest } from './manifest';

/** Options of the Solana chain plugin. */
export interface SolanaPluginOptions {
  /** Connector ids of wallets that show no confirmation of their own: Portico asks instead. */
  approvalRequired?: readonly string[];
}

/**
 * Creates the Solana chain plugin: Wallet Standard discovery (whichever of page and wallet
 * loads first), connect and silent reconnect, SOL balances over the network's JSON-RPC,
 * signing through the wallet, and the CAIP-122 sign-in verifier (loaded on first use).
 */
export function createSolanaPlugin(options: SolanaPluginOptions = {}) {
  return definePlugin({
    manifest,
    activate(ctx) {
      const connection = ctx.services.get(kernelRefs.connection);
      const settings = ctx.services.get(kernelRefs.settings);
      const adapter = createSolanaAdapter({
        connection,
        connectors: ctx.services.get(kernelRefs.connectors),
        gate: ctx.services.get(kernelRefs.requestGate),
        http: ctx.http,
        logger: ctx.logger,
        pluginId: ctx.pluginId,
        networks: () => settings.networks.filter((n) => n.caipNetworkId.startsWith('solana:')),
        approvalRequired: options.approvalRequired,
      });
      ctx.onDispose(() => adapter.dispose());
      ctx.services.register(chainAdapterRef('solana'), { useValue: adapter });
      let verifier: Promise<SiwxVerifier> | undefined;
      const load = () => (verifier ??= import('./siwx/createSolanaVerifier').then(({ createSolanaVerifier }) => createSolanaVerifier()));
      ctx.services.register(siwxVerifierRef('solana'), {
        useValue: { namespace: 'solana', createMessage: async (fields) => (await load()).createMessage(fields), verify: async (session) => (await load()).verify(session) },
      });
      if (typeof window !== 'undefined') ctx.onDispose(adapter.watch(getWallets()));
      // What the last page load left connected, and what another tab of the site connects later.
      ctx.onDispose(connection.watchRestores('solana', (connectorId) => void adapter.reconnect(connectorId)));
    },
  });
}

/** The Solana chain plugin with default options. */
export const chainSolanaPlugin = createSolanaPlugin();
