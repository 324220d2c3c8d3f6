import type * as z from 'zod/mini';

type Issue = z.core.$ZodIssue & { input?: unknown };

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && Number.isNaN(value)) return 'NaN';
  return typeof value;
}

function messageOf(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'Required' : `Expected ${issue.expected}, received ${describe(issue.input)}`;
    case 'unrecognized_keys':
      return `Unrecognized key${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
    case 'invalid_value':
      return `Expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}, received ${JSON.stringify(issue.input)}`;
    case 'too_small':
      return issue.origin === 'string' || issue.origin === 'array'
        ? `Must have at least ${String(issue.minimum)} ${issue.origin === 'string' ? 'character' : 'item'}(s)`
        : `Must be ${issue.inclusive === false ? 'greater than' : 'at least'} ${String(issue.minimum)}`;
    case 'too_big':
      return issue.origin === 'string' || issue.origin === 'array'
        ? `Must have at most ${String(issue.maximum)} ${issue.origin === 'string' ? 'character' : 'item'}(s)`
        : `Must be ${issue.inclusive === false ? 'less than' : 'at most'} ${String(issue.maximum)}`;
    case 'invalid_format':
      if (issue.format === 'email') return 'Invalid email';
      return issue.message && issue.message !== 'Invalid input' ? issue.message : `Invalid ${issue.format}`;
    case 'invalid_union':
      return 'Does not match any allowed form';
    default:
      return issue.message && issue.message !== 'Invalid input' ? issue.message : 'Invalid value';
  }
}

/** One line per problem, `path.to[0].field: message`, in zod's order. */
export function formatIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .map((issue) => {
      const path = issue.path
        .map((part, i) => (typeof part === 'number' ? `[${part}]` : `${i ? '.' : ''}${String(part)}`))
        .join('');
      return `${path || '(root)'}: ${messageOf(issue as Issue)}`;
    })
    .join('; ');
}

/** Result of `safeParseWith`: the parsed value, or readable problems. */
export type ParseResult<T> = { ok: true; value: T } | { ok: false; problems: string };

/**
 * Parses with a schema; on a failure, parses again reporting inputs so the messages can say
 * what was received. The first parse passes no context: zod copies a given context with a
 * spread into an object that V8 gives a hidden class of its own on every call (one per
 * manifest, kept in old space until a full collection), which made the kernel's start
 * allocate a map per plugin.
 */
export function safeParseWith<S extends z.ZodMiniType>(schema: S, data: unknown): ParseResult<z.infer<S>> {
  const result = schema.safeParse(data);
  if (result.success) return { ok: true, value: result.data };
  const reported = schema.safeParse(data, { reportInput: true });
  return { ok: false, problems: formatIssues((reported.error ?? result.error).issues) };
}
