import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The docs' code says what the tested files say (issue #19): a block marked
// `<!-- snippet: path -->` must be that file, byte for byte; the file is built and run by a test
// (the registry round trip's hosts, e2e/browser/registry.spec.ts).

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DOCS = join(ROOT, 'docs');

/** Every marked snippet of a Markdown file: the path it names and the fenced code after it. */
export function snippetsOf(markdown) {
  return [...markdown.matchAll(/<!-- snippet: ([^\s]+) -->\n```[a-z]*\n([\s\S]*?)```/g)].map(([, path, code]) => ({ path, code }));
}

describe('the docs\' code snippets', () => {
  const pages = readdirSync(DOCS).filter((file) => file.endsWith('.md'));
  const all = pages.flatMap((page) => snippetsOf(readFileSync(join(DOCS, page), 'utf8')).map((snippet) => ({ page, ...snippet })));

  it('getting-started has the three hosts\' snippets', () => {
    expect(all.filter((s) => s.page === 'getting-started.md').map((s) => s.path)).toEqual(['e2e/hosts/vite-react/src/main.tsx', 'e2e/hosts/next/app/portico.tsx', 'e2e/hosts/vanilla/src/main.ts']);
  });

  it.each(all.map((s) => [`${s.page} → ${s.path}`, s]))('%s is the file, as tested', (_name, { path, code }) => {
    expect(code).toBe(readFileSync(join(ROOT, path), 'utf8'));
  });

  it('a snippet that drifts from its file is caught', () => {
    const [first] = all;
    expect(first.code.replace('createPortico', 'createPorticoo')).not.toBe(readFileSync(join(ROOT, first.path), 'utf8'));
    expect(snippetsOf('<!-- snippet: a.ts -->\n```ts\nconst a = 1;\n```\n')).toEqual([{ path: 'a.ts', code: 'const a = 1;\n' }]);
  });
});
