import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The docs' code says what the tested files say (issue #19): a block marked
// `<!-- snippet: path -->` must be that file, byte for byte; the file is type-checked and run by a
// test (the registry round trip's hosts, e2e/browser/registry.spec.ts; the examples in
// e2e/spec/docs/ and e2e/spec/walkthrough/, by e2e's typecheck and tests). Every block of code in
// docs/ is such a snippet: only shell commands and tables are written in the page itself.

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DOCS = join(ROOT, 'docs');

/** Every marked snippet of a Markdown file: the path it names and the fenced code after it. */
export function snippetsOf(markdown) {
  return [...markdown.matchAll(/<!-- snippet: ([^\s]+) -->\n```[a-z]*\n([\s\S]*?)```/g)].map(([, path, code]) => ({ path, code }));
}

/** Fenced blocks of code (not shell) that are not marked as a snippet. */
export function unmarkedCode(markdown) {
  return [...markdown.matchAll(/(^|\n)(.*)\n```([a-z]*)\n/g)]
    .filter(([, , before, lang]) => lang !== '' && lang !== 'sh' && !/^<!-- snippet: [^\s]+ -->$/.test(before))
    .map(([, , before, lang]) => `${lang} block after "${before}"`);
}

describe('the docs\' code snippets', () => {
  const pages = readdirSync(DOCS).filter((file) => file.endsWith('.md'));
  const read = (page) => readFileSync(page === 'README.md' ? join(ROOT, page) : join(DOCS, page), 'utf8');
  const all = [...pages, 'README.md'].flatMap((page) => snippetsOf(read(page)).map((snippet) => ({ page, ...snippet })));

  it('getting-started has the hosts\' snippets, the README the viem example, and each page its examples', () => {
    expect(all.filter((s) => s.page === 'getting-started.md').map((s) => s.path)).toEqual([
      'e2e/hosts/vite-react/src/main.tsx',
      'e2e/hosts/next/app/portico.tsx',
      'e2e/hosts/vanilla/src/main.ts',
      'e2e/hosts/vite-wagmi/src/main.tsx',
      'e2e/hosts/vite-wagmi/src/Account.tsx',
    ]);
    expect(all.filter((s) => s.page === 'README.md').map((s) => s.path)).toEqual(['e2e/hosts/vite-wagmi/src/SignWithViem.tsx']);
    for (const page of ['configuration.md', 'theming.md', 'i18n.md', 'plugins.md']) expect(all.filter((s) => s.page === page).length, page).toBeGreaterThan(0);
  });

  it.each(pages)('docs/%s has no code that is not a tested file', (page) => {
    expect(unmarkedCode(read(page))).toEqual([]);
  });

  it.each(all.map((s) => [`${s.page} → ${s.path}`, s]))('%s is the file, as tested', (_name, { path, code }) => {
    expect(code).toBe(readFileSync(join(ROOT, path), 'utf8'));
  });

  it('a snippet that drifts from its file is caught', () => {
    const [first] = all;
    expect(first.code.replace('createPortico', 'createPorticoo')).not.toBe(readFileSync(join(ROOT, first.path), 'utf8'));
    expect(snippetsOf('<!-- snippet: a.ts -->\n```ts\nconst a = 1;\n```\n')).toEqual([{ path: 'a.ts', code: 'const a = 1;\n' }]);
    expect(unmarkedCode('Text\n```ts\nconst a = 1;\n```\n\n```sh\nnpm i\n```\n<!-- snippet: a.ts -->\n```ts\nconst a = 1;\n```\n')).toEqual(['ts block after "Text"']);
  });
});
