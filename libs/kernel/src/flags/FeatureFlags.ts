import type { FlagDeclaration } from '../manifest/manifestSchema';
import { createObservable, type Observable } from '../state/createObservable';
import { createBatcher } from '../state/createBatcher';

/** Where a flag's current value came from. */
export type FlagSource = 'host' | 'remote' | 'default';

/** One flag as the kernel sees it. */
export interface FlagState {
  id: string;
  value: boolean;
  source: FlagSource;
  /** Plugin that declared it, when one did. */
  owner: string | undefined;
}

/**
 * Feature flags: host config beats remote config beats the default in the owning
 * plugin's manifest. Unknown flags read as off.
 */
export class FeatureFlags implements Observable<ReadonlyMap<string, FlagState>> {
  private readonly declared = new Map<string, { owner: string; default: boolean }>();
  private remote: Record<string, boolean> = {};
  private readonly host: Record<string, boolean>;
  private readonly state = createObservable<ReadonlyMap<string, FlagState>>(new Map());
  private readonly batcher = createBatcher(() => this.recompute());

  constructor(host: Readonly<Record<string, boolean>> = {}) {
    this.host = { ...host };
    this.recompute();
  }

  /** Sets a host value at run time; `undefined` falls back to remote, then default. */
  setHost(id: string, value: boolean | undefined): void {
    if (value === undefined) delete this.host[id];
    else this.host[id] = value;
    this.recompute();
  }

  /** Declares flags from a manifest. The first declarer of an id owns it. */
  declare(owner: string, flags: readonly FlagDeclaration[]): void {
    for (const flag of flags) {
      if (!this.declared.has(flag.id)) this.declared.set(flag.id, { owner, default: flag.default });
    }
    this.batcher.changed();
  }

  /**
   * Runs `fn` (declarations) and recomputes the flags once at the end, so loading 20
   * plugins builds the flag map once instead of 20 times and notifies subscribers once.
   */
  batch<T>(fn: () => T): T {
    return this.batcher.batch(fn);
  }

  /** Applies remote config; returns the ids whose value changed. */
  applyRemote(values: Readonly<Record<string, boolean>>): string[] {
    const before = this.state.getSnapshot();
    this.remote = { ...values };
    this.recompute();
    const after = this.state.getSnapshot();
    return [...after.keys()].filter((id) => before.get(id)?.value !== after.get(id)?.value);
  }

  isEnabled(id: string): boolean {
    return this.state.getSnapshot().get(id)?.value ?? false;
  }

  get(id: string): FlagState | undefined {
    return this.state.getSnapshot().get(id);
  }

  getSnapshot(): ReadonlyMap<string, FlagState> {
    return this.state.getSnapshot();
  }

  subscribe(listener: () => void): () => void {
    return this.state.subscribe(listener);
  }


  private recompute(): void {
    const next = new Map<string, FlagState>();
    const ids = new Set([...this.declared.keys(), ...Object.keys(this.host), ...Object.keys(this.remote)]);
    for (const id of ids) {
      const owner = this.declared.get(id)?.owner;
      if (Object.hasOwn(this.host, id)) next.set(id, { id, value: this.host[id]!, source: 'host', owner });
      else if (Object.hasOwn(this.remote, id)) next.set(id, { id, value: this.remote[id]!, source: 'remote', owner });
      else next.set(id, { id, value: this.declared.get(id)!.default, source: 'default', owner });
    }
    this.state.set(next);
  }
}
