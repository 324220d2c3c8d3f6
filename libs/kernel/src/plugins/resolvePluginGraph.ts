import { satisfiesRange } from '../manifest/satisfiesRange';
import type { PorticoError } from '../errors/PorticoError';
import {
  DependencyCycleError,
  DependencyUnavailableError,
  DependencyVersionMismatchError,
  MissingDependencyError,
  PluginConflictError,
} from '../errors/pluginErrors';
import type { Manifest } from '../manifest/manifestSchema';

/** The outcome of resolving the plugin graph. */
export interface PluginResolution {
  /** Enabled, resolvable plugins; every plugin after all it depends on. */
  readonly order: readonly string[];
  /** Plugins that cannot run, with the reason. */
  readonly failed: ReadonlyMap<string, PorticoError>;
  /** Plugins turned off by their feature flag, with the flag id. */
  readonly disabled: ReadonlyMap<string, string>;
  /** For each resolved plugin, the resolved plugins it depends on (required + present optional). */
  readonly dependencies: ReadonlyMap<string, readonly string[]>;
}

/**
 * Resolves which plugins can run and in what order. `manifests` are valid, unique and
 * kernel-compatible, in the host's order (which breaks ties). Missing, version-mismatched,
 * disabled, conflicting and cyclic dependencies each fail with their own error, and a
 * plugin whose requirement fails (here or in `preFailed`, e.g. at activation), fails too.
 * `satisfies` checks a version against a range (a kernel passes its memoized one).
 */
export function resolvePluginGraph(
  manifests: readonly Manifest[],
  isFlagOn: (flagId: string) => boolean,
  preFailed: ReadonlyMap<string, PorticoError> = new Map(),
  satisfies: (version: string, range: string) => boolean = satisfiesRange,
): PluginResolution {
  const byId = new Map(manifests.map((m) => [m.id, m]));
  const index = new Map(manifests.map((m, i) => [m.id, i]));
  const failed = new Map<string, PorticoError>([...preFailed].filter(([id]) => byId.has(id)));
  const disabled = new Map<string, string>();

  for (const m of manifests) {
    if (m.featureFlag && !isFlagOn(m.featureFlag.id)) disabled.set(m.id, m.featureFlag.id);
  }
  const live = (id: string) => byId.has(id) && !disabled.has(id) && !failed.has(id);

  // Required dependencies: present, on, and in range.
  for (const m of manifests) {
    if (!live(m.id)) continue;
    for (const [dep, range] of Object.entries(m.requires ?? {})) {
      const target = byId.get(dep);
      if (!target) failed.set(m.id, new MissingDependencyError(m.id, dep));
      else if (!satisfies(target.version, range)) failed.set(m.id, new DependencyVersionMismatchError(m.id, dep, range, target.version));
      else if (disabled.has(dep)) failed.set(m.id, new DependencyUnavailableError(m.id, dep, `turned off by feature flag "${disabled.get(dep)}"`));
      if (failed.has(m.id)) break;
    }
  }

  // Conflicts: of two enabled plugins in conflict, the later one in the host's list goes.
  for (const m of manifests) {
    for (const other of m.conflictsWith ?? []) {
      if (!live(m.id) || !live(other)) continue;
      const [keep, drop] = index.get(m.id)! < index.get(other)! ? [m.id, other] : [other, m.id];
      failed.set(drop, new PluginConflictError(drop, keep));
    }
  }

  const edgesOf = (id: string): string[] => {
    const m = byId.get(id)!;
    const optional = Object.entries(m.optional ?? {})
      .filter(([dep, range]) => byId.has(dep) && satisfies(byId.get(dep)!.version, range))
      .map(([dep]) => dep);
    return [...Object.keys(m.requires ?? {}), ...optional].filter(live);
  };

  for (const cycle of findCycles(manifests.map((m) => m.id).filter(live), edgesOf)) {
    for (const id of cycle.members) failed.set(id, new DependencyCycleError(id, rotate(cycle.path, id)));
  }

  // A plugin whose requirement failed fails too, transitively.
  for (let changed = true; changed; ) {
    changed = false;
    for (const m of manifests) {
      if (!live(m.id)) continue;
      const broken = Object.keys(m.requires ?? {}).find((dep) => failed.has(dep));
      if (broken) {
        failed.set(m.id, new DependencyUnavailableError(m.id, broken, `not available (${failed.get(broken)!.shortMessage})`));
        changed = true;
      }
    }
  }

  const ids = manifests.map((m) => m.id).filter(live);
  const dependencies = new Map(ids.map((id) => [id, edgesOf(id)]));
  return { order: topologicalOrder(ids, dependencies), failed, disabled, dependencies };
}

/** Kahn's algorithm; among ready plugins the one earliest in the host's list goes first. */
function topologicalOrder(ids: readonly string[], dependencies: ReadonlyMap<string, readonly string[]>): string[] {
  const remaining = new Map(ids.map((id) => [id, new Set(dependencies.get(id))]));
  const order: string[] = [];
  while (remaining.size) {
    const next = ids.find((id) => remaining.get(id)?.size === 0);
    if (next === undefined) break; // unreachable: cycles were removed above
    order.push(next);
    remaining.delete(next);
    for (const deps of remaining.values()) deps.delete(next);
  }
  return order;
}

/** Tarjan's strongly connected components of size > 1, each with one closed path through it. */
function findCycles(ids: readonly string[], edgesOf: (id: string) => string[]): Array<{ members: string[]; path: string[] }> {
  let counter = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: Array<{ members: string[]; path: string[] }> = [];

  const visit = (id: string): void => {
    indexOf.set(id, counter);
    low.set(id, counter++);
    stack.push(id);
    onStack.add(id);
    for (const dep of edgesOf(id)) {
      if (!indexOf.has(dep)) {
        visit(dep);
        low.set(id, Math.min(low.get(id)!, low.get(dep)!));
      } else if (onStack.has(dep)) {
        low.set(id, Math.min(low.get(id)!, indexOf.get(dep)!));
      }
    }
    if (low.get(id) === indexOf.get(id)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== id);
      if (component.length > 1) cycles.push({ members: component, path: pathThrough(new Set(component), edgesOf) });
    }
  };
  for (const id of ids) if (!indexOf.has(id)) visit(id);
  return cycles;
}

/** The shortest cycle through the component's first member (by id), as `a → b → a`. */
function pathThrough(component: ReadonlySet<string>, edgesOf: (id: string) => string[]): string[] {
  const start = [...component].sort()[0]!;
  const parent = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const node = queue.shift()!;
    for (const dep of edgesOf(node)) {
      if (!component.has(dep)) continue;
      if (dep === start) {
        const walk: string[] = [];
        for (let at = node; at !== start; at = parent.get(at)!) walk.unshift(at);
        return [start, ...walk, start];
      }
      if (!parent.has(dep)) {
        parent.set(dep, node);
        queue.push(dep);
      }
    }
  }
  return [start, start];
}

/** The cycle as seen from `first` when it is on it. */
function rotate(cycle: readonly string[], first: string): string[] {
  const open = cycle.slice(0, -1);
  const at = open.indexOf(first);
  if (at < 0) return [...cycle];
  return [...open.slice(at), ...open.slice(0, at), first];
}
