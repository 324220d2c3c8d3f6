import type { DependencyContainer } from '#tsyringe';
import { ServiceAlreadyRegisteredError, ServiceNotFoundError } from '../errors/kernelErrors';
import type { ServiceRef } from './createServiceRef';

/** Constructor of a class whose parameters are all decorated with `@inject(ref.id)`. */
export type ServiceClass<T> = new (...args: never[]) => T;

/** How a service is made: a value, a factory (given `get`), or an injectable class. */
export type ServiceProvider<T> =
  | { useValue: T }
  | { useFactory: (get: <U>(ref: ServiceRef<U>) => U) => T }
  | { useClass: ServiceClass<T> };

interface Entry {
  owner: string;
  provider: ServiceProvider<unknown>;
  instance?: { value: unknown };
}

/**
 * The per-kernel service directory over one tsyringe child container. Each id is bound
 * once in the container to a factory that reads this directory, so a service can be
 * withdrawn when its plugin is disposed (tsyringe itself cannot unregister), and a class
 * resolved by the container sees every live service through `@inject(ref.id)`.
 * Services are singletons per kernel, created on first `get`.
 */
export class ServiceRegistry {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly container: DependencyContainer) {}

  register<T>(ref: ServiceRef<T>, provider: ServiceProvider<T>, owner: string): () => void {
    const existing = this.entries.get(ref.id);
    if (existing) throw new ServiceAlreadyRegisteredError(ref.id, existing.owner);
    const entry: Entry = { owner, provider: provider as ServiceProvider<unknown> };
    this.entries.set(ref.id, entry);
    if (!this.container.isRegistered(ref.id)) {
      this.container.register(ref.id, { useFactory: () => this.get({ id: ref.id }) });
    }
    return () => this.unregister(ref.id, entry);
  }

  get<T>(ref: ServiceRef<T>): T {
    const entry = this.entries.get(ref.id);
    if (!entry) throw new ServiceNotFoundError(ref.id);
    if (!entry.instance) entry.instance = { value: this.create(entry.provider) };
    return entry.instance.value as T;
  }

  has(ref: ServiceRef<unknown>): boolean {
    return this.entries.has(ref.id);
  }

  /** Ids of the live services and who owns them, for diagnostics. */
  list(): Array<{ id: string; owner: string }> {
    return [...this.entries].map(([id, entry]) => ({ id, owner: entry.owner }));
  }

  /** Withdraws every service; instances with a `dispose()` method get it called. */
  clear(): void {
    for (const [id, entry] of [...this.entries]) this.unregister(id, entry);
  }

  private create(provider: ServiceProvider<unknown>): unknown {
    if ('useValue' in provider) return provider.useValue;
    if ('useFactory' in provider) return provider.useFactory((ref) => this.get(ref));
    return this.container.resolve(provider.useClass as new () => unknown);
  }

  private unregister(id: string, entry: Entry): void {
    if (this.entries.get(id) !== entry) return;
    this.entries.delete(id);
    const value = entry.instance?.value as { dispose?: unknown } | undefined;
    if (value && !('useValue' in entry.provider) && typeof value.dispose === 'function') {
      (value.dispose as () => void)();
    }
  }
}
