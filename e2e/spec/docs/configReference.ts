import { CONTRIBUTION_POINTS } from '@portico/kernel';

/** One option of `createPortico`'s config as the schema has it: its path and, where the schema says it, its type. */
export interface ConfigOption {
  readonly path: string;
  /** `string`, `number`, `boolean`, `'a' | 'b'`, `string[]`, `Record<string, boolean>`, `object`, `object[]`; undefined for a custom check (a function, a plugin, a storage port). */
  readonly type: string | undefined;
}

interface ZodDef {
  readonly type: string;
  readonly innerType?: ZodNode;
  readonly shape?: Readonly<Record<string, ZodNode>>;
  readonly element?: ZodNode;
  readonly valueType?: ZodNode;
  readonly keyType?: ZodNode;
  readonly entries?: Readonly<Record<string, string>>;
}
interface ZodNode {
  readonly _zod: { readonly def: ZodDef };
}

const unwrap = (node: ZodNode): ZodNode => (node._zod.def.type === 'optional' ? unwrap(node._zod.def.innerType!) : node);

/** The type a schema node names, as the reference writes it. */
function typeOf(node: ZodNode): string | undefined {
  const def = unwrap(node)._zod.def;
  switch (def.type) {
    case 'string':
    case 'number':
    case 'boolean':
      return def.type;
    case 'enum':
      return Object.values(def.entries!).map((v) => `'${v}'`).join(' | ');
    case 'object':
      return 'object';
    case 'array': {
      const element = typeOf(def.element!);
      return element === undefined ? undefined : element.includes('|') ? `(${element})[]` : `${element}[]`;
    }
    case 'record':
      return `Record<${typeOf(def.keyType!)}, ${typeOf(def.valueType!)}>`;
    default:
      return undefined;
  }
}

/**
 * Every option of a config schema, depth first in the schema's order: an object's fields as
 * `a.b`, an array of objects' as `a[].b`. `contributions`, one entry per contribution point,
 * is written once as `contributions.<point>` (the page lists the points).
 */
export function configOptions(schema: unknown, prefix = ''): ConfigOption[] {
  const def = unwrap(schema as ZodNode)._zod.def;
  const out: ConfigOption[] = [];
  for (const [key, child] of Object.entries(def.shape ?? {})) {
    const path = `${prefix}${key}`;
    const inner = unwrap(child)._zod.def;
    const points = inner.type === 'object' && Object.keys(inner.shape!).join() === CONTRIBUTION_POINTS.join();
    out.push({ path, type: typeOf(child) });
    if (points) out.push(...configOptions(Object.values(inner.shape!)[0], `${path}.<point>.`));
    else if (inner.type === 'object') out.push(...configOptions(child, `${path}.`));
    else if (inner.type === 'array' && unwrap(inner.element!)._zod.def.type === 'object') out.push(...configOptions(inner.element, `${path}[].`));
  }
  return out;
}

/** The rows of the reference table in a Markdown page: `| \`path\` | \`type\` | … |` (a `|` in a cell written `\\|`). */
export function documentedOptions(markdown: string): Array<{ path: string; type: string }> {
  return markdown
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const [, path = '', type = ''] = line.split(/(?<!\\)\|/).map((cell) => cell.trim().replace(/\\\|/g, '|'));
      return { path: path.replace(/^`|`$/g, ''), type: type.replace(/^`|`$/g, '') };
    });
}
