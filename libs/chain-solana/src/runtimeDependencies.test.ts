/**
 * `@solana/web3.js` is a dev and optional peer dependency: only `testing/` (the test wallet, the
 * LiteSVM node) uses it. This walks every module the runtime entries (`.`, `./api`, `./siwx`)
 * reach, dynamic imports included, and fails if one of them imports it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import pkg from '../package.json' with { type: 'json' };

const ROOT = join(import.meta.dirname, '..');
const RUNTIME_ENTRIES = ['.', './api', './siwx'];

function specifiersOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const typeOnly = ts.isImportDeclaration(node) ? !!node.importClause?.isTypeOnly : node.isTypeOnly;
      if (!typeOnly) found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every package the runtime entries reach, by the files that import it. */
function reachedPackages(): Map<string, string[]> {
  const exportsMap = pkg.exports as Record<string, { default: string }>;
  const queue = RUNTIME_ENTRIES.map((entry) => resolve(ROOT, exportsMap[entry]!.default));
  const seen = new Set<string>();
  const packages = new Map<string, string[]>();
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of specifiersOf(file)) {
      if (specifier.startsWith('.')) {
        const base = resolve(dirname(file), specifier);
        const target = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((f) => existsSync(f) && f.endsWith('.ts'));
        if (target) queue.push(target);
      } else {
        packages.set(specifier, [...(packages.get(specifier) ?? []), file.slice(ROOT.length + 1)]);
      }
    }
  }
  return packages;
}

describe('runtime dependencies', () => {
  const packages = reachedPackages();

  it('the runtime entries never import @solana/web3.js (testing only)', () => {
    const web3 = [...packages].filter(([name]) => name.startsWith('@solana/web3.js'));
    expect(web3).toEqual([]);
    expect(pkg.dependencies).not.toHaveProperty(['@solana/web3.js']);
  });

  it('walks the real graph (the adapter and its wallet-standard imports are found)', () => {
    expect([...packages.keys()]).toContain('@wallet-standard/app');
    expect(packages.get('@portico/kernel')?.length).toBeGreaterThan(3);
  });
});
