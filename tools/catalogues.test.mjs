// One i18n model for every package (#39): a plugin's catalogue holds English only, and each other
// language is a module of its own behind a loader (`locales: { fr: () => import('./locales/fr') }`),
// downloaded once the modal speaks it. Every `definePluginMessages` call in the workspace is read.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');

/** Problems of each `definePluginMessages({ … })` call in one source text. */
export function catalogueShapeProblems(file, source) {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const problems = [];
  const visit = (node) => {
    if (ts.isCallExpression(node) && node.expression.getText(sf) === 'definePluginMessages') {
      const [arg] = node.arguments;
      const at = `${file}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}`;
      if (!arg || !ts.isObjectLiteralExpression(arg)) problems.push(`${at}: not an object literal`);
      else {
        for (const property of arg.properties) {
          const name = property.name?.getText(sf).replace(/['"]/g, '');
          if (name === 'en') continue;
          if (name !== 'locales') {
            problems.push(`${at}: a language inline ("${name}"); put it in a module of its own behind a loader in \`locales\``);
            continue;
          }
          const value = ts.isPropertyAssignment(property) ? property.initializer : undefined;
          if (!value || !ts.isObjectLiteralExpression(value)) problems.push(`${at}: \`locales\` is not an object of loaders`);
          else for (const loader of value.properties) {
            const body = ts.isPropertyAssignment(loader) && ts.isArrowFunction(loader.initializer) ? loader.initializer.body : undefined;
            const isImport = body && ts.isCallExpression(body) && body.expression.kind === ts.SyntaxKind.ImportKeyword;
            if (!isImport) problems.push(`${at}: locale "${loader.name?.getText(sf)}" is not \`() => import('./…')\``);
          }
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return problems;
}

function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return ['node_modules', 'dist', '.reports'].includes(entry.name) || entry.name.startsWith('dist-') ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('plugin catalogues: English with the code, each other language a module of its own', () => {
  const files = ['libs', 'apps', 'e2e/spec'].flatMap((dir) => sources(join(ROOT, dir))).filter((file) => readFileSync(file, 'utf8').includes('definePluginMessages({'));

  it('finds the catalogues', () => {
    const names = files.map((file) => relative(ROOT, file));
    expect(names).toContain('libs/plugin-swaps/src/messages.ts');
    expect(names).toContain('libs/plugin-receive/src/messages.ts');
    expect(names.length).toBeGreaterThanOrEqual(10);
  });

  it('no catalogue holds a language inline', () => {
    const found = files.flatMap((file) => catalogueShapeProblems(relative(ROOT, file), readFileSync(file, 'utf8')));
    expect(found, found.join('\n')).toEqual([]);
  });

  it('catches one when it is there (the check is live)', () => {
    expect(catalogueShapeProblems('x.ts', "definePluginMessages({ en: { a: 'A' }, fr: { a: 'B' } });")).toHaveLength(1);
    expect(catalogueShapeProblems('x.ts', "definePluginMessages({ en: { a: 'A' }, locales: { fr: () => ({ default: {} }) } });")).toHaveLength(1);
    expect(catalogueShapeProblems('x.ts', "definePluginMessages({ en, locales: { fr: () => import('./fr') } });")).toEqual([]);
  });
});
