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
  storage: StoragePort;
  logger: Logger;
}

/** A plugin context plus the means to undo it. */
export interface PluginScope {
  readonly context: PluginContext;
  dispose(): Promise<void>;
}

/** Builds the context for one activation. Disposer errors are logged, never thrown. */
export function createPluginScope(manifest: Manifest, parts: ScopeParts): PluginScope {
  const disposers: Disposer[] = [];
  const controller = new AbortController();
  const logger = parts.logger.child(manifest.id);
  let disposed = false;

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
    storage: parts.storage,
    logger,
    signal: controller.signal,
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
      controller.abort(new Error(`Plugin "${manifest.id}" was disposed`));
      for (const disposer of disposers.reverse()) {
        try {
          await disposer();
        } catch (error) {
          logger.error('A disposer threw', error);
        }
      }
    },
  };
}
