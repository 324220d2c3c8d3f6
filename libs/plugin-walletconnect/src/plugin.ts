import { chainAdapterRef, definePlugin, kernelRefs } from '@portico/kernel';
import { WALLETCONNECT_CONNECTOR_ID, WALLETCONNECT_REQUEST_VIEW, walletConnectServiceRef, type WalletConnectService } from './api';
import { manifest } from './manifest';
import { createEip155SessionProvider, EIP155_SESSION_EVENTS, EIP155_SESSION_METHODS } from './services/createEip155SessionProvider';
import { BIP122_SESSION_EVENTS, BIP122_SESSION_METHODS, createBip122SessionWallet } from './services/createBip122SessionWallet';
import { announceRelayInterruptions } from './services/announceRelayInterruptions';
import { createSolanaSessionWallet, SOLANA_SESSION_METHODS } from './services/createSolanaSessionWallet';
import { WalletConnectConnection, type WalletConnectConnectionOptions } from './services/WalletConnectConnection';

/** The public relay, used when the host sets no `relayUrl`. */
export const DEFAULT_RELAY_URL = 'wss://relay.walletconnect.org';
/** WalletConnect's logo as a data URL (the connector's icon). */
const WALLETCONNECT_ICON =
  'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"%3E%3Crect width="40" height="40" rx="10" fill="%233396FF"/%3E%3Cpath d="M12.3 15.6c4.3-4.2 11.2-4.2 15.4 0l.5.5a.5.5 0 0 1 0 .8l-1.8 1.7a.3.3 0 0 1-.4 0l-.7-.7a7.6 7.6 0 0 0-10.6 0l-.8.8a.3.3 0 0 1-.4 0l-1.7-1.8a.5.5 0 0 1 0-.7zm19 3.5 1.6 1.6a.5.5 0 0 1 0 .8l-7.2 7a.6.6 0 0 1-.8 0l-5.1-5a.1.1 0 0 0-.2 0l-5.1 5a.6.6 0 0 1-.8 0l-7.2-7a.5.5 0 0 1 0-.8l1.6-1.6a.6.6 0 0 1 .8 0l5.1 5a.1.1 0 0 0 .2 0l5.1-5a.6.6 0 0 1 .8 0l5.1 5a.1.1 0 0 0 .2 0l5.1-5a.6.6 0 0 1 .8 0z" fill="%23fff"/%3E%3C/svg%3E';

/** What a session asks the wallet for, per namespace (the chain plugins' confirm methods are added). */
const SESSION_METHODS = {
  eip155: { methods: EIP155_SESSION_METHODS, events: EIP155_SESSION_EVENTS },
  solana: { methods: SOLANA_SESSION_METHODS, events: [] },
  bip122: { methods: BIP122_SESSION_METHODS, events: BIP122_SESSION_EVENTS },
} as const;

/** Options of the WalletConnect plugin. */
export interface WalletConnectPluginOptions {
  /** The project id the relay expects; without one the plugin lists no connector. */
  projectId?: string;
  /** Relay WebSocket URL (default: the public relay). */
  relayUrl?: string;
  /** The app as wallets show it (default: the page's title and origin). */
  metadata?: { name: string; description: string; url: string; icons: string[] };
  /** Pairing lifetime; the spec's 4 minutes unless a test shortens it. */
  pairingLifetimeMs?: number;
  /** A pairing counts as expired this long before its end (spec: 10 s). */
  expiryMarginMs?: number;
  /** WalletConnect's Verify API; default on, off with a loopback relay (see `WalletConnectConnectionOptions`). */
  verifyApi?: boolean;
  /** Extra options for the protocol client (tests give each client its own storage). */
  clientOptions?: WalletConnectConnectionOptions['clientOptions'];
  /**
   * How long a request to the wallet may wait on an unreachable relay before it fails with
   * `WalletConnectRelayUnreachableError` (default `RELAY_TIMEOUT_MS`, 30 s).
   */
  relayTimeoutMs?: number;
}

function defaultMetadata() {
  const page = typeof location === 'undefined' ? undefined : location;
  const name = (typeof document === 'undefined' ? '' : document.title) || page?.host || 'Portico app';
  return { name, description: name, url: page?.origin ?? 'http://localhost', icons: [] };
}

/**
 * Creates the WalletConnect plugin: the WALLET_CONNECT connector (first in the Connect view),
 * the QR view, and a session-backed provider given to the eip155 adapter, so connecting,
 * silent restore after a reload, events, switching and signing work as for any wallet. The
 * protocol client loads only when the QR view opens or a session is restored.
 */
export function createWalletConnectPlugin(options: WalletConnectPluginOptions = {}) {
  return definePlugin({
    manifest,
    activate(ctx) {
      if (!options.projectId) {
        ctx.logger.warn('WalletConnect needs a projectId: pass createWalletConnectPlugin({ projectId })');
        return;
      }
      const settings = ctx.services.get(kernelRefs.settings);
      const policy = ctx.services.get(kernelRefs.rpcPolicy);
      const networksOf = (ns: string) => settings.networks.filter((n) => n.caipNetworkId.startsWith(`${ns}:`));
      const evmNetworks = () => networksOf('eip155');
      // The namespaces a session can carry: those whose chain plugin takes a session-backed wallet.
      const namespaces: string[] = [];
      // Methods proposed per namespace: what the wallet must answer for Portico, plus every
      // method the chain plugin's policy has the user confirm (signing and sending).
      const methodsFor = (ns: string, own: readonly string[]) => [...new Set([...own, ...policy.allowedMethods(ns).filter((m) => policy.classify(m, ns) === 'confirm')])];
      const session = new WalletConnectConnection({
        projectId: options.projectId,
        relayUrl: options.relayUrl ?? DEFAULT_RELAY_URL,
        metadata: options.metadata ?? defaultMetadata(),
        logger: ctx.logger,
        pairingLifetimeMs: options.pairingLifetimeMs,
        expiryMarginMs: options.expiryMarginMs,
        clientOptions: options.clientOptions,
        ...(options.relayTimeoutMs !== undefined ? { relayTimeoutMs: options.relayTimeoutMs } : {}),
        ...(options.verifyApi !== undefined ? { verifyApi: options.verifyApi } : {}),
        namespaces: () =>
          Object.fromEntries(
            namespaces.map((ns) => {
              const { methods, events } = SESSION_METHODS[ns as keyof typeof SESSION_METHODS];
              return [ns, { chains: networksOf(ns).map((n) => n.caipNetworkId), methods: methodsFor(ns, methods), events: [...events] }];
            }),
          ),
      });
      ctx.onDispose(() => session.dispose());

      const adapterFor = (ns: string) => {
        const ref = chainAdapterRef(ns);
        return ctx.services.has(ref) ? ctx.services.get(ref) : undefined;
      };
      const eip155 = adapterFor('eip155');
      if (eip155?.attachProvider && evmNetworks().length > 0) {
        ctx.onDispose(eip155.attachProvider(WALLETCONNECT_CONNECTOR_ID, createEip155SessionProvider(session, { http: ctx.http, networks: evmNetworks })));
        namespaces.push('eip155');
      }
      const solana = adapterFor('solana');
      if (solana?.attachProvider && networksOf('solana').length > 0) {
        const wallet = createSolanaSessionWallet(session, { name: 'WalletConnect', icon: WALLETCONNECT_ICON, chains: () => networksOf('solana').map((n) => n.caipNetworkId) });
        ctx.onDispose(solana.attachProvider(WALLETCONNECT_CONNECTOR_ID, wallet));
        namespaces.push('solana');
      }
      const bip122 = adapterFor('bip122');
      if (bip122?.attachProvider && networksOf('bip122').length > 0) {
        const wallet = createBip122SessionWallet(session, { name: 'WalletConnect', icon: WALLETCONNECT_ICON, chains: () => networksOf('bip122').map((n) => n.caipNetworkId) });
        ctx.onDispose(bip122.attachProvider(WALLETCONNECT_CONNECTOR_ID, wallet));
        namespaces.push('bip122');
      }
      if (namespaces.length === 0) {
        ctx.logger.warn('WalletConnect: no chain plugin takes a WalletConnect session (enable chain-eip155, chain-solana or chain-bip122 with their networks)');
        return;
      }
      const connectors = ctx.services.get(kernelRefs.connectors);
      ctx.onDispose(connectors.register({ id: WALLETCONNECT_CONNECTOR_ID, name: 'WalletConnect', type: 'WALLET_CONNECT', namespaces, icon: WALLETCONNECT_ICON }, ctx.pluginId));

      const service: WalletConnectService = {
        pairing: session.pairing,
        connect: async () => void (await session.connect()),
        cancel: () => session.cancel(),
        preload: async () => void (await session.client()),
        connectionState: session.relay.state,
        requests: session.relay.requests,
      };
      ctx.services.register(walletConnectServiceRef, { useValue: service });
      // Leaving the QR view (closing the modal) gives the pairing up, so the connect attempt ends.
      ctx.events.on('modal:closed', () => session.cancel());
      // A connect attempt given up or replaced before the wallet answered: the pairing goes too, so a late scan is refused.
      ctx.events.on('connection:attempt-abandoned', (e) => e.connectorId === WALLETCONNECT_CONNECTOR_ID && session.cancel());
      // The relay away: an alert in the modal, and the modal opened on a request waiting for the wallet.
      ctx.onDispose(
        announceRelayInterruptions({
          relay: session.relay,
          alerts: ctx.services.get(kernelRefs.alerts),
          router: ctx.services.get(kernelRefs.router),
          events: ctx.events,
        }),
      );
    },
    views: {
      ConnectingWalletConnect: () => import('./views/ConnectingWalletConnectView'),
      [WALLETCONNECT_REQUEST_VIEW]: () => import('./views/WalletConnectRequestView'),
    },
  });
}

/** The WalletConnect plugin without a project id: its manifest places it, but it lists no connector. */
export const walletconnectPlugin = createWalletConnectPlugin();
