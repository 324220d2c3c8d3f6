import { createRangeCheck } from '../manifest/satisfiesRange';
import type { ContributionRegistry } from '../contributions/ContributionRegistry';
import type { ServiceRegistry } from '../di/ServiceRegistry';
import type { EventBus } from '../events/createEventBus';
import type { PorticoEvents } from '../events/PorticoEvents';
import { isPorticoError, type PorticoError } from '../errors/PorticoError';
import { ViewNotFoundError } from '../errors/kernelErrors';
import { DuplicatePluginError, KernelVersionMismatchError, PluginActivationError } from '../errors/pluginErrors';
import type { FeatureFlags } from '../flags/FeatureFlags';
import type { HttpClient } from '../http/createHttpClient';
import type { Logger } from '../logger/createLogger';
import type { MessagesLoader, PluginDefinition, ViewLoader, ViewModule } from '../manifest/definePlugin';
import type { Manifest } from '../manifest/manifestSchema';
import { validateManifest } from '../manifest/validateManifest';
import { createDerivedObservable, type Observable } from '../state/createObservable';
import type { StoragePort } from '../storage/StoragePort';
import type { AccountType } from '../taxonomy/connectors';
import type { Network } from '../chain/networkSchema';
import type { ConnectionState } from '../connection/connectionState';
import { createPluginScopes, type PluginScope, type PluginScopeFactory } from './PluginContext';
import { isThenable } from './isThenable';
import { createViewModules } from './viewModules';
import { resolvePluginGraph, type PluginResolution } from './resolvePluginGraph';

/** Where a plugin is in its lifecycle. */
export type PluginStatus = 'invalid' | 'disabled' | 'failed' | 'resolved' | 'activating' | 'active';

/** A plugin as the host (and the playground) sees it. */
export interface PluginInfo {
  readonly id: string;
  readonly version: string | undefined;
  readonly status: PluginStatus;
  readonly error: PorticoError | undefined;
  /** The feature flag that turned it off, when disabled. */
  readonly disabledBy: string | undefined;
  /** Loads its strings catalogue (`definePlugin({ messages })`), if it has one. */
  readonly messages: MessagesLoader | undefined;
}

/** What the plugin host needs from the kernel. */
export interface PluginHostParts {
  kernelVersion: string;
  flags: FeatureFlags;
  contributions: ContributionRegistry;
  services: ServiceRegistry;
  events: EventBus<PorticoEvents>;
  http: HttpClient;
  storage: StoragePort;
  storageKey: string;
  logger: Logger;
  activationTimeoutMs: number;
  /** The connection (made after the host), for `activation.onConnectors`. */
  connection(): Observable<ConnectionState>;
}

interface PluginRecord {
  readonly id: string;
  readonly definition: PluginDefinition;
  readonly manifest: Manifest | undefined;
  status: PluginStatus;
  error?: PorticoError;
  disabledBy?: string;
  activation?: Promise<void>;
  scope?: PluginScope;
  triggers: Array<() => void>;
}

const LIVE: ReadonlySet<PluginStatus> = new Set(['resolved', 'activating', 'active']);

/** A record with every field present from the start, so all records keep one shape. */
function newRecord(
  id: string,
  definition: PluginDefinition,
  manifest: Manifest | undefined,
  status: PluginStatus,
  error: PorticoError | undefined,
): PluginRecord {
  return { id, definition, manifest, status, error, disabledBy: undefined, activation: undefined, scope: undefined, triggers: [] };
}

function toError(error: unknown, id: string): PorticoError {
  return isPorticoError(error) ? error : new PluginActivationError(id, error);
}

/**
 * Runs the plugin lifecycle: validate → kernel-version check → dependency resolution →
 * flag gate → contributions → (lazy) activation in dependency order → dispose in reverse.
 * A failing plugin is isolated (`plugin:failed`) and takes only its dependents with it.
 */
export class PluginHost implements Observable<readonly PluginInfo[]> {
  private readonly records = new Map<string, PluginRecord>();
  private readonly preFailed = new Map<string, PorticoError>();
  private readonly views = createViewModules();
  private resolution: PluginResolution = { order: [], failed: new Map(), disabled: new Map(), dependencies: new Map() };
  private readonly activeOrder: string[] = [];
  /** The published list, built on first read after a change. */
  private readonly state = createDerivedObservable<readonly PluginInfo[]>(() =>
    [...this.records.values()].map((r) => ({ id: r.id, version: r.manifest?.version, status: r.status, error: r.error, disabledBy: r.disabledBy, messages: r.definition.messages })),
  );
  private readonly queuedFailures: Array<PorticoEvents['plugin:failed']> = [];
  private started = false;
  private disposed = false;
  private disposals: Promise<void> = Promise.resolve();
  private readonly satisfies = createRangeCheck();
  private readonly createScope: PluginScopeFactory;

  constructor(private readonly parts: PluginHostParts) {
    this.createScope = createPluginScopes(parts);
  }

  /** Validates and registers plugins (synchronously); nothing of theirs runs yet. */
  load(definitions: readonly PluginDefinition[]): void {
    this.parts.flags.batch(() => {
      for (const definition of definitions) this.loadOne(definition);
    });
    this.reconcile();
  }

  /** Activates eager plugins (dependencies first, independent ones concurrently). */
  async start(): Promise<void> {
    this.started = true;
    for (const failure of this.queuedFailures.splice(0)) this.parts.events.emit('plugin:failed', failure);
    // Chain plugins (those that provide a namespace) first: a feature plugin activating then
    // finds every chain's adapter and the services chains offer (verifiers, session bindings).
    const eager = this.resolution.order.filter((id) => this.isEager(id));
    const isChain = (id: string) => (this.records.get(id)?.manifest?.namespaces?.length ?? 0) > 0;
    await Promise.all(eager.filter(isChain).map((id) => this.activate(id)));
    await Promise.all(eager.filter((id) => !isChain(id)).map((id) => this.activate(id)));
  }

  /**
   * Re-resolves after a flag change: newly enabled plugins contribute (and activate if
   * eager); disabled or failed ones are disposed and withdraw their contributions.
   */
  reconcile(): void {
    if (this.disposed) return;
    const manifests = [...this.records.values()].flatMap((r) => (r.manifest ? [r.manifest] : []));
    for (let round = 0; round <= manifests.length; round++) {
      this.resolution = resolvePluginGraph(manifests, (flag) => this.parts.flags.isEnabled(flag), this.preFailed, this.satisfies);
      if (this.contributeNew()) break;
    }
    const { failed, disabled } = this.resolution;
    const leaving: PluginRecord[] = [];
    for (const record of this.records.values()) {
      if (!record.manifest) continue;
      const error = failed.get(record.id);
      if (error) {
        if (record.status !== 'failed' || record.error?.code !== error.code || record.error.message !== error.message) {
          leaving.push(record);
          Object.assign(record, { status: 'failed', error, disabledBy: undefined });
          this.report(record.id, error);
        }
      } else if (disabled.has(record.id) && (record.status !== 'disabled' || record.disabledBy !== disabled.get(record.id))) {
        leaving.push(record);
        Object.assign(record, { status: 'disabled', error: undefined, disabledBy: disabled.get(record.id) });
      }
    }
    this.retire(leaving);
    this.publish();
    if (this.started) {
      for (const id of this.resolution.order) if (this.isEager(id)) void this.activate(id);
    }
  }

  /** Activates a plugin (and what it depends on); resolves with whether it is active. */
  async activate(id: string): Promise<boolean> {
    const record = this.records.get(id);
    if (!record || !LIVE.has(record.status) || this.disposed) return false;
    record.activation ??= this.runActivation(record);
    await record.activation;
    return record.status === 'active';
  }

  /** Loads a contributed view, activating its plugin first. Failed loads can be retried. */
  async loadView(viewId: string): Promise<ViewModule> {
    const owner = this.parts.contributions.ownerOf('views', viewId);
    if (!owner) throw new ViewNotFoundError(viewId, 'no enabled plugin contributes it');
    if (!(await this.activate(owner))) {
      throw new ViewNotFoundError(viewId, `plugin "${owner}" is not active: ${this.records.get(owner)?.error?.message ?? 'disabled'}`);
    }
    const loader = (this.records.get(owner)!.definition.views as Record<string, ViewLoader> | undefined)?.[viewId];
    if (!loader) throw new ViewNotFoundError(viewId, `plugin "${owner}" declares it but provides no loader`);
    return this.views.load(viewId, owner, loader);
  }

  /**
   * A view's module when it is already loaded and its plugin still active and still the
   * one contributing it, else `undefined`; never loads anything. Lets the modal render a
   * loaded view in the same frame instead of waiting a promise turn.
   */
  peekView(viewId: string): ViewModule | undefined {
    if (this.disposed) return undefined;
    return this.views.peek(viewId, (owner) => this.parts.contributions.ownerOf('views', viewId) === owner && this.records.get(owner)?.status === 'active');
  }

  /** Namespaces provided by enabled chain plugins. */
  namespaces(): ReadonlySet<string> {
    return new Set(this.liveManifests().flatMap((m) => (m.namespaces ?? []).map((n) => n.id)));
  }

  defaultAccountType(namespace: string): AccountType | undefined {
    return this.namespace(namespace)?.defaultAccountType;
  }

  /** The account types the providing plugin declares, if it lists them. */
  accountTypes(namespace: string): readonly AccountType[] | undefined {
    return this.namespace(namespace)?.accountTypes;
  }

  /** The networks enabled chain plugins declare for their namespaces (`namespaces[].networks`). */
  declaredNetworks(): readonly Network[] {
    return this.liveManifests().flatMap((m) => (m.namespaces ?? []).flatMap((n) => n.networks ?? []));
  }

  nameOf(namespace: string): string | undefined {
    return this.namespace(namespace)?.name;
  }

  private namespace(namespace: string) {
    for (const m of this.liveManifests()) {
      const found = m.namespaces?.find((n) => n.id === namespace);
      if (found) return found;
    }
    return undefined;
  }

  get(id: string): PluginInfo | undefined {
    return this.getSnapshot().find((p) => p.id === id);
  }

  getSnapshot(): readonly PluginInfo[] {
    return this.state.getSnapshot();
  }

  subscribe(listener: () => void): () => void {
    return this.state.subscribe(listener);
  }

  /** Disposes every active plugin in reverse activation order. */
  async dispose(): Promise<void> {
    this.disposed = true;
    this.retire([...this.records.values()]);
    await this.disposals;
  }

  /** Validates one plugin and declares its flags; an invalid one is recorded and reported. */
  private loadOne(definition: PluginDefinition): void {
    let manifest: Manifest | undefined;
    let error: PorticoError | undefined;
    try {
      manifest = validateManifest(definition.manifest);
      if (this.records.has(manifest.id)) error = new DuplicatePluginError(manifest.id);
      else if (!this.satisfies(this.parts.kernelVersion, manifest.kernel)) {
        error = new KernelVersionMismatchError(manifest.id, manifest.kernel, this.parts.kernelVersion);
      }
    } catch (caught) {
      error = toError(caught, '(unnamed)');
    }
    const id = manifest?.id ?? (error as { pluginId?: string }).pluginId ?? '(unnamed)';
    if (error) {
      this.report(id, error);
      if (!this.records.has(id)) this.records.set(id, newRecord(id, definition, undefined, 'invalid', error));
      return;
    }
    this.records.set(id, newRecord(id, definition, manifest, 'disabled', undefined));
    this.parts.flags.declare(id, [...(manifest!.featureFlag ? [manifest!.featureFlag] : []), ...(manifest!.flags ?? [])]);
  }

  private liveManifests(): Manifest[] {
    return [...this.records.values()].flatMap((r) => (r.manifest && LIVE.has(r.status) ? [r.manifest] : []));
  }

  /** Whether it activates now: eager, or a connection uses one of its `activation.onConnectors` (connected, being connected, or being restored). */
  private isEager(id: string): boolean {
    const activation = this.records.get(id)?.manifest?.activation ?? 'eager';
    return activation === 'eager' || Object.values(this.parts.connection().getSnapshot().namespaces).some((n) => n.status !== 'disconnected' && !!activation.onConnectors?.includes(n.connectorId!));
  }

  /** Adds contributions of newly resolved plugins; false when one clashed (re-resolve). */
  private contributeNew(): boolean {
    return this.parts.contributions.batch(() => {
      for (const id of this.resolution.order) {
        const record = this.records.get(id)!;
        if (LIVE.has(record.status)) continue;
        try {
          this.parts.contributions.add(id, record.manifest!.contributes);
        } catch (error) {
          this.preFailed.set(id, toError(error, id));
          return false;
        }
        Object.assign(record, { status: 'resolved', error: undefined, disabledBy: undefined });
        this.armTriggers(record);
      }
      return true;
    });
  }

  private armTriggers(record: PluginRecord): void {
    const activation = record.manifest!.activation;
    if (!activation || activation === 'eager') return;
    // Lazy plugins wait for start(): before it, nothing of any plugin runs; a trigger before it activates once started.
    const fire = (): void => void (this.started ? this.activate(record.id) : this.parts.events.once('kernel:started', fire));
    if (activation.onConnectors) record.triggers.push(this.parts.connection().subscribe(() => this.isEager(record.id) && fire()));
    const views = new Set(activation.onViews ?? []);
    if (views.size) {
      record.triggers.push(this.parts.events.on('view:changed', ({ view }) => views.has(view) && fire()));
    }
    for (const name of activation.onEvents ?? []) {
      record.triggers.push(this.parts.events.on(name as keyof PorticoEvents, fire));
    }
  }

  private async runActivation(record: PluginRecord): Promise<void> {
    record.status = 'activating';
    this.publish();
    await Promise.all((this.resolution.dependencies.get(record.id) ?? []).map((dep) => this.activate(dep)));
    if (record.status !== 'activating' || this.disposed) return;
    const scope = this.createScope(record.manifest!);
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const returned = record.definition.activate?.(scope.context);
      // Only an activation still pending can time out: a synchronous one needs no timer.
      const disposer = isThenable(returned)
        ? await Promise.race([
            returned,
            new Promise<never>((_, reject) => {
              timer = setTimeout(
                () => reject(new PluginActivationError(record.id, new Error('timeout'), `did not activate within ${this.parts.activationTimeoutMs} ms`)),
                this.parts.activationTimeoutMs,
              );
            }),
          ])
        : await returned;
      if (typeof disposer === 'function') scope.context.onDispose(disposer);
    } catch (error) {
      await scope.dispose();
      if (record.status === 'activating') {
        this.preFailed.set(record.id, error instanceof PluginActivationError ? error : new PluginActivationError(record.id, error));
        record.activation = undefined;
        this.reconcile();
      }
      return;
    } finally {
      clearTimeout(timer);
    }
    // Disabled, failed or the kernel disposed while activate() ran: undo what it did.
    if (record.status !== 'activating' || this.disposed) {
      await scope.dispose();
      return;
    }
    record.scope = scope;
    record.status = 'active';
    for (const off of record.triggers.splice(0)) off();
    this.activeOrder.push(record.id);
    this.publish();
    this.parts.events.emit('plugin:activated', { id: record.id });
  }

  /**
   * Withdraws the records' contributions and triggers at once, then disposes their
   * scopes one after another, dependents (activated later) first.
   */
  private retire(records: readonly PluginRecord[]): void {
    const rank = (r: PluginRecord) => this.activeOrder.indexOf(r.id);
    const scopes: Array<{ id: string; scope: PluginScope }> = [];
    this.parts.contributions.batch(() => {
      for (const record of [...records].sort((a, b) => rank(b) - rank(a))) {
        for (const off of record.triggers.splice(0)) off();
        this.parts.contributions.remove(record.id);
        record.activation = undefined;
        if (record.scope) {
          scopes.push({ id: record.id, scope: record.scope });
          record.scope = undefined;
          this.activeOrder.splice(this.activeOrder.indexOf(record.id), 1);
        }
      }
    });
    if (!scopes.length) return;
    this.disposals = this.disposals.then(async () => {
      for (const { id, scope } of scopes) {
        await scope.dispose();
        this.parts.events.emit('plugin:disposed', { id });
      }
    });
  }

  private report(id: string, error: PorticoError): void {
    this.parts.logger.error(error.message, error);
    if (this.started) this.parts.events.emit('plugin:failed', { id, error });
    else this.queuedFailures.push({ id, error });
  }

  /**
   * Marks the list changed and tells subscribers; the list itself is built when someone
   * reads it, so the status changes of a start nobody watches cost nothing.
   */
  private publish(): void {
    this.state.invalidate();
  }

}
