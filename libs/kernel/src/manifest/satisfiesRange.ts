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

/**
 * `satisfiesRange` remembering its answers, for one kernel: its plugins mostly name the
 * same few ranges (`^0.1.0` for the kernel), and each check re-parses both strings.
 */
export function createRangeCheck(): (version: string, range: string) => boolean {
  const answers = new Map<string, boolean>();
  return (version, range) => {
    const key = `${version} ${range}`;
    let answer = answers.get(key);
    if (answer === undefined) {
      answer = satisfiesRange(version, range);
      answers.set(key, answer);
    }
    return answer;
  };
}
