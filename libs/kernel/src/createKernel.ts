import './di/installReflect';
// '#tsyringe' is package.json "imports": a browser bundle gets tsyringe's ES2015 build (its "es2015" entry),
// 1.2 KiB gzip smaller than the ES5 build bundlers pick from "module"; Node and tests get the package.
import { container } from '#tsyringe';
import { parseCaipAddress, parseCaipNetworkId, type CaipAddress, type CaipNetworkId } from './caip/caip';
import { AlertCenter } from './alerts/AlertCenter';
import { ConnectionStore } from './connection/ConnectionStore';
import { ConnectorRegistry } from './connectors/ConnectorRegistry';
import { ContributionRegistry } from './contributions/ContributionRegistry';
import type { ServiceRef } from './di/createServiceRef';
import { ServiceRegistry } from './di/ServiceRegistry';
import { createEventBus, type EventBus } from './events/createEventBus';
import { ConfigInvalidError, KernelDisposedError } from './errors/kernelErrors';
import { FeatureFlags } from './flags/FeatureFlags';
import type { HttpClient } from './http/createHttpClient';
import { lazyHttpClient } from './http/lazyHttpClient';
import { kernelConfigSchema, remoteFlagsSchema, type KernelConfig } from './kernelConfigSchema';
import type { Network } from './chain/networkSchema';
import { kernelRefs, type KernelSettings } from './kernelRefs';
import { createLogger, type Logger } from './logger/createLogger';
import type { PluginDefinition, ViewModule } from './manifest/definePlugin';
import { PluginHost, type PluginInfo } from './plugins/PluginHost';
import { NOT_ALLOWED_DELAY_MS, RequestGate } from './rpc/RequestGate';
import { RpcPolicyEngine } from './rpc/RpcPolicyEngine';
import { Router } from './router/Router';
import { safeParseWith } from './schema/formatIssues';
import type { Observable } from './state/createObservable';
import { createWebStorage } from './storage/StoragePort';

/** This kernel's version; plugins declare the range they work with. */
export const KERNEL_VERSION = '0.1.0';

/** The plugin side of a kernel, read-only for hosts. */
export interface KernelPlugins extends Observable<readonly PluginInfo[]> {
  get(id: string): PluginInfo | undefined;
  /** Activates a lazy plugin now; resolves with whether it is active. */
  activate(id: string): Promise<boolean>;
  /**
   * Adds plugins after creation (a host's plugins whose code loaded after start): validated and
   * placed as at creation, their contributions and flags join, and, once the kernel has started,
   * the eager ones activate. An invalid one, or an id already taken, is reported as at creation.
   */
  add(definitions: readonly PluginDefinition[]): void;
}

/** A Portico kernel instance. */
export interface Kernel {
  readonly version: string;
  readonly events: EventBus;
  readonly flags: FeatureFlags;
  readonly router: Router;
  readonly connection: ConnectionStore;
  readonly contributions: ContributionRegistry;
  readonly rpcPolicy: RpcPolicyEngine;
  readonly requestGate: RequestGate;
  readonly http: HttpClient;
  readonly logger: Logger;
  readonly plugins: KernelPlugins;
  /** Wallets discovered at run time by chain plugins. */
  readonly connectors: ConnectorRegistry;
  /** Contributed alerts, raised by id. */
  readonly alerts: AlertCenter;
  /** CAIP helpers that know the namespaces of the enabled chain plugins. */
  readonly caip: {
    namespaces(): ReadonlySet<string>;
    parseAddress(value: unknown): CaipAddress;
    parseNetworkId(value: unknown): CaipNetworkId;
  };
  getService<T>(ref: ServiceRef<T>): T;
  /** Whether a service is registered (and its plugin alive). */
  hasService(ref: ServiceRef<unknown>): boolean;
  /** Sets (or with `undefined` clears) a host feature flag at run time. */
  setFeature(id: string, value: boolean | undefined): void;
  /** Loads a contributed view, activating its plugin. */
  loadView(id: string): Promise<ViewModule>;
  /** The view's module if `loadView` already loaded it (and its plugin is still active); never loads. */
  peekView(id: string): ViewModule | undefined;
  /** Activates eager plugins and applies remote config when it arrives. Idempotent. */
  start(): Promise<void>;
  /** Disposes plugins in reverse order, rejects open requests, stops timers. Idempotent. */
  dispose(): Promise<void>;
  readonly isDisposed: boolean;
}

/**
 * Creates a kernel. Throws `ConfigInvalidError` for a malformed config; a broken plugin
 * never throws here, it is reported through `plugins` and the `plugin:failed` event.
 */
export function createKernel(config: KernelConfig = {}): Kernel {
  const parsed = safeParseWith(kernelConfigSchema, config);
  if (!parsed.ok) throw new ConfigInvalidError(parsed.problems);
  const options = parsed.value;

  const logger = createLogger(options.logLevel ?? 'error', options.logSink);
  const events = createEventBus(logger);
  const storage = options.storage ?? createWebStorage();
  const storageKey = options.storageKey ?? 'portico';
  const flags = new FeatureFlags(options.features);
  const contributions = new ContributionRegistry(options.contributions);
  const connectors = new ConnectorRegistry(contributions);
  const alerts = new AlertCenter(contributions, logger);
  const http = lazyHttpClient(options.http);
  const services = new ServiceRegistry(container.createChildContainer());
  const host = new PluginHost({
    kernelVersion: KERNEL_VERSION,
    flags,
    contributions,
    services,
    events,
    http,
    storage,
    storageKey,
    logger,
    activationTimeoutMs: options.activationTimeoutMs ?? 10_000,
    // Made below, before any plugin is loaded.
    connection: () => connection,
  });

  const own = <T>(ref: ServiceRef<T>, value: T) => services.register(ref, { useValue: value }, 'kernel');
  own(kernelRefs.events, events);
  own(kernelRefs.flags, flags);
  own(kernelRefs.contributions, contributions);
  own(kernelRefs.connectors, connectors);
  own(kernelRefs.alerts, alerts);
  own(kernelRefs.http, http);
  own(kernelRefs.logger, logger);
  own(kernelRefs.storage, storage);
  const hostNetworks = options.networks ?? [];
  own(
    kernelRefs.settings,
    new Settings(storageKey, hostNetworks, host, options.notAllowedDelayMs ?? NOT_ALLOWED_DELAY_MS, options.reconnectTimeoutMs ?? 10_000, options.projectId || undefined),
  );
  own(kernelRefs.namespaces, {
    known: () => host.namespaces(),
    defaultAccountType: (ns: string) => host.defaultAccountType(ns),
    accountTypes: (ns: string) => host.accountTypes(ns),
    nameOf: (ns: string) => host.nameOf(ns),
  });
  services.register(kernelRefs.router, { useClass: Router }, 'kernel');
  services.register(kernelRefs.rpcPolicy, { useClass: RpcPolicyEngine }, 'kernel');
  services.register(kernelRefs.requestGate, { useClass: RequestGate }, 'kernel');
  services.register(kernelRefs.connection, { useClass: ConnectionStore }, 'kernel');

  const router = services.get(kernelRefs.router);
  const requestGate = services.get(kernelRefs.requestGate);
  const connection = services.get(kernelRefs.connection);

  // Load first: declaring each plugin's flags must not re-resolve a half-loaded list.
  host.load(options.plugins ?? []);

  let previousFlags = flags.getSnapshot();
  flags.subscribe(() => {
    const next = flags.getSnapshot();
    for (const [id, state] of next) {
      if (previousFlags.get(id)?.value !== state.value) events.emit('flag:changed', { id, value: state.value });
    }
    previousFlags = next;
    host.reconcile();
  });

  let started: Promise<void> | undefined;
  // Plain data, never accessors, in the per-kernel objects: an object literal's getter is a
  // fresh closure per kernel, so V8 gives every kernel a hidden class of its own (about 17-25 KB
  // of old space each, freed only by a full collection: the cause of the start bench's p99).
  let disposed = false;
  const alive = () => {
    if (disposed) throw new KernelDisposedError();
  };

  const applyRemoteConfig = async () => {
    if (!options.remoteConfig) return;
    try {
      const remote = safeParseWith(remoteFlagsSchema, await options.remoteConfig());
      if (disposed) return;
      if (remote.ok) flags.applyRemote(remote.value);
      else logger.warn(`Ignored remote config: ${remote.problems}`);
    } catch (error) {
      logger.warn('Remote config failed to load; using defaults', error);
    }
  };

  const kernel: Kernel = {
    version: KERNEL_VERSION,
    events,
    flags,
    router,
    connection,
    contributions,
    rpcPolicy: services.get(kernelRefs.rpcPolicy),
    requestGate,
    connectors,
    alerts,
    http,
    logger,
    plugins: {
      get: (id) => host.get(id),
      activate: (id) => host.activate(id),
      add: (definitions) => {
        alive();
        host.load(definitions);
      },
      getSnapshot: () => host.getSnapshot(),
      subscribe: (listener) => host.subscribe(listener),
    },
    caip: {
      namespaces: () => host.namespaces(),
      parseAddress: (value) => parseCaipAddress(value, host.namespaces()),
      parseNetworkId: (value) => parseCaipNetworkId(value),
    },
    hasService: (ref) => !disposed && services.has(ref),
    getService(ref) {
      alive();
      return services.get(ref);
    },
    setFeature(id, value) {
      alive();
      flags.setHost(id, value);
    },
    loadView(id) {
      alive();
      return host.loadView(id);
    },
    peekView: (id) => host.peekView(id),
    start() {
      alive();
      started ??= (async () => {
        void applyRemoteConfig();
        await host.start();
        if (disposed) return;
        connection.startReconnectWindow(host.namespaces());
        events.emit('kernel:started', {});
      })();
      return started;
    },
    async dispose() {
      if (disposed) return;
      disposed = true;
      (kernel as { isDisposed: boolean }).isDisposed = true;
      // Before closing the modal: open requests are aborted, not "rejected by the user".
      requestGate.dispose();
      router.close('closed', { force: true });
      connection.dispose();
      await host.dispose();
      services.clear();
      events.emit('kernel:disposed', {});
      events.clear();
    },
    isDisposed: false,
  };
  return kernel;
}

/** `kernelRefs.settings`: a class, so its `networks` getter is shared by every kernel (see `started` above). */
class Settings implements KernelSettings {
  constructor(
    readonly storageKey: string,
    private readonly hostNetworks: readonly Network[],
    private readonly host: PluginHost,
    readonly notAllowedDelayMs: number,
    readonly reconnectTimeoutMs: number,
    readonly projectId: string | undefined,
  ) {}

  /** The host's networks, and for a namespace the host lists none of, the ones its chain plugin declares. */
  get networks(): readonly Network[] {
    const listed = new Set(this.hostNetworks.map((n) => n.caipNetworkId.split(':')[0]));
    const declared = this.host.declaredNetworks().filter((n) => !listed.has(n.caipNetworkId.split(':')[0]));
    return declared.length ? [...this.hostNetworks, ...declared] : this.hostNetworks;
  }
}
