import { chainAdapterRef, definePlugin, kernelRefs } from '@portico/kernel';
import { siwxVerifierRef, type SiwxVerifier } from '@portico/plugin-siwx/api';
import { getWallets } from '@wallet-standard/app';
import { createBip122Adapter } from './createBip122Adapter';
import { manifest } from './manifest';

/** Options of the Bitcoin chain plugin. */
export interface Bip122PluginOptions {
  /** Connector ids of wallets that show no confirmation of their own: Portico asks instead. */
  approvalRequired?: readonly string[];
}

/**
 * Creates the Bitcoin chain plugin: Wallet Standard discovery of wallets with
 * `bitcoin:connect`, connect and silent reconnect, Esplora balances, message and PSBT
 * signing through the wallet, and the BIP-322 sign-in verifier (loaded on first use).
 */
export function createBip122Plugin(options: Bip122PluginOptions = {}) {
  return definePlugin({
    manifest,
    activate(ctx) {
      const connection = ctx.services.get(kernelRefs.connection);
      const settings = ctx.services.get(kernelRefs.settings);
      const adapter = createBip122Adapter({
        connection,
        connectors: ctx.services.get(kernelRefs.connectors),
        gate: ctx.services.get(kernelRefs.requestGate),
        http: ctx.http,
        logger: ctx.logger,
        pluginId: ctx.pluginId,
        networks: () => settings.networks.filter((n) => n.caipNetworkId.startsWith('bip122:')),
        approvalRequired: options.approvalRequired,
      });
      ctx.onDispose(() => adapter.dispose());
      ctx.services.register(chainAdapterRef('bip122'), { useValue: adapter });
      let verifier: Promise<SiwxVerifier> | undefined;
      const load = () => (verifier ??= import('./siwx/createBip122Verifier').then(({ createBip122Verifier }) => createBip122Verifier()));
      ctx.services.register(siwxVerifierRef('bip122'), {
        useValue: { namespace: 'bip122', createMessage: async (fields) => (await load()).createMessage(fields), verify: async (session) => (await load()).verify(session) },
      });
      if (typeof window !== 'undefined') ctx.onDispose(adapter.watch(getWallets()));
      // What the last page load left connected, and what another tab of the site connects later.
      ctx.onDispose(connection.watchRestores('bip122', (connectorId) => void adapter.reconnect(connectorId)));
    },
  });
}

/** The Bitcoin chain plugin with default options. */
export const chainBip122Plugin = createBip122Plugin();
