import { defineChainPlugin } from '@portico/kernel';
import { lazySiwxVerifier, siwxVerifierRef } from '@portico/plugin-siwx/api';
import { walletConnectBindingRef } from '@portico/plugin-walletconnect/api';
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
 * signing through the wallet, the CAIP-122 sign-in verifier and the WalletConnect session
 * wallet (each loaded on first use).
 */
export function createSolanaPlugin(options: SolanaPluginOptions = {}) {
  return defineChainPlugin({
    manifest,
    messages: () => import('./messages'),
    adapter: (parts) => createSolanaAdapter({ ...parts, approvalRequired: options.approvalRequired }),
    discover: (adapter) => (typeof window === 'undefined' ? undefined : adapter.watch(getWallets())),
    services(ctx) {
      ctx.services.register(siwxVerifierRef('solana'), { useValue: lazySiwxVerifier('solana', () => import('./siwx/createSolanaVerifier').then((m) => m.createSolanaVerifier())) });
      ctx.services.register(walletConnectBindingRef('solana'), {
        // WalletConnect's Solana JSON-RPC.
        useValue: {
          namespace: 'solana',
          methods: ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction', 'solana_signAllTransactions'],
          events: [],
          load: () => import('./walletconnect/createSolanaSessionWallet'),
        },
      });
    },
  });
}

/** The Solana chain plugin with default options. */
export const chainSolanaPlugin = createSolanaPlugin();
