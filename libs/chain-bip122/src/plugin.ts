import { defineChainPlugin } from '@portico/kernel';
import { lazySiwxVerifier, siwxVerifierRef } from '@portico/plugin-siwx/api';
import { walletConnectBindingRef } from '@portico/plugin-walletconnect/api';
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
 * signing through the wallet, the BIP-322 sign-in verifier and the WalletConnect session
 * wallet (each loaded on first use).
 */
export function createBip122Plugin(options: Bip122PluginOptions = {}) {
  return defineChainPlugin({
    manifest,
    messages: () => import('./messages'),
    adapter: (parts) => createBip122Adapter({ ...parts, approvalRequired: options.approvalRequired }),
    discover: (adapter) => (typeof window === 'undefined' ? undefined : adapter.watch(getWallets())),
    services(ctx) {
      ctx.services.register(siwxVerifierRef('bip122'), { useValue: lazySiwxVerifier('bip122', () => import('./siwx/createBip122Verifier').then((m) => m.createBip122Verifier())) });
      // WalletConnect's bip122 JSON-RPC.
      ctx.services.register(walletConnectBindingRef('bip122'), {
        useValue: { namespace: 'bip122', methods: ['getAccountAddresses', 'signMessage', 'signPsbt', 'sendTransfer'], events: ['bip122_addressesChanged'], load: () => import('./walletconnect/createBip122SessionWallet') },
      });
    },
  });
}

/** The Bitcoin chain plugin with default options. */
export const chainBip122Plugin = createBip122Plugin();
