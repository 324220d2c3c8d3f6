import { ManifestInvalidError } from '../errors/pluginErrors';
import { safeParseWith } from '../schema/formatIssues';
import { CONTRIBUTION_POINTS } from './contributionSchemas';
import { manifestSchema, type Manifest } from './manifestSchema';

function duplicates(ids: readonly string[]): string[] {
  // Most lists have zero or one entry: no set needed to know they hold no duplicate.
  if (ids.length < 2) return [];
  const seen = new Set<string>();
  return ids.filter((id) => (seen.has(id) ? true : (seen.add(id), false)));
}

/** Checks that the schema cannot express: uniqueness and references inside one manifest. */
function semanticProblems(m: Manifest): string[] {
  const problems: string[] = [];
  for (const point of CONTRIBUTION_POINTS) {
    const items = m.contributes?.[point];
    if (!items || items.length < 2) continue;
    for (const id of duplicates(items.map((item) => item.id))) {
      problems.push(`contributes.${point}: id "${id}" is used more than once`);
    }
  }
  const flagIds = [...(m.featureFlag ? [m.featureFlag.id] : []), ...(m.flags ?? []).map((f) => f.id)];
  for (const id of duplicates(flagIds)) problems.push(`flags: "${id}" is declared more than once`);
  for (const id of duplicates((m.namespaces ?? []).map((n) => n.id))) problems.push(`namespaces: "${id}" is declared more than once`);
  const deps = [...Object.keys(m.requires ?? {}), ...Object.keys(m.optional ?? {})];
  if (deps.includes(m.id)) problems.push('requires/optional: a plugin cannot depend on itself');
  for (const id of m.conflictsWith ?? []) {
    if (id === m.id) problems.push('conflictsWith: a plugin cannot conflict with itself');
    if (deps.includes(id)) problems.push(`conflictsWith: "${id}" is also a dependency`);
  }
  for (const id of Object.keys(m.requires ?? {})) {
    if (m.optional && Object.hasOwn(m.optional, id)) problems.push(`optional: "${id}" is also in requires`);
  }
  if (m.activation && m.activation !== 'eager') {
    const { onViews = [], onEvents = [], onConnectors = [] } = m.activation;
    if (onViews.length + onEvents.length + onConnectors.length === 0) problems.push('activation: list a view, event or connector, or use "eager"');
    const own = new Set((m.contributes?.views ?? []).map((v) => v.id));
    for (const view of onViews) {
      if (!own.has(view)) problems.push(`activation.onViews: "${view}" is not one of this plugin's views`);
    }
  }
  return problems;
}

/** Manifests already read, by the object a plugin passed: each kernel that loads it reuses the reading. */
const validated = new WeakMap<object, Manifest>();

/**
 * Validates a manifest against the schema of every field and contribution point.
 * Unknown keys are rejected. Throws `ManifestInvalidError` listing every problem.
 *
 * A manifest is static data: the first valid reading of a manifest object is kept and every later
 * kernel that loads the same object reuses it, so a change made to the object afterwards is not
 * seen (build a new object to change a manifest). Reading a manifest through the schema was 40 % of
 * what a 20-plugin start allocated (#41). Not frozen: freezing cost the page's first load 67 B.
 */
export function validateManifest(input: unknown): Manifest {
  // WeakMap's get answers undefined for a value that is not an object.
  const known = validated.get(input as object);
  if (known) return known;
  const id =
    typeof input === 'object' && input !== null && typeof (input as { id?: unknown }).id === 'string'
      ? (input as { id: string }).id
      : '(unnamed)';
  const parsed = safeParseWith(manifestSchema, input);
  if (!parsed.ok) throw new ManifestInvalidError(id, parsed.problems);
  const problems = semanticProblems(parsed.value);
  if (problems.length) throw new ManifestInvalidError(id, problems.join('; '));
  validated.set(input as object, parsed.value);
  return parsed.value;
}
