import { createWalletStandardAdapter, defineChainPlugin, defineManifest, type StandardWalletAccount, type StandardWalletRegistry } from '@portico/kernel';
import { walletConnectBindingRef } from '@portico/plugin-walletconnect/api';

const NS = 'tron';

/** Data the kernel validates before anything runs: the namespace and its network, where its wallets go, its RPC policy. */
export const manifest = defineManifest({
  id: 'chain-tron',
  version: '0.1.0',
  kernel: '^0.1.0',
  // Its mainnet is the app's Tron network unless the host lists its own.
  namespaces: [{ id: NS, name: 'Tron', defaultAccountType: 'eoa', networks: [{ caipNetworkId: 'tron:0x2b6653dc', name: 'Tron', nativeCurrency: { name: 'Tronix', symbol: 'TRX', decimals: 6 } }] }],
  contributes: {
    connectorGroups: [{ id: 'tron-wallets', group: 'injected', connectorType: 'ANNOUNCED', namespaces: [NS] }],
    rpcPolicies: [
      {
        id: 'tron',
        namespace: NS,
        safe: ['tron_getAccounts'],
        confirm: ['tron_signMessage'],
        // How the approval view shows the request.
        read: { tron_signMessage: { as: 'message', field: 'message', encoding: 'text' } },
      },
    ],
  },
});

/** Its namespace's and network's names (English here; French a module of its own, loaded when the modal speaks it). */
export const en = { 'namespace.tron': 'Tron', 'networks.tron:0x2b6653dc': 'Tron' };

/** The wallet's signing feature: `tron:signMessage`, answering with a hex signature. */
export interface TronSignFeature {
  signMessage(input: { account: StandardWalletAccount; message: string }): Promise<{ signature: string }>;
}

/** A chain plugin for Tron: Wallet Standard wallets, signing through the wallet, WalletConnect. */
export function createTronPlugin(options: { wallets: StandardWalletRegistry }) {
  return defineChainPlugin({
    manifest,
    messages: async () => ({ messages: { en, locales: { fr: () => import('./locales/tron.fr') } } }),
    adapter(parts) {
      // The defaults do the rest: `standard:connect`, accounts as `<network>:<address>`, the app's first network the wallet lists.
      const shared = createWalletStandardAdapter(parts, { namespace: NS, isAccount: (a) => /^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(a.address) });
      return {
        ...shared,
        /** Signs with the connected wallet's `tron:signMessage`, through the request gate (the wallet shows its own confirmation). */
        signMessage: (message: string) =>
          shared.callFeature('tron:signMessage', { method: 'tron_signMessage', params: { message } }, (sign: TronSignFeature, account) => sign.signMessage({ account, message }), { walletConfirms: true }).then((r) => r.signature),
      };
    },
    discover: (adapter) => adapter.watch(options.wallets),
    services(ctx) {
      // WalletConnect carries Tron too: what the session proposes, and the session-backed wallet (loaded on first use).
      ctx.services.register(walletConnectBindingRef(NS), {
        useValue: { namespace: NS, methods: ['tron_signMessage'], events: [], load: () => import('./tronSessionWallet') },
      });
    },
  });
}
