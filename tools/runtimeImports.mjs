// Which packages a library's runtime entries reach: walks every module the given `exports`
// entries import (re-exports and dynamic `import()` included, type-only imports skipped) and
// returns each bare specifier with the files that import it. The chain plugins' tests use it to
// prove that test-only dependencies (`@solana/web3.js`, `ecpair`, the test signers) stay out of
// what a host bundles.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { importsOf, resolveRelative } from './boundaries.mjs';

/**
 * Bare specifiers reached from `entries` of the package at `packageRoot` (export keys, or source
 * files such as `./src/plugin.ts`) → the files (relative) importing each; and every file visited. With `{ dynamic: false }`, `import()` is not followed:
 * what a host's page loads at once, before any lazy chunk.
 */
export function runtimeImports(packageRoot, entries, { dynamic = true } = {}) {
  const exportsMap = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')).exports;
  const queue = entries.map((entry) => {
    // A source file (`./src/plugin.ts`): what importing one export of an entry reaches, as a bundler tree-shakes it.
    if (entry.startsWith('./') && /\.tsx?$/.test(entry) && existsSync(resolve(packageRoot, entry))) return resolve(packageRoot, entry);
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
    for (const { specifier, typeOnly, dynamic: isDynamic } of importsOf(file)) {
      if (typeOnly || (isDynamic && !dynamic)) continue;
      if (specifier.startsWith('.')) {
        const target = resolveRelative(file, specifier);
        if (target) queue.push(target);
      } else {
        packages.set(specifier, [...(packages.get(specifier) ?? []), file.slice(packageRoot.length + 1)]);
      }
    }
  }
  return { packages, files: [...files].map((f) => f.slice(packageRoot.length + 1)) };
}
