import { createWalletStandardAdapter, defineChainPlugin, defineManifest, type StandardWalletAccount, type StandardWalletRegistry } from '@portico/kernel';
import { walletConnectBindingRef } from '@portico/plugin-walletconnect/api';
import { definePluginMessages } from '@portico/core';

const NS = 'tron';
const isTronAccount = (a: StandardWalletAccount) => /^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(a.address);

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

/** Its namespace's and network's names in the modal's language (English here, French a module of its own). */
export const en = { 'namespace.tron': 'Tron', 'networks.tron:0x2b6653dc': 'Tron' };
definePluginMessages({ en, locales: { fr: () => import('./locales/tron.fr') } });

interface ConnectFeature {
  connect(input?: { silent?: boolean }): Promise<{ accounts: readonly StandardWalletAccount[] }>;
}
/** The wallet's signing feature: `tron:signMessage`, answering with a hex signature. */
export interface TronSignFeature {
  signMessage(input: { account: StandardWalletAccount; message: string }): Promise<{ signature: string }>;
}

/** A chain plugin for Tron: Wallet Standard wallets, signing through the wallet, WalletConnect. */
export function createTronPlugin(options: { wallets: StandardWalletRegistry }) {
  return defineChainPlugin({
    manifest,
    adapter(parts) {
      const shared = createWalletStandardAdapter(parts, {
        namespace: NS,
        supports: (wallet) => wallet.chains.some((chain) => chain.startsWith(`${NS}:`)) && 'standard:connect' in wallet.features,
        async requestAccounts(wallet, silent) {
          if (silent) return wallet.accounts.filter(isTronAccount);
          const { accounts } = await (wallet.features['standard:connect'] as ConnectFeature).connect();
          return accounts.filter(isTronAccount);
        },
        toAccounts: (accounts, network) => accounts.filter(isTronAccount).map((a) => ({ address: `${network}:${a.address}`, type: 'eoa' })),
        pickNetwork: (wallet, current) => current ?? parts.networks().find((n) => wallet.chains.includes(n.caipNetworkId))?.caipNetworkId,
      });
      return {
        ...shared,
        /** Signs with the connected account; the wallet shows its own confirmation. */
        async signMessage(message: string) {
          const active = shared.activeWallet();
          if (!active) throw new Error('No Tron wallet is connected');
          const sign = active.wallet.features['tron:signMessage'] as TronSignFeature;
          const request = { method: 'tron_signMessage', params: { message } };
          const { signature } = await parts.gate.request(NS, request, () => sign.signMessage({ account: active.account, message }), { walletConfirms: true });
          return signature;
        },
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
