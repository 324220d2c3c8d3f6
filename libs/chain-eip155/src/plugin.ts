import { defineChainPlugin, onIdle } from '@portico/kernel';
import { lazySiwxVerifier, siwxVerifierRef } from '@portico/plugin-siwx/api';
import { walletConnectBindingRef } from '@portico/plugin-walletconnect/api';
import { createEip155Adapter } from './createEip155Adapter';
import { listenForAnnouncements } from './discovery/listenForAnnouncements';
import type { Eip1193Provider } from './discovery/Eip1193Provider';
import { manifest } from './manifest';
import type { RpcOptions } from './rpcUrls';

/**
 * Methods a WalletConnect session must let the wallet answer beyond the ones the policy confirms
 * (signing and sending, which WalletConnect adds itself); every other read goes to the network's RPC.
 */
const SESSION_METHODS = ['wallet_getCallsStatus', 'wallet_getCapabilities', 'wallet_grantPermissions', 'wallet_switchEthereumChain'];

/** Options of the EVM chain plugin. */
export interface Eip155PluginOptions extends RpcOptions {
  /** Where wallets announce themselves (default: `window`; tests pass their own target). */
  target?: EventTarget;
  /**
   * Connector ids (rdns) of wallets that show no confirmation of their own (custodial or
   * embedded): their signing and sending requests open Portico's approval view.
   */
  approvalRequired?: readonly string[];
  /**
   * Calls per second per API key to the networks' account APIs (`blockExplorers.default.apiUrl`:
   * Activity, NFTs, Tokens): the key's plan. Default 3, Etherscan's free plan; Lite allows 5.
   */
  explorerRps?: number;
  /**
   * The IPFS gateway `ipfs://` NFT metadata, NFT images and ENS avatars are read through, path
   * style (`https://gateway.example/ipfs/`). Default `https://ipfs.io/ipfs/`; must be https.
   */
  ipfsGateway?: string;
}

/**
 * Creates the EVM chain plugin: EIP-6963 discovery plus the legacy injected provider,
 * silent reconnect after a reload, the eip155 chain adapter, the EIP-4361 sign-in verifier
 * and the WalletConnect session provider (each loaded on first use).
 */
export function createEip155Plugin(options: Eip155PluginOptions = {}) {
  return defineChainPlugin({
    manifest,
    messages: () => import('./messages'),
    // The options the adapter reads (approvalRequired, explorerRps, ipfsGateway) go as they are.
    adapter: (parts) => createEip155Adapter({ ...options, ...parts, rpc: { rpcService: options.rpcService, customRpcUrls: options.customRpcUrls } }),
    services(ctx) {
      // viem's SIWE code loads only when someone signs in.
      ctx.services.register(siwxVerifierRef('eip155'), {
        useValue: lazySiwxVerifier('eip155', async () => {
          const [{ createEip155Verifier }, { rpcServiceUrl }] = await Promise.all([import('./siwx/createEip155Verifier'), import('./rpcUrls')]);
          const getRpcUrl = (caipNetworkId: string) => options.customRpcUrls?.[caipNetworkId]?.[0] ?? (options.rpcService ? rpcServiceUrl(options.rpcService, caipNetworkId) : undefined);
          return createEip155Verifier({ getRpcUrl });
        }),
      });
      ctx.services.register(walletConnectBindingRef('eip155'), {
        useValue: { namespace: 'eip155', methods: SESSION_METHODS, events: ['accountsChanged', 'chainChanged'], load: () => import('./walletconnect/createEip155SessionProvider') },
      });
    },
    // The wallets that announced at once are listed before activation ends, so after `start()` the
    // connectors are there (their checking code loads only when a wallet announced).
    ready: (adapter) => adapter.listed(),
    discover(adapter, ctx) {
      // The session half of the adapter loads while the visitor looks at the modal, not on the page's first load.
      let cancel = () => {};
      const offOpened = ctx.events.once('modal:opened', () => (cancel = onIdle(() => void adapter.preload())));
      ctx.onDispose(() => {
        offOpened();
        cancel();
      });
      const target = options.target ?? (typeof window === 'undefined' ? undefined : window);
      if (!target) return undefined;
      // Announcements are read as they arrive; checking and listing them loads once there is one.
      const discovery = listenForAnnouncements(target, adapter.addReading, (reason) => ctx.logger.warn(`Ignored an EIP-6963 announcement: ${reason}`));
      try {
        const legacy = (target as { ethereum?: Eip1193Provider }).ethereum;
        if (legacy && typeof legacy.request === 'function') adapter.addLegacyProvider(legacy);
      } catch {
        ctx.logger.warn('Ignored the legacy injected provider: reading it threw');
      }
      return discovery.stop;
    },
  });
}

/** The EVM chain plugin with default options. */
export const chainEip155Plugin = createEip155Plugin();
