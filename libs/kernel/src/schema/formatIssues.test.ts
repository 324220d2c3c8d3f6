import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { formatIssues, safeParseWith } from '../../test/internals';

const problems = (schema: z.ZodMiniType, data: unknown): string => {
  const result = safeParseWith(schema, data);
  if (result.ok) throw new Error('expected a parse failure');
  return result.problems;
};

describe('safeParseWith / formatIssues', () => {
  it('returns the parsed value on success', () => {
    expect(safeParseWith(z.object({ a: z.number() }), { a: 1 })).toEqual({ ok: true, value: { a: 1 } });
  });

  it('says "Required" for a missing field, with its path', () => {
    expect(problems(z.object({ user: z.object({ name: z.string() }) }), { user: {} })).toBe('user.name: Required');
  });

  it('says "Expected X, received Y" for a wrong type, telling null, array and NaN apart', () => {
    const schema = z.object({ a: z.string(), b: z.number(), c: z.boolean(), d: z.object({}) });
    expect(problems(schema, { a: null, b: Number.NaN, c: 'true', d: [] })).toBe(
      'a: Expected string, received null; b: Expected number, received NaN; c: Expected boolean, received string; d: Expected object, received array',
    );
  });

  it('formats array indexes in brackets and names the root', () => {
    expect(problems(z.array(z.object({ id: z.string() })), [{ id: 'a' }, { id: 2 }])).toBe('[1].id: Expected string, received number');
    expect(problems(z.string(), 5)).toBe('(root): Expected string, received number');
  });

  it('lists unrecognized keys', () => {
    expect(problems(z.strictObject({}), { x: 1 })).toBe('(root): Unrecognized key: "x"');
    expect(problems(z.strictObject({}), { x: 1, y: 2 })).toBe('(root): Unrecognized keys: "x", "y"');
  });

  it('lists the allowed values of an enum', () => {
    expect(problems(z.enum(['a', 'b']), 'c')).toBe('(root): Expected one of "a", "b", received "c"');
  });

  it('describes size limits of strings, arrays and numbers', () => {
    expect(problems(z.string().check(z.minLength(2)), 'a')).toBe('(root): Must have at least 2 character(s)');
    expect(problems(z.array(z.number()).check(z.maxLength(1)), [1, 2])).toBe('(root): Must have at most 1 item(s)');
    expect(problems(z.number().check(z.minimum(3)), 2)).toBe('(root): Must be at least 3');
    expect(problems(z.number().check(z.maximum(3)), 4)).toBe('(root): Must be at most 3');
  });

  it('describes exclusive bounds as "greater than" / "less than"', () => {
    expect(problems(z.number().check(z.positive()), 0)).toBe('(root): Must be greater than 0');
    expect(problems(z.number().check(z.lt(10)), 10)).toBe('(root): Must be less than 10');
  });

  it('says "Invalid email" for a bad e-mail and uses custom messages', () => {
    expect(problems(z.email(), 'not-an-email')).toBe('(root): Invalid email');
    expect(problems(z.string().check(z.regex(/^x$/, 'Must be x')), 'y')).toBe('(root): Must be x');
    expect(problems(z.string().check(z.refine(() => false, 'Never right')), 'y')).toBe('(root): Never right');
  });

  it('joins several problems with "; " in order', () => {
    expect(problems(z.object({ a: z.string(), b: z.string() }), {})).toBe('a: Required; b: Required');
  });

  it('formats raw issues too', () => {
    const result = z.object({ a: z.string() }).safeParse({ a: 1 }, { reportInput: true });
    expect(result.success).toBe(false);
    if (!result.success) expect(formatIssues(result.error.issues)).toBe('a: Expected string, received number');
  });
});
