import { DuplicateContributionError } from '../errors/pluginErrors';
import type { Manifest } from '../manifest/manifestSchema';
import { CONTRIBUTION_POINTS, type ContributionOf, type ContributionPoint } from '../manifest/contributionSchemas';
import { CONNECTOR_GROUPS } from '../taxonomy/connectors';
import { createObservable, type Observable } from '../state/createObservable';
import { orderContributions } from './orderContributions';
import { createBatcher } from '../state/createBatcher';

/** A contribution as listed: the manifest entry plus the plugin that made it. */
export type Contribution<P extends ContributionPoint> = ContributionOf<P> & { readonly pluginId: string };

/** Host overrides for one point: an explicit order and ids to hide. */
export interface PointOverrides {
  order?: readonly string[];
  disabled?: readonly string[];
}

/** Host overrides for every point. */
export type ContributionOverrides = Partial<Record<ContributionPoint, PointOverrides>>;

type Lists = { readonly [P in ContributionPoint]: readonly Contribution<P>[] };

const GROUP_RANK = new Map<string, number>(CONNECTOR_GROUPS.map((group, index) => [group, index]));
const EMPTY = Object.fromEntries(CONTRIBUTION_POINTS.map((p) => [p, []])) as unknown as Lists;

/**
 * Holds the contributions of enabled plugins, ordered and filtered per point. Snapshots
 * are recomputed once per change, so reading them is free.
 */
export class ContributionRegistry implements Observable<Lists> {
  private readonly byPlugin = new Map<string, Manifest['contributes']>();
  /** Who contributes each id, per point: `ownerOf` and clash checks without scanning every plugin. */
  private readonly owners = new Map<ContributionPoint, Map<string, string>>();
  private readonly state = createObservable<Lists>(EMPTY);
  private readonly batcher = createBatcher(() => this.recompute());

  constructor(private readonly overrides: ContributionOverrides = {}) {}

  /** Adds a plugin's contributions; throws `DuplicateContributionError` on an id clash. */
  add(pluginId: string, contributes: Manifest['contributes']): void {
    if (!contributes) return;
    for (const point of CONTRIBUTION_POINTS) {
      for (const item of contributes[point] ?? []) {
        const owner = this.ownerOf(point, item.id);
        if (owner !== undefined && owner !== pluginId) throw new DuplicateContributionError(pluginId, point, item.id, owner);
      }
    }
    this.forgetOwners(pluginId);
    this.byPlugin.set(pluginId, contributes);
    for (const point of CONTRIBUTION_POINTS) {
      const items = contributes[point];
      if (!items?.length) continue;
      let owners = this.owners.get(point);
      if (!owners) this.owners.set(point, (owners = new Map()));
      for (const item of items) owners.set(item.id, pluginId);
    }
    this.batcher.changed();
  }

  remove(pluginId: string): void {
    this.forgetOwners(pluginId);
    if (this.byPlugin.delete(pluginId)) this.batcher.changed();
  }

  /**
   * Runs `fn` (adds and removes) and recomputes the lists once at the end, so adding 20
   * plugins sorts every point once instead of 20 times and notifies subscribers once.
   */
  batch<T>(fn: () => T): T {
    return this.batcher.batch(fn);
  }


  /** The ordered, host-filtered contributions of a point, optionally for one namespace. */
  list<P extends ContributionPoint>(point: P, namespace?: string): readonly Contribution<P>[] {
    const items = this.state.getSnapshot()[point];
    if (namespace === undefined) return items;
    return items.filter((item) => {
      const namespaces = (item as { namespaces?: readonly string[] }).namespaces;
      return !namespaces || namespaces.includes(namespace);
    });
  }

  /** The plugin that contributes `id` to `point` (hidden or not). */
  ownerOf(point: ContributionPoint, id: string): string | undefined {
    return this.owners.get(point)?.get(id);
  }

  getSnapshot(): Lists {
    return this.state.getSnapshot();
  }

  subscribe(listener: () => void): () => void {
    return this.state.subscribe(listener);
  }

  /** Drops the owner entries of a plugin's current contributions. */
  private forgetOwners(pluginId: string): void {
    const contributes = this.byPlugin.get(pluginId);
    if (!contributes) return;
    for (const point of CONTRIBUTION_POINTS) {
      const owners = this.owners.get(point);
      if (!owners) continue;
      for (const item of contributes[point] ?? []) {
        if (owners.get(item.id) === pluginId) owners.delete(item.id);
      }
    }
  }

  private recompute(): void {
    const next = {} as Record<ContributionPoint, unknown[]>;
    for (const point of CONTRIBUTION_POINTS) {
      const disabled = new Set(this.overrides[point]?.disabled ?? []);
      const items: Array<Contribution<ContributionPoint>> = [];
      for (const [pluginId, contributes] of this.byPlugin) {
        for (const item of contributes?.[point] ?? []) {
          if (!disabled.has(item.id)) items.push(tag(item, pluginId));
        }
      }
      const rank =
        point === 'connectorGroups'
          ? (item: Contribution<ContributionPoint>) => {
              const group = GROUP_RANK.get((item as Contribution<'connectorGroups'>).group) ?? 0;
              return group * 1e6 + Math.max(-1e5, Math.min(1e5, (item as { order?: number }).order ?? 1e5));
            }
          : undefined;
      next[point] = orderContributions(items, this.overrides[point]?.order, rank);
    }
    this.state.set(next as unknown as Lists);
  }
}

/**
 * A copy of `item` with its plugin's id. Not `{ ...item, pluginId }`: that spread sees items
 * of every point's shape, and V8 then gives each copy a map of its own (slow, and ~200 bytes
 * more per contribution).
 */
function tag(item: object, pluginId: string): Contribution<ContributionPoint> {
  const copy = Object.assign({}, item) as Record<string, unknown>;
  copy.pluginId = pluginId;
  return copy as Contribution<ContributionPoint>;
}
