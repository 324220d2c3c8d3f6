import { chainAdapterRef, definePlugin, kernelRefs, type Observable } from '@portico/kernel';
import { connectorPreparerRef } from '@portico/react';
import { siwxServiceRef } from '@portico/plugin-siwx/api';
import { WALLETCONNECT_CONNECTOR_ID, WALLETCONNECT_QR_VIEW, WALLETCONNECT_REQUEST_VIEW, walletConnectBindingRef, walletConnectServiceRef, type WalletConnectBinding, type WalletConnectService } from './api';
import { manifest } from './manifest';
import type { WalletConnectConnection, WalletConnectConnectionOptions } from './services/WalletConnectConnection';

/** The public relay, used when the host sets no `relayUrl`. */
export const DEFAULT_RELAY_URL = 'wss://relay.walletconnect.org';
/** WalletConnect's logo as a data URL (the connector's icon). */
const WALLETCONNECT_ICON =
  'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"%3E%3Crect width="40" height="40" rx="10" fill="%233396FF"/%3E%3Cpath d="M12.3 15.6c4.3-4.2 11.2-4.2 15.4 0l.5.5a.5.5 0 0 1 0 .8l-1.8 1.7a.3.3 0 0 1-.4 0l-.7-.7a7.6 7.6 0 0 0-10.6 0l-.8.8a.3.3 0 0 1-.4 0l-1.7-1.8a.5.5 0 0 1 0-.7zm19 3.5 1.6 1.6a.5.5 0 0 1 0 .8l-7.2 7a.6.6 0 0 1-.8 0l-5.1-5a.1.1 0 0 0-.2 0l-5.1 5a.6.6 0 0 1-.8 0l-7.2-7a.5.5 0 0 1 0-.8l1.6-1.6a.6.6 0 0 1 .8 0l5.1 5a.1.1 0 0 0 .2 0l5.1-5a.6.6 0 0 1 .8 0l5.1 5a.1.1 0 0 0 .2 0l5.1-5a.6.6 0 0 1 .8 0z" fill="%23fff"/%3E%3C/svg%3E';

/** How long a proposal with one-click sign-in stands, in seconds (the protocol's 5-minute proposal lifetime). */
const ONE_CLICK_TTL_S = 300;

/** Options of the WalletConnect plugin. */
export interface WalletConnectPluginOptions {
  /** The project id the relay expects; by default the host's (`createPortico({ projectId })`). Without either the plugin lists no connector. */
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

/** Said when no namespace can be carried by a session (none at start, or none whose binding loaded). */
const NO_SESSION_NAMESPACE = 'WalletConnect: no chain plugin takes a WalletConnect session (enable a chain plugin with a WalletConnect binding, and its networks)';

function defaultMetadata() {
  const page = typeof location === 'undefined' ? undefined : location;
  const name = (typeof document === 'undefined' ? '' : document.title) || page?.host || 'Portico app';
  return { name, description: name, url: page?.origin ?? 'http://localhost', icons: [] };
}

/**
 * Creates the WalletConnect plugin: the WALLET_CONNECT connector (first in the Connect view),
 * the QR view, and one session shared by every namespace whose chain plugin registered a
 * WalletConnect binding (`walletConnectBindingRef`): the session proposes the binding's
 * methods and events, and the binding's session-backed provider (loaded here, a small chunk
 * per chain) is attached to the chain's adapter, so connecting, silent restore after a
 * reload, events, switching and signing work as for any wallet. The plugin names no chain.
 * The protocol client loads only when the QR view opens or a session is restored. With the Sign
 * in with X plugin on, each pairing proposes one-click sign-in (the wallet signs the sign-in
 * message as it approves, one approval); a wallet without it connects, then signs as usual.
 */
export function createWalletConnectPlugin(options: WalletConnectPluginOptions = {}) {
  return definePlugin({
    manifest,
    messages: () => import('./views/messages'),
    async activate(ctx) {
      const settings = ctx.services.get(kernelRefs.settings);
      const projectId = options.projectId ?? settings.projectId;
      if (!projectId) {
        ctx.logger.warn('WalletConnect needs a projectId: pass createPortico({ projectId }) or createWalletConnectPlugin({ projectId })');
        return;
      }
      const policy = ctx.services.get(kernelRefs.rpcPolicy);
      const networksOf = (ns: string) => settings.networks.filter((n) => n.caipNetworkId.startsWith(`${ns}:`));
      // Chain plugins activate first (the kernel's rule), so their bindings are registered by now.
      const bindings = [...ctx.services.get(kernelRefs.namespaces).known()]
        .filter((ns) => ctx.services.has(walletConnectBindingRef(ns)) && ctx.services.has(chainAdapterRef(ns)) && typeof ctx.services.get(chainAdapterRef(ns)).attachProvider === 'function' && networksOf(ns).length > 0)
        .map((ns) => ctx.services.get(walletConnectBindingRef(ns)));
      if (bindings.length === 0) {
        ctx.logger.warn(NO_SESSION_NAMESPACE);
        return;
      }
      // The namespaces the session carries: those whose adapter took the session-backed provider.
      const namespaces: WalletConnectBinding[] = [];
      // Methods proposed per namespace: what the wallet must answer for Portico, plus every
      // method the chain plugin's policy has the user confirm (signing and sending).
      const methodsFor = (ns: string, own: readonly string[]) => [...new Set([...own, ...policy.allowedMethods(ns).filter((m) => policy.classify(m, ns) === 'confirm')])];
      // The connection (and its relay monitor) is made when first needed: the user picks WalletConnect,
      // the QR view prepares its client, or a stored session is restored; never before the first click.
      let made: WalletConnectConnection | undefined;
      /** Subscribers to the connection's observables from before it was made: subscribed once it is. */
      const waiting = new Set<() => void>();
      const connectionOptions: WalletConnectConnectionOptions = {
        projectId,
        relayUrl: options.relayUrl ?? DEFAULT_RELAY_URL,
        metadata: options.metadata ?? defaultMetadata(),
        logger: ctx.logger,
        pairingLifetimeMs: options.pairingLifetimeMs,
        expiryMarginMs: options.expiryMarginMs,
        clientOptions: options.clientOptions,
        ...(options.relayTimeoutMs !== undefined ? { relayTimeoutMs: options.relayTimeoutMs } : {}),
        ...(options.verifyApi !== undefined ? { verifyApi: options.verifyApi } : {}),
        // One-click sign-in when the Sign in with X plugin is on: the wallet signs the sign-in
        // message as it approves. CACAO signatures (eip191, eip1271) are EVM ones, so eip155 only.
        authentication: async () => {
          if (!ctx.services.has(siwxServiceRef)) return undefined;
          const chains = namespaces.filter((b) => b.namespace === 'eip155').flatMap((b) => networksOf(b.namespace).map((n) => n.caipNetworkId));
          const request = chains.length ? await ctx.services.get(siwxServiceRef).connectRequest(chains) : undefined;
          if (!request) return undefined;
          const { domain, uri, nonce, expirationTime, statement, resources } = request;
          return { domain, uri, nonce, chains: [...request.chains], exp: expirationTime, ttl: ONE_CLICK_TTL_S, ...(statement !== undefined ? { statement } : {}), ...(resources ? { resources: [...resources] } : {}) };
        },
        authenticated: async (cacaos) => {
          if (!ctx.services.has(siwxServiceRef)) return;
          await ctx.services.get(siwxServiceRef).acceptCacaos(cacaos);
        },
        // The spec's alert for a project id the service does not accept, beside the QR view's failure.
        refused: () => ctx.services.get(kernelRefs.alerts).raise('invalid-project-id'),
        namespaces: () =>
          Object.fromEntries(
            namespaces.map(({ namespace, methods, events }) => [
              namespace,
              { chains: networksOf(namespace).map((n) => n.caipNetworkId), methods: methodsFor(namespace, methods), events: [...events] },
            ]),
          ),
      };
      const session = ctx.loadOnce(() =>
        import('./services/createSession').then(({ createWalletConnectSession }) => {
          const created = createWalletConnectSession(connectionOptions, { alerts: ctx.services.get(kernelRefs.alerts), router: ctx.services.get(kernelRefs.router), events: ctx.events });
          ctx.onDispose(() => created.dispose());
          made = created.session;
          for (const wake of [...waiting]) wake();
          return made;
        }),
      );
      /** One of the connection's observables; until the connection is made, `initial` and no change. */
      const later = <T,>(pick: (connection: WalletConnectConnection) => Observable<T>, initial: T): Observable<T> => ({
        getSnapshot: () => (made ? pick(made).getSnapshot() : initial),
        subscribe(listener) {
          if (made) return pick(made).subscribe(listener);
          let off: (() => void) | undefined;
          const wake = () => {
            waiting.delete(wake);
            off = pick(made!).subscribe(listener);
            listener();
          };
          waiting.add(wake);
          return () => {
            waiting.delete(wake);
            off?.();
          };
        },
      });

      // The bindings' session providers load on demand (#41): when the user picks WalletConnect
      // (the connector's preparer, awaited before the adapters connect), when a stored session is
      // restored (here or from another tab), or when the QR view prepares its client; never before
      // the first click. A binding that fails to load is left out, and the connector loses its namespace.
      const connectors = ctx.services.get(kernelRefs.connectors);
      let unregister: (() => void) | undefined;
      const register = (list: readonly WalletConnectBinding[]) => {
        unregister?.();
        unregister = list.length
          ? connectors.register(
              { id: WALLETCONNECT_CONNECTOR_ID, name: 'WalletConnect', type: 'WALLET_CONNECT', namespaces: list.map((b) => b.namespace), icon: WALLETCONNECT_ICON, view: WALLETCONNECT_QR_VIEW },
              ctx.pluginId,
            )
          : undefined;
      };
      ctx.onDispose(() => unregister?.());
      let attaching: Promise<void> | undefined;
      const attach = () =>
        (attaching ??= (async () => {
          // The connection's code first: a failed load attaches nothing, and the next call tries again.
          const connection = await session();
          const attached = await Promise.all(
            bindings.map(async (binding) => {
              try {
                const { createSessionProvider } = await binding.load();
                if (ctx.signal.aborted) return undefined;
                const provider = createSessionProvider({ session: connection, http: ctx.http, networks: () => networksOf(binding.namespace), name: 'WalletConnect', icon: WALLETCONNECT_ICON });
                ctx.onDispose(ctx.services.get(chainAdapterRef(binding.namespace)).attachProvider!(WALLETCONNECT_CONNECTOR_ID, provider));
                return binding;
              } catch (error) {
                ctx.logger.warn(`WalletConnect: the ${binding.namespace} binding failed to load; WalletConnect will not offer ${binding.namespace}`, error);
                return undefined;
              }
            }),
          );
          if (ctx.signal.aborted) return;
          namespaces.push(...attached.filter((b) => b !== undefined));
          if (namespaces.length < bindings.length) {
            register(namespaces);
            if (namespaces.length === 0) ctx.logger.warn(NO_SESSION_NAMESPACE);
          }
        })().catch((error: unknown) => {
          attaching = undefined;
          throw error;
        }));
      register(bindings);
      ctx.services.register(connectorPreparerRef(WALLETCONNECT_CONNECTOR_ID), { useValue: () => attach() });
      const connection = ctx.services.get(kernelRefs.connection);
      for (const binding of bindings) {
        ctx.onDispose(
          connection.watchRestores(
            binding.namespace,
            (connectorId) =>
              connectorId === WALLETCONNECT_CONNECTOR_ID &&
              // As when the wallet does not answer: the restore window ends it, and the user connects again.
              void attach().catch((error: unknown) => ctx.logger.warn('WalletConnect: its code failed to load; the session is not restored', error)),
          ),
        );
      }

      const service: WalletConnectService = {
        pairing: later((connection) => connection.pairing, { status: 'idle' }),
        connect: async () => {
          await attach();
          await (await session()).connect();
        },
        cancel: () => made?.cancel(),
        preload: async () => void (await Promise.all([attach(), session().then((connection) => connection.client())])),
        connectionState: later((connection) => connection.relay.state, { status: 'idle' }),
        requests: later((connection) => connection.relay.requests, { pending: 0 }),
      };
      ctx.services.register(walletConnectServiceRef, { useValue: service });
      // Leaving the QR view (closing the modal) gives the pairing up, so the connect attempt ends.
      ctx.events.on('modal:closed', () => made?.cancel());
      // A connect attempt given up or replaced before the wallet answered: the pairing goes too, so a late scan is refused.
      ctx.events.on('connection:attempt-abandoned', (e) => e.connectorId === WALLETCONNECT_CONNECTOR_ID && made?.cancel());
    },
    views: {
      [WALLETCONNECT_QR_VIEW]: () => import('./views/ConnectingWalletConnectView'),
      [WALLETCONNECT_REQUEST_VIEW]: () => import('./views/WalletConnectRequestView'),
    },
  });
}

/** The WalletConnect plugin without a project id: its manifest places it, but it lists no connector. */
export const walletconnectPlugin = createWalletConnectPlugin();
