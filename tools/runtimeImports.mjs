// Which packages a library's runtime entries reach: walks every module the given `exports`
// entries import (re-exports and dynamic `import()` included, type-only imports skipped) and
// returns each bare specifier with the files that import it. The chain plugins' tests use it to
// prove that test-only dependencies (`@solana/web3.js`, `ecpair`, the test signers) stay out of
// what a host bundles.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';

function specifiersOf(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found = [];
  const visit = (node) => {
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

/** Bare specifiers reached from `entries` of the package at `packageRoot` → the files (relative) importing each; and every file visited. */
export function runtimeImports(packageRoot, entries) {
  const exportsMap = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')).exports;
  const queue = entries.map((entry) => {
    const target = exportsMap[entry];
    if (!target) throw new Error(`${entry} is not in the exports of ${packageRoot}`);
    return resolve(packageRoot, typeof target === 'string' ? target : target.default);
  });
  const files = new Set();
  const packages = new Map();
  while (queue.length) {
    const file = queue.pop();
    if (files.has(file)) continue;
    files.add(file);
    for (const specifier of specifiersOf(file)) {
      if (specifier.startsWith('.')) {
        const base = resolve(dirname(file), specifier);
        const target = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((f) => existsSync(f) && /\.tsx?$/.test(f));
        if (target) queue.push(target);
      } else {
        packages.set(specifier, [...(packages.get(specifier) ?? []), file.slice(packageRoot.length + 1)]);
      }
    }
  }
  return { packages, files: [...files].map((f) => f.slice(packageRoot.length + 1)) };
}
