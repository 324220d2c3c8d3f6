import type { EventBus, Unsubscribe } from '../events/createEventBus';
import type { PorticoEvents } from '../events/PorticoEvents';
import type { FeatureFlags } from '../flags/FeatureFlags';
import type { HttpClient } from '../http/createHttpClient';
import type { Logger } from '../logger/createLogger';
import type { Manifest } from '../manifest/manifestSchema';
import type { Disposer } from '../manifest/definePlugin';
import type { ServiceRef } from '../di/createServiceRef';
import type { ServiceProvider, ServiceRegistry } from '../di/ServiceRegistry';
import { loadOnce, type Loader } from '../scheduling/loadOnce';
import { createScopedStorage, type StoragePort } from '../storage/StoragePort';
import { isThenable } from './isThenable';

/** The services part of a plugin context. */
export interface PluginServices {
  /** Registers a service owned by this plugin; withdrawn when the plugin is disposed. */
  register<T>(ref: ServiceRef<T>, provider: ServiceProvider<T>): Unsubscribe;
  get<T>(ref: ServiceRef<T>): T;
  has(ref: ServiceRef<unknown>): boolean;
}

/**
 * What `activate(ctx)` receives. Everything registered through it (services, listeners,
 * `onDispose` callbacks) is undone when the plugin is disposed, in reverse order; `signal`
 * aborts then too.
 */
export interface PluginContext {
  readonly pluginId: string;
  readonly manifest: Manifest;
  readonly services: PluginServices;
  readonly events: EventBus<PorticoEvents>;
  readonly flags: Pick<FeatureFlags, 'isEnabled' | 'get'>;
  readonly http: HttpClient;
  /** Storage whose keys are private to this plugin. */
  readonly storage: StoragePort;
  readonly logger: Logger;
  readonly signal: AbortSignal;
  onDispose(disposer: Disposer): void;
  /**
   * The kernel's `loadOnce` (runs `load` once however many callers ask; a failed load is tried
   * again). A lazy plugin takes it from here rather than importing it: its chunk then imports
   * nothing from the host's first load that the first load did not already share, and the host's
   * bundler keeps its first load as it was (see docs/benchmarks.md, "0 bytes of plugin code").
   */
  loadOnce<T>(load: () => Promise<T>): Loader<T>;
}

/** The kernel parts plugin scopes are built from. */
export interface ScopeParts {
  services: ServiceRegistry;
  events: EventBus<PorticoEvents>;
  flags: FeatureFlags;
  http: HttpClient;
  logger: Logger;
  /** The kernel's storage; each plugin gets the keys under `<storageKey>/plugin/<id>/`. */
  storage: StoragePort;
  storageKey: string;
}

/** A plugin context plus the means to undo it. */
export interface PluginScope {
  readonly context: PluginContext;
  dispose(): Promise<void>;
}

/** Makes the scope of one activation of the plugin with this manifest. */
export type PluginScopeFactory = (manifest: Manifest) => PluginScope;

/**
 * Returns the factory of plugin scopes for one kernel. What does not depend on the plugin
 * (reading flags and services, emitting events) is made once here and shared by every
 * context; the signal, logger and storage of a context are made on first read, since a
 * kernel start activates many plugins and most read none of them.
 */
export function createPluginScopes(parts: ScopeParts): PluginScopeFactory {
  const shared: SharedParts = {
    parts,
    flags: Object.freeze({ isEnabled: (id: string) => parts.flags.isEnabled(id), get: (id: string) => parts.flags.get(id) }),
    getService: (ref) => parts.services.get(ref),
    hasService: (ref) => parts.services.has(ref),
    emit: (name, payload) => parts.events.emit(name, payload),
    listenerCount: (name) => parts.events.listenerCount(name),
    clear: () => {
      throw new Error('A plugin cannot clear the kernel event bus');
    },
  };
  return (manifest) => new Scope(manifest, shared);
}

interface SharedParts {
  readonly parts: ScopeParts;
  readonly flags: PluginContext['flags'];
  readonly getService: PluginServices['get'];
  readonly hasService: PluginServices['has'];
  readonly emit: EventBus<PorticoEvents>['emit'];
  readonly listenerCount: EventBus<PorticoEvents>['listenerCount'];
  readonly clear: () => never;
}

/** One activation: what it registered, undone on dispose in reverse order. Disposer errors are logged, never thrown. */
class Scope implements PluginScope {
  readonly context: PluginContext;
  private readonly disposers: Disposer[] = [];
  private controller: AbortController | undefined = undefined;
  private scopedLogger: Logger | undefined = undefined;
  private scopedStorage: StoragePort | undefined = undefined;
  private disposed = false;

  constructor(
    private readonly manifest: Manifest,
    private readonly shared: SharedParts,
  ) {
    this.context = new ScopeContext(this, manifest, shared);
  }

  /** Keeps an unsubscribe for dispose; a plugin that outlives its scope (timed out, disposed mid-activation) must not leak. */
  track(unsubscribe: Unsubscribe): Unsubscribe {
    if (this.disposed) unsubscribe();
    else this.disposers.push(unsubscribe);
    return unsubscribe;
  }

  onDispose(disposer: Disposer): void {
    if (this.disposed) void Promise.resolve().then(disposer);
    else this.disposers.push(disposer);
  }

  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.disposed) this.controller.abort(this.abortReason());
    }
    return this.controller.signal;
  }

  get logger(): Logger {
    return (this.scopedLogger ??= this.shared.parts.logger.child(this.manifest.id));
  }

  get storage(): StoragePort {
    const { storage, storageKey } = this.shared.parts;
    return (this.scopedStorage ??= createScopedStorage(storage, `${storageKey}/plugin/${this.manifest.id}/`));
  }

  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    this.controller?.abort(this.abortReason());
    // Each disposer finishes before the next starts; only asynchronous ones are awaited.
    for (const disposer of this.disposers.reverse()) {
      try {
        const result = disposer();
        if (isThenable(result)) await result;
      } catch (error) {
        this.logger.error('A disposer threw', error);
      }
    }
  }

  private abortReason(): Error {
    return new Error(`Plugin "${this.manifest.id}" was disposed`);
  }
}

/**
 * What `activate(ctx)` receives. Its lazily made parts are getters of the class, so every
 * context has the same shape; its functions are bound, so a plugin may pass them around.
 */
class ScopeContext implements PluginContext {
  readonly pluginId: string;
  readonly services: PluginServices;
  readonly events: EventBus<PorticoEvents>;
  readonly flags: PluginContext['flags'];
  readonly http: HttpClient;
  readonly onDispose: (disposer: Disposer) => void;
  readonly loadOnce = loadOnce;
  readonly #scope: Scope;

  constructor(
    scope: Scope,
    readonly manifest: Manifest,
    shared: SharedParts,
  ) {
    const { services, events, http } = shared.parts;
    this.#scope = scope;
    this.pluginId = manifest.id;
    this.services = {
      register: (ref, provider) => scope.track(services.register(ref, provider, manifest.id)),
      get: shared.getService,
      has: shared.hasService,
    };
    this.events = {
      on: (name, listener) => scope.track(events.on(name, listener)),
      once: (name, listener) => scope.track(events.once(name, listener)),
      emit: shared.emit,
      listenerCount: shared.listenerCount,
      clear: shared.clear,
    };
    this.flags = shared.flags;
    this.http = http;
    // Bound, not `(disposer) => scope.onDispose(disposer)`: see RequestGate's constructor on V8
    // putting a function literal assigned to a property in old space.
    this.onDispose = scope.onDispose.bind(scope);
  }

  /** Storage whose keys are private to this plugin. */
  get storage(): StoragePort {
    return this.#scope.storage;
  }

  get logger(): Logger {
    return this.#scope.logger;
  }

  get signal(): AbortSignal {
    return this.#scope.signal;
  }
}
