import type { EventBus, Unsubscribe } from '../events/createEventBus';
import type { PorticoEvents } from '../events/PorticoEvents';
import type { FeatureFlags } from '../flags/FeatureFlags';
import type { HttpClient } from '../http/createHttpClient';
import type { Logger } from '../logger/createLogger';
import type { Manifest } from '../manifest/manifestSchema';
import type { Disposer } from '../manifest/definePlugin';
import type { ServiceRef } from '../di/createServiceRef';
import type { ServiceProvider, ServiceRegistry } from '../di/ServiceRegistry';
import type { StoragePort } from '../storage/StoragePort';
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
}

/** The kernel parts a plugin scope is built from. */
export interface ScopeParts {
  services: ServiceRegistry;
  events: EventBus<PorticoEvents>;
  flags: FeatureFlags;
  http: HttpClient;
  /** This plugin's storage, made on first use (most plugins never touch it). */
  storage: () => StoragePort;
  logger: Logger;
}

/** A plugin context plus the means to undo it. */
export interface PluginScope {
  readonly context: PluginContext;
  dispose(): Promise<void>;
}

/**
 * Builds the context for one activation. Disposer errors are logged, never thrown.
 * The signal, logger and storage are made on first read: a kernel start activates
 * many plugins, and most read none of them.
 */
export function createPluginScope(manifest: Manifest, parts: ScopeParts): PluginScope {
  const disposers: Disposer[] = [];
  let controller: AbortController | undefined;
  let logger: Logger | undefined;
  let storage: StoragePort | undefined;
  let disposed = false;
  const loggerOf = () => (logger ??= parts.logger.child(manifest.id));
  const abortReason = () => new Error(`Plugin "${manifest.id}" was disposed`);

  const track = (unsubscribe: Unsubscribe): Unsubscribe => {
    // A plugin that outlives its scope (timed out, disposed mid-activation) must not leak.
    if (disposed) unsubscribe();
    else disposers.push(unsubscribe);
    return unsubscribe;
  };

  const events: EventBus<PorticoEvents> = {
    on: (name, listener) => track(parts.events.on(name, listener)),
    once: (name, listener) => track(parts.events.once(name, listener)),
    emit: (name, payload) => parts.events.emit(name, payload),
    listenerCount: (name) => parts.events.listenerCount(name),
    clear: () => {
      throw new Error('A plugin cannot clear the kernel event bus');
    },
  };

  const context: PluginContext = {
    pluginId: manifest.id,
    manifest,
    services: {
      register: (ref, provider) => track(parts.services.register(ref, provider, manifest.id)),
      get: (ref) => parts.services.get(ref),
      has: (ref) => parts.services.has(ref),
    },
    events,
    flags: { isEnabled: (id) => parts.flags.isEnabled(id), get: (id) => parts.flags.get(id) },
    http: parts.http,
    get storage() {
      return (storage ??= parts.storage());
    },
    get logger() {
      return loggerOf();
    },
    get signal() {
      if (!controller) {
        controller = new AbortController();
        if (disposed) controller.abort(abortReason());
      }
      return controller.signal;
    },
    onDispose: (disposer) => {
      if (disposed) void Promise.resolve().then(disposer);
      else disposers.push(disposer);
    },
  };

  return {
    context,
    async dispose() {
      if (disposed) return;
      disposed = true;
      controller?.abort(abortReason());
      // Each disposer finishes before the next starts; only asynchronous ones are awaited.
      for (const disposer of disposers.reverse()) {
        try {
          const result = disposer();
          if (isThenable(result)) await result;
        } catch (error) {
          loggerOf().error('A disposer threw', error);
        }
      }
    },
  };
}
