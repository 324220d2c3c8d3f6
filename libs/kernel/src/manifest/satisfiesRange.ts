import { satisfies } from 'compare-versions';

const ANY = /^\s*(\*|x|X|latest)\s*$/;

/**
 * `satisfies` from compare-versions, plus the "any version" ranges npm users write
 * (`*`, `x`) which that library does not accept. Throws on a malformed range.
 */
export function satisfiesRange(version: string, range: string): boolean {
  if (ANY.test(range)) return true;
  return satisfies(version, range);
}
