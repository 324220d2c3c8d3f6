/** The `{placeholders}` of a message, sorted (a placeholder may appear more than once). */
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/**
 * What is wrong with a translation against its English source, one line per problem: a key
 * English has and the translation lacks, a key English lacks, an empty message, or other
 * `{placeholders}` than English's. Empty when the translation is complete. For tests (the
 * core catalogue's and plugins' own).
 */
export function catalogueProblems(english: Readonly<Record<string, string>>, translated: Readonly<Record<string, string | undefined>>, { optional = [] as readonly string[] } = {}): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(english)) {
    if (!(key in translated)) {
      if (!optional.includes(key)) problems.push(`missing "${key}"`);
      continue;
    }
  }
  for (const [key, text] of Object.entries(translated)) {
    const source = english[key];
    if (source === undefined) problems.push(`"${key}" is not an English key`);
    else if (typeof text !== 'string' || text.trim() === '') problems.push(`"${key}" is empty`);
    else if (placeholders(text).join() !== placeholders(source).join()) problems.push(`"${key}" has {${placeholders(text).join('}, {')}} where English has {${placeholders(source).join('}, {')}}`);
  }
  return problems;
}
