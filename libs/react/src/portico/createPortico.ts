import { chainAdapterRef, createKernel, createObservable, createTtlCache, kernelRefs, CACHE_TTL_MS, safeParseWith, type AccountIdentity, type Balance, type TokenBalance, type ChainAdapter, type CloseReason, type Kernel, type Observable } from '@portico/kernel';
import { AdapterNotFoundError, NoActiveCaipAddressError, ChainNotSupportedError, ConfigInvalidError, ConnectCancelledError } from '@portico/kernel/errors';
import { corePlugin } from '../corePlugin';
import { createAnalytics } from '../analytics/createAnalytics';
import { toError } from '../errors/toError';
import { createAccountReads, type AccountRead } from './accountReads';
import { createLegalConsent, type LegalConsent } from './createLegalConsent';
import { createWalletDirectory, loadRegistryWallets, registerCustomWallets, type WalletDirectory } from './walletDirectory';
import { createI18n, type I18n } from '../i18n/createI18n';
import { createThemeStore, type ThemeStore } from '../theme/createThemeStore';
import { porticoConfigSchema, type Network, type PorticoConfig } from './porticoConfigSchema';

/** The state of the connect attempt shown on the Connecting view. */
export interface ConnectAttempt {
  /** Increases with every attempt of this instance. */
  readonly id: number;
  readonly connectorId: string;
  readonly status: 'connecting' | 'failed';
  /** Still waiting after `connectTimeoutMs`: the wallet is not answering (the attempt stays open). */
  readonly slow?: boolean;
  readonly error?: Error | undefined;
}

/** How long the Connecting view waits before saying the wallet is not answering (spec's step timeout). */
export const CONNECT_TIMEOUT_MS = 30_000;

/** A Portico instance: the kernel plus what the modal and hooks need. */
export interface Portico {
  readonly kernel: Kernel;
  readonly projectId: string | undefined;
  readonly metadata: { name: string; description?: string | undefined; url?: string | undefined; icons?: string[] | undefined } | undefined;
  readonly networks: readonly Network[];
  readonly defaultNetwork: string | undefined;
  readonly cspNonce: string | undefined;
  readonly excludeWalletIds: ReadonlySet<string>;
  /** The wallet registry and the featured / include / exclude settings (All Wallets, Connect). */
  readonly directory: WalletDirectory;
  readonly i18n: I18n;
  readonly theme: ThemeStore;
  readonly connectAttempt: Observable<ConnectAttempt | undefined>;
  /**
   * The terms / privacy links and the user's acceptance (remembered per site). With the
   * `legalCheckbox` flag on and a link configured, connecting waits for it.
   */
  readonly legal: LegalConsent;
  /** Opens the modal (Connect when disconnected, Account when connected) and resolves when it closes. */
  open(view?: string, params?: unknown): Promise<CloseReason>;
  close(): boolean;
  /**
   * Connects every namespace a connector serves; shows Connecting, closes on success. A newer
   * call supersedes a pending one; leaving the connecting view or closing the modal before the
   * wallet answered cancels it (`cancelConnect`). A cancelled or superseded attempt rejects with
   * `ConnectCancelledError`, its late answer is ignored and each namespace returns to what it was.
   */
  connect(connectorId: string): Promise<void>;
  /** Cancels the pending connect attempt, if any. */
  cancelConnect(): void;
  disconnect(namespace?: string): Promise<void>;
  /** Switches to a configured network; an unknown one raises the Network Not Found alert. */
  switchNetwork(networkId: string): Promise<void>;
  network(networkId: string | undefined): Network | undefined;
  /** Native balance of the namespace's selected account (30 s cache), or undefined; rejects when the read fails. */
  balance(namespace: string): Promise<Balance | undefined>;
  /** Token balances of the namespace's selected account when its wallet reports them (30 s portfolio cache). */
  tokens(namespace: string): Promise<readonly TokenBalance[] | undefined>;
  /**
   * The live balance read of the namespace's selected account (last good value, error, stale):
   * watching it retries failures with backoff. Undefined when disconnected or the chain has no balance.
   */
  balanceRead(namespace: string): AccountRead<Balance> | undefined;
  /** The live token-balances read of the namespace's selected account, like `balanceRead`. */
  tokensRead(namespace: string): AccountRead<readonly TokenBalance[] | undefined> | undefined;
  /** The namespace's selected account's name-service profile (ENS on eip155:1; 5 min cache, "none" included). */
  identity(namespace: string): Promise<AccountIdentity | undefined>;
  adapter(namespace: string): ChainAdapter | undefined;
  start(): Promise<void>;
  dispose(): Promise<void>;
}

/** The modal's own view for a connect attempt (a connector may name another: `Connector.view`). */
const CONNECTING_VIEW = 'Connecting';

/**
 * Creates a Portico instance. Throws `ConfigInvalidError` naming the field for a malformed
 * config; a missing `projectId` is not thrown but raises the Project ID Not Configured alert.
 */
export function createPortico(config: PorticoConfig): Portico {
  const parsed = safeParseWith(porticoConfigSchema, config);
  if (!parsed.ok) throw new ConfigInvalidError(parsed.problems);
  const options = parsed.value;

  const kernel = createKernel({
    // The core is always first; a host that lists it too does not get it twice.
    plugins: [corePlugin, ...(options.plugins ?? []).filter((p) => p !== corePlugin && p !== options.siwx), ...(options.siwx ? [options.siwx] : [])],
    features: options.features,
    contributions: options.contributions,
    storage: options.storage,
    networks: options.networks,
    storageKey: options.storageKey,
    logLevel: options.logLevel,
    remoteConfig: options.remoteConfig,
  });
  // The host's networks, plus the networks chain plugins declare for namespaces the host lists none of.
  const networks = kernel.getService(kernelRefs.settings).networks;
  const i18n = createI18n(options.locale ?? 'en', undefined, (error) => kernel.logger.warn('Locale failed to load', error));
  const theme = createThemeStore(options.themeMode ?? 'system', options.themeVariables ?? {});
  const attempt = createObservable<ConnectAttempt | undefined>(undefined);
  const connectTimeoutMs = options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS;
  let attempts = 0;
  /** The attempt in progress: aborting its controller cancels it in every chain adapter. */
  let pending: { id: number; controller: AbortController } | undefined;
  // Per account and network: the last good value survives a failed refresh; retries only while watched.
  const balances = createAccountReads<Balance>({ ttlMs: CACHE_TTL_MS.nativeBalance });
  const portfolios = createAccountReads<readonly TokenBalance[] | undefined>({ ttlMs: CACHE_TTL_MS.portfolio });
  const identities = createTtlCache<string, AccountIdentity | undefined>({ ttlMs: CACHE_TTL_MS.identity });

  const adapter = (namespace: string): ChainAdapter | undefined => {
    const ref = chainAdapterRef(namespace);
    return kernel.hasService(ref) ? kernel.getService(ref) : undefined;
  };
  const network = (id: string | undefined) => networks.find((n) => n.caipNetworkId === id);
  /** A namespace's connected account on one of the app's networks, with its chain adapter and cache key. */
  const connectedAccount = (namespace: string) => {
    const { address, network: networkId, status } = kernel.connection.get(namespace);
    const chain = adapter(namespace);
    const target = network(networkId);
    if (status !== 'connected' || !address || !target || !chain) return undefined;
    return { address, network: target, chain, key: `${target.caipNetworkId}|${address}` };
  };
  const directory = createWalletDirectory(kernel, options);
  const legal = createLegalConsent(kernel.getService(kernelRefs.storage), `${kernel.getService(kernelRefs.settings).storageKey}/legal-consent`, options);
  // Events to the host's sink (none configured: nothing at all), while the `analytics` flag is on.
  const analytics = createAnalytics({ kernel, connectAttempt: attempt, projectId: options.projectId || undefined, options: options.analytics });
  let started: Promise<void> | undefined;

  const portico: Portico = {
    kernel,
    projectId: options.projectId || undefined,
    metadata: options.metadata,
    networks,
    defaultNetwork: options.defaultNetwork ?? networks[0]?.caipNetworkId,
    cspNonce: options.cspNonce,
    excludeWalletIds: new Set(options.excludeWalletIds ?? []),
    directory,
    i18n,
    theme,
    connectAttempt: attempt,
    legal,
    // Without a view: the router's entry (the account view while connected, else home).
    open: (view, params) => kernel.router.open(view, params),
    close: () => kernel.router.close('cancelled'),
    async connect(connectorId) {
      const connector = kernel.connectors.get(connectorId);
      if (!connector) throw new AdapterNotFoundError(`no connector "${connectorId}"`);
      pending?.controller.abort(new ConnectCancelledError('superseded'));
      const mine = { id: ++attempts, controller: new AbortController() };
      pending = mine;
      const { signal } = mine.controller;
      attempt.set({ id: mine.id, connectorId, status: 'connecting' });
      // A directory wallet connects through another connector (WalletConnect); the view still names it.
      const through = connector.via ? kernel.connectors.get(connector.via) : connector;
      // A connector may name its own view (WalletConnect's QR code), when its plugin contributes it.
      const view = through?.view && kernel.contributions.ownerOf('views', through.view) ? through.view : CONNECTING_VIEW;
      const CONNECTING_VIEWS: ReadonlySet<string> = new Set([CONNECTING_VIEW, view]);
      if (!CONNECTING_VIEWS.has(kernel.router.getSnapshot().current.view)) kernel.router.push(view, { connectorId });
      let connected = 0;
      // Until a wallet answered, leaving the connecting view (Back, another view) or closing the modal gives the attempt up.
      const offRouter = kernel.router.subscribe(() => {
        const { isOpen, stack } = kernel.router.getSnapshot();
        if (connected === 0 && (!isOpen || !stack.some((entry) => CONNECTING_VIEWS.has(entry.view)))) mine.controller.abort(new ConnectCancelledError());
      });
      const slowTimer = setTimeout(() => {
        const now = attempt.getSnapshot();
        if (now?.id === mine.id && now.status === 'connecting') attempt.set({ ...now, slow: true });
      }, connectTimeoutMs);
      try {
        if (!through) throw new AdapterNotFoundError(`"${connector.name}" connects through "${connector.via}", which is not enabled`);
        // A multi-chain connection (a WalletConnect session, a multi-chain wallet) may bring
        // accounts for only some of its namespaces: those without any (or on none of the app's
        // networks) are left disconnected.
        let noAccounts: unknown;
        for (const namespace of through.namespaces) {
          const chain = adapter(namespace);
          if (!chain) throw new AdapterNotFoundError(`no chain plugin provides "${namespace}"`);
          if (signal.aborted) throw signal.reason;
          try {
            await chain.connect(through.id, { signal });
            connected++;
          } catch (error) {
            const nothingThere = error instanceof NoActiveCaipAddressError || error instanceof ChainNotSupportedError;
            if (!nothingThere || through.namespaces.length === 1) throw error;
            noAccounts ??= error;
          }
        }
        if (connected === 0 && noAccounts) throw noAccounts;
        kernel.connection.addRecentWallet({ id: connector.id, name: connector.name, ...(connector.rdns ? { rdns: connector.rdns } : {}) });
        if (pending === mine) attempt.set(undefined);
        // A plugin (sign-in) may have moved the modal on; only close from Connecting.
        if (CONNECTING_VIEWS.has(kernel.router.getSnapshot().current.view)) kernel.router.close('connected');
      } catch (error) {
        const cancelled = signal.aborted || error instanceof ConnectCancelledError;
        // A superseded attempt leaves the view to the newer one; a cancelled one leaves nothing to show.
        if (pending === mine) attempt.set(cancelled ? undefined : { id: mine.id, connectorId, status: 'failed', error: toError(error) });
        throw cancelled && signal.reason instanceof Error ? signal.reason : error;
      } finally {
        clearTimeout(slowTimer);
        offRouter();
        if (pending === mine) pending = undefined;
      }
    },
    cancelConnect() {
      pending?.controller.abort(new ConnectCancelledError());
    },
    async disconnect(namespace) {
      const { namespaces } = kernel.connection.getSnapshot();
      const targets = namespace ? [namespace] : Object.keys(namespaces).filter((ns) => namespaces[ns]?.status !== 'disconnected');
      for (const ns of targets) {
        const chain = adapter(ns);
        if (chain) await chain.disconnect();
        else kernel.connection.setDisconnected(ns);
      }
      balances.clear();
      portfolios.clear();
    },
    async switchNetwork(networkId) {
      const target = network(networkId);
      if (!target) {
        kernel.alerts.raise('network-not-found', networkId);
        throw new ChainNotSupportedError(`"${networkId}" is not one of the app's networks`);
      }
      const namespace = networkId.split(':')[0]!;
      const chain = adapter(namespace);
      if (!chain) throw new AdapterNotFoundError(`no chain plugin provides "${namespace}"`);
      await chain.switchNetwork(target);
    },
    network,
    balance: async (namespace) => portico.balanceRead(namespace)?.fetch(),
    tokens: async (namespace) => portico.tokensRead(namespace)?.fetch(),
    balanceRead(namespace) {
      const a = connectedAccount(namespace);
      return a?.chain.getBalance ? balances.read(a.key, () => a.chain.getBalance!(a.address, a.network)) : undefined;
    },
    tokensRead(namespace) {
      const a = connectedAccount(namespace);
      return a?.chain.getTokens ? portfolios.read(a.key, () => a.chain.getTokens!(a.address, a.network)) : undefined;
    },
    async identity(namespace) {
      const a = connectedAccount(namespace);
      if (!a?.chain.getIdentity) return undefined;
      try {
        return await identities.getOrLoad(a.key, () => a.chain.getIdentity!(a.address, a.network));
      } catch (error) {
        // The address is shown instead. Failures are not cached: the next account or network
        // change, or another component asking, tries again.
        kernel.logger.warn('Name lookup failed', error);
        return undefined;
      }
    },
    adapter,
    start: () =>
      kernel.isDisposed
        ? Promise.resolve()
        : (started ??= kernel.start().then(() => {
            registerCustomWallets(kernel, directory, options.customWallets);
            // Registry wallets load when the modal first opens (nothing touches the network before a
            // click), in the background: a slow registry never holds up the modal.
            const off = kernel.events.on('modal:opened', () => {
              off();
              void loadRegistryWallets(kernel, directory);
            });
          })),
    async dispose() {
      analytics.dispose();
      theme.dispose();
      legal.dispose();
      balances.dispose();
      portfolios.dispose();
      await kernel.dispose();
    },
  };

  if (options.siweConfig) kernel.logger.warn('siweConfig is the legacy sign-in option and is not supported; pass siwx: createSiwxPlugin({...})');
  if (options.features?.legalCheckbox && !legal.hasLinks) {
    kernel.logger.warn('legalCheckbox is on but neither termsConditionsUrl nor privacyPolicyUrl is set: there is nothing to accept, so connecting is not held back');
  }
  if (!portico.projectId) {
    kernel.alerts.raise('project-id-not-configured');
    kernel.logger.error('Project ID Not Configured: pass projectId to createPortico()');
  }
  return portico;
}
