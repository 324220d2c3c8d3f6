import { createKernel, kernelRefs, loadOnce, onIdle, safeParseWith, type AccountIdentity, type Balance, type TokenBalance, type ChainAdapter, type CloseReason, type Kernel, type Observable, type PluginDefinition } from '@portico/kernel';
import { ConfigInvalidError } from '@portico/kernel/errors';
import { corePlugin } from '../corePlugin';
import type { AccountRead } from './accountReadState';
import { deferredRead } from './deferredRead';
import { createLegalConsent, type LegalConsent } from './createLegalConsent';
import { adapterOf, networkOf, type ConnectAttempt, type PorticoContext } from './porticoContext';
import type * as ReadsModule from './readsModule';
import { createWalletDirectory, type WalletDirectory } from './walletDirectory';
import { createI18n, type I18n } from '../i18n/createI18n';
import { createThemeStore, type ThemeStore } from '../theme/createThemeStore';
import { porticoConfigSchema, type LazyPlugin, type Network, type PorticoConfig } from './porticoConfigSchema';

export type { ConnectAttempt } from './porticoContext';

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
   * Connects every namespace a connector serves (the attempt: `kernel.connection.attempt`); a
   * binding's modal shows Connecting and closes on success (`followConnectAttempts`). A newer
   * call supersedes a pending one; leaving the connecting view or closing the modal before the
   * wallet answered cancels it (`cancelConnect`). A cancelled or superseded attempt rejects with
   * `ConnectCancelledError`, its late answer is ignored and each namespace returns to what it was.
   */
  connect(connectorId: string): Promise<void>;
  /** Cancels the pending connect attempt, if any. */
  cancelConnect(): void;
  /**
   * Loads the code the actions and the account reads need (connect, disconnect, switching, wallet
   * listing; balances, tokens, names): done when the modal first opens, or by the first action or
   * watched read; resolves when it is there. Rejects if it failed to load (a later call tries again).
   */
  preload(): Promise<void>;
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
  /** Forgets the cached balances and token lists (after a transfer): the ones on screen are read again. */
  refreshBalances(): void;
  /** The namespace's selected account's name-service profile (ENS on eip155:1; 5 min cache, "none" included); undefined on a failed lookup. */
  identity(namespace: string): Promise<AccountIdentity | undefined>;
  /** The live name-service read of the namespace's selected account, like `balanceRead` (its `error` says why a lookup failed). */
  identityRead(namespace: string): AccountRead<AccountIdentity | undefined> | undefined;
  adapter(namespace: string): ChainAdapter | undefined;
  start(): Promise<void>;
  dispose(): Promise<void>;
}

/** What a binding (the React layer, another framework's) adds to `createPortico`. */
export interface PorticoBinding {
  /**
   * The plugin with the binding's modal views (home, connecting, account, approval), always
   * loaded first; a host that lists it too does not get it twice. Without one (a headless
   * host), actions work and `open()` rejects with `ViewNotFoundError`.
   */
  readonly shell?: PluginDefinition | undefined;
}

/**
 * Creates a Portico instance. Throws `ConfigInvalidError` naming the field for a malformed
 * config; a missing `projectId` is not thrown but raises the Project ID Not Configured alert.
 */
export function createPortico(config: PorticoConfig, binding: PorticoBinding = {}): Portico {
  const parsed = safeParseWith(porticoConfigSchema, config);
  if (!parsed.ok) throw new ConfigInvalidError(parsed.problems);
  const options = parsed.value;
  const { shell } = binding;

  const listed = options.plugins ?? [];
  /** Cancels the idle-time load of the host's lazy plugins (on dispose). */
  let stopLazy = () => undefined as void;
  // A definition has a manifest; anything else listed (a function, or { load, when }) is a lazy plugin.
  const isDefinition = (p: PluginDefinition | LazyPlugin): p is PluginDefinition => 'manifest' in p;
  const lazyPlugins = listed.filter((p): p is LazyPlugin => !isDefinition(p));
  const kernel = createKernel({
    // The core first, then the binding's shell; a host that lists either too does not get it twice.
    plugins: [corePlugin, ...(shell ? [shell] : []), ...listed.filter((p): p is PluginDefinition => isDefinition(p) && p !== corePlugin && p !== shell && p !== options.siwx), ...(options.siwx ? [options.siwx] : [])],
    features: options.features,
    contributions: options.contributions,
    storage: options.storage,
    networks: options.networks,
    storageKey: options.storageKey,
    projectId: options.projectId || undefined,
    logLevel: options.logLevel,
    remoteConfig: options.remoteConfig,
  });
  // The host's networks, plus the networks chain plugins declare for namespaces the host lists none of.
  const networks = kernel.getService(kernelRefs.settings).networks;
  const i18n = createI18n(options.locale ?? 'en', undefined, (error) => kernel.logger.warn('Locale failed to load', error));
  const theme = createThemeStore(options.themeMode ?? 'system', options.themeVariables ?? {});
  const attempt = kernel.connection.attempt;
  const ctx: PorticoContext = {
    kernel,
    networks,
    connectTimeoutMs: options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
    reads: undefined,
  };
  // The account reads' code (cache, retries, the read actions) loads when a read is first watched
  // or asked for, or when the modal first opens; until then a read is a stand-in (`deferredRead`).
  const loadReads = loadOnce(() =>
    import('./readsModule').then((module) => {
      if (!kernel.isDisposed) ctx.reads ??= module.createReadStores();
      return module;
    }),
  );
  /** The live read, or while its code loads a stand-in for it (none while the namespace is not connected). */
  const liveRead = <T>(namespace: string, make: (module: typeof ReadsModule) => AccountRead<T> | undefined): AccountRead<T> | undefined => {
    if (loadReads.current) return make(loadReads.current);
    return kernel.connection.get(namespace).status === 'connected' ? deferredRead(() => loadReads().then(make)) : undefined;
  };
  // The actions a visitor's click needs (connect, disconnect, switch) and the directory's listing
  // code: one chunk, loaded when the modal first opens or an action is called; a failed load is
  // retried by the next call.
  const session = loadOnce(() => import('./sessionModule'));
  const directory = createWalletDirectory(kernel, options, session);
  const legal = createLegalConsent(kernel.getService(kernelRefs.storage), `${kernel.getService(kernelRefs.settings).storageKey}/legal-consent`, options);
  // Events to the host's sink, while the `analytics` flag is on. With no sink configured nothing
  // is loaded at all; with one, the recorder loads now and `start` waits for it, so no fact of
  // the start is missed (the sink's own code still loads only at the first fact it sends).
  const analyticsOptions = options.analytics;
  const analytics =
    analyticsOptions?.url || analyticsOptions?.onEvent
      ? import('../analytics/createAnalytics').then(
          ({ createAnalytics }) => createAnalytics({ kernel, connectAttempt: attempt, projectId: options.projectId || undefined, options: analyticsOptions }),
          (error: unknown) => void kernel.logger.warn('The analytics recorder failed to load; no events are sent', error),
        )
      : undefined;
  let started: Promise<void> | undefined;
  // The modal's first open, heard from now on: a visitor's click can open it before `start` is
  // over (it waits for the analytics recorder, the plugins' setup and the custom wallets' listing
  // code), and a listener added only then would miss it, so the registry would never be asked.
  const firstOpen = new Promise((resolve) => kernel.events.once('modal:opened', resolve));

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
      // The attempt starts now (what the modal shows follows it: `followConnectAttempts`), so a
      // newer call or a cancel while the actions load gives it up.
      const started = attempt.begin(connectorId);
      return session().then(
        (actions) => actions.connect(ctx, started),
        (error: Error) => {
          started.end('failed', error);
          throw error;
        },
      );
    },
    cancelConnect: () => attempt.current?.cancel(),
    preload: async () => void (await Promise.all([session(), loadReads()])),
    disconnect: async (namespace) => (await session()).disconnect(ctx, namespace),
    switchNetwork: async (networkId) => (await session()).switchNetwork(ctx, networkId),
    network: (networkId) => networkOf(ctx, networkId),
    balance: async (namespace) => (await loadReads()).getBalance(ctx, namespace),
    tokens: async (namespace) => (await loadReads()).getTokens(ctx, namespace),
    balanceRead: (namespace) => liveRead(namespace, (module) => module.balanceRead(ctx, namespace)),
    tokensRead: (namespace) => liveRead(namespace, (module) => module.tokensRead(ctx, namespace)),
    refreshBalances: () => {
      ctx.reads?.balances.clear();
      ctx.reads?.portfolios.clear();
    },
    identity: async (namespace) => (await loadReads()).getIdentity(ctx, namespace),
    identityRead: (namespace) => liveRead(namespace, (module) => module.identityRead(ctx, namespace)),
    adapter: (namespace) => adapterOf(ctx, namespace),
    start: () =>
      kernel.isDisposed
        ? Promise.resolve()
        : (started ??= (analytics ?? Promise.resolve()).then(async () => {
            // Disposed while the analytics recorder loaded: nothing to start.
            if (kernel.isDisposed) return;
            await kernel.start();
            // Lazy plugins: their loader's code loads only for a host that lists some (see loadLazyPlugins).
            if (lazyPlugins.length) {
              void import('./loadLazyPlugins').then(
                ({ loadLazyPlugins }) => void (kernel.isDisposed || (stopLazy = loadLazyPlugins(kernel, lazyPlugins))),
                (error: unknown) => kernel.logger.error('The lazy plugins did not load', error),
              );
            }
            // Custom wallets need no network: a host that lists some loads the listing code now, so
            // they are listed once `start` resolves (and the modal first opens).
            if (options.customWallets?.length) {
              try {
                const actions = await session();
                if (!kernel.isDisposed) actions.registerCustomWallets(kernel, directory, options.customWallets);
              } catch (error) {
                kernel.logger.warn('The wallet directory failed to load: custom wallets are not listed', error);
              }
            }
            // The actions load, and registry wallets are fetched, when the modal first opens (nothing
            // touches the network before a click), in the background: a slow registry never holds up the modal.
            void firstOpen.then(() => {
              // Once the browser is idle after the open: nothing competes with the first view's render.
              if (kernel.isDisposed) return;
              onIdle(() => {
                void loadReads().catch((error: unknown) => kernel.logger.warn('The account reads failed to load', error));
                void session().then(
                  (actions) => actions.loadRegistryWallets(kernel, directory),
                  (error: unknown) => kernel.logger.warn('The wallet directory failed to load', error),
                );
              });
            });
          })),
    async dispose() {
      stopLazy();
      void analytics?.then((recorder) => recorder?.dispose());
      theme.dispose();
      legal.dispose();
      ctx.reads?.balances.dispose();
      ctx.reads?.portfolios.dispose();
      ctx.reads?.identities.dispose();
      await kernel.dispose();
    },
  };

  if (!portico.projectId) kernel.alerts.raise('project-id-not-configured');
  // What a host got wrong but can run with is said in the console; the words load only then.
  if (options.siweConfig || (options.features?.legalCheckbox && !legal.hasLinks) || !portico.projectId) {
    void import('./configWarnings').then(({ warnAboutConfig }) => warnAboutConfig(kernel.logger, options, legal.hasLinks));
  }
  return portico;
}
