// Module-boundary check: which workspace package may import which, third-party
// allow-lists for the framework-free packages, no reaching into another package's files,
// and no import cycles between files of a package or between packages. A cycle closed only by a
// dynamic `import()` is not one: the imported module is evaluated after its importer, on demand (the
// modal's own chunk loading the views that import its hooks, #41).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx|mts|js|mjs|jsx)$/;
const TEST = /(\.test\.|\.spec\.|\.stories\.|\.bench\.)/;
/** Build configuration may read the workspace's shared config files. */
const CONFIG = /\.config\.m?[jt]s$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', '.nx', 'storybook-static', 'test-results', 'playwright-report']);

/** Third-party packages the framework-free layers may use at run time. */
const KERNEL_THIRD_PARTY = ['tsyringe', 'reflect-metadata', 'eventemitter3', 'zod', 'compare-versions'];
const UI_THIRD_PARTY = ['react', 'react-dom', 'qr', 'lucide'];
/** The core is framework-free: no UI library, no chain SDK, no DI container of its own. */
const CORE_THIRD_PARTY = ['zod'];
/** A wire protocol shared by a plugin and the app on the other end (e.g. the wallet frame's): schemas only. */
const PROTOCOL_THIRD_PARTY = ['zod'];
const CHAIN_SDKS = /^(viem|@solana\/|bitcoinjs-lib|ecpair|@bitcoinerlab\/|@walletconnect\/|@wallet-standard\/|@noble\/)/;

/**
 * What one plugin may import of another: its `api` (refs, types, small helpers) and its
 * `binding` (what a chain plugin builds its side of a protocol with, e.g. WalletConnect's
 * session-backed wallets; loaded lazily by the chain plugin).
 */
const PLUGIN_CONTRACTS = new Set(['/api', '/binding']);

/** The kind of a workspace package, from its folder. */
export function kindOf(folder) {
  if (folder === 'libs/kernel') return 'kernel';
  if (folder === 'libs/core') return 'core';
  if (folder === 'libs/ui') return 'ui';
  if (folder === 'libs/react') return 'react';
  if (/^libs\/(plugin|chain)-/.test(folder)) return 'plugin';
  if (/^libs\/[a-z-]+-protocol$/.test(folder)) return 'protocol';
  // A binding to another library's world (wagmi): it sits on the core, as @portico/react does.
  if (folder === 'libs/wagmi') return 'binding';
  if (folder === 'tools') return 'tools';
  return 'app';
}

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    if (SKIP_DIRS.has(name) || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (SOURCE.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** Imports of one file: specifier, line, whether it vanishes at run time (type-only) and whether it is an `import()`. */
export function importsOf(file, text = readFileSync(file, 'utf8')) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found = [];
  const add = (node, specifier, typeOnly, dynamic = false) =>
    found.push({ specifier, typeOnly, dynamic, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly = !!clause && (clause.isTypeOnly ||
        (!clause.name && !!clause.namedBindings && ts.isNamedImports(clause.namedBindings) &&
          clause.namedBindings.elements.length > 0 && clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      add(node, node.moduleSpecifier.text, typeOnly);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node, node.moduleSpecifier.text, node.isTypeOnly);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteralLike(arg)) add(node, arg.text, false, true);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      add(node, node.argument.literal.text, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The bare package names an `imports` entry maps to, under any condition (relative targets are the package's own files). */
function importTargets(target) {
  if (typeof target === 'string') return target.startsWith('.') ? [] : [packageName(target)];
  if (target && typeof target === 'object') return [...new Set(Object.values(target).flatMap(importTargets))];
  return [];
}

function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The file a relative import names (extension and index resolution as TypeScript does), or undefined. */
export function resolveRelative(from, specifier) {
  const base = resolve(dirname(from), specifier);
  const candidates = [base, ...['.ts', '.tsx', '.mts', '.js', '.mjs'].map((e) => base + e), ...['index.ts', 'index.tsx'].map((i) => join(base, i))];
  const jsAsTs = base.replace(/\.m?js$/, '.ts');
  if (jsAsTs !== base) candidates.push(jsAsTs, base.replace(/\.m?js$/, '.tsx'));
  return candidates.find((c) => existsSync(c) && statSync(c).isFile());
}

/** Strongly connected components (size > 1, or a self-loop) of a graph given as a Map. */
export function cyclesOf(graph) {
  let counter = 0;
  const index = new Map(), low = new Map(), stack = [], on = new Set(), out = [];
  const visit = (v) => {
    index.set(v, counter); low.set(v, counter++); stack.push(v); on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) { visit(w); low.set(v, Math.min(low.get(v), low.get(w))); }
      else if (on.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const component = [];
      let w;
      do { w = stack.pop(); on.delete(w); component.push(w); } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? new Set()).has(v)) out.push(component.reverse());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return out;
}

/** Workspace packages: folder, name, kind, declared dependencies. */
export function workspacePackages(root) {
  const rootPkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const folders = [];
  for (const pattern of rootPkg.workspaces ?? []) {
    if (pattern.endsWith('/*')) {
      const dir = join(root, pattern.slice(0, -2));
      if (existsSync(dir)) for (const name of readdirSync(dir)) folders.push(`${pattern.slice(0, -2)}/${name}`);
    } else folders.push(pattern);
  }
  return folders
    .filter((f) => existsSync(join(root, f, 'package.json')))
    .map((folder) => {
      const pkg = JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8'));
      const declared = new Set(Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies, ...pkg.devDependencies, ...pkg.optionalDependencies }));
      // Public entries: the subpaths the package exports (`./api`, `./walletRegistry`, …).
      const entries = new Set(typeof pkg.exports === 'object' && pkg.exports !== null ? Object.keys(pkg.exports).filter((k) => k.startsWith('./')) : []);
      // Subpath imports (`#tsyringe`): each names the packages its conditions map to.
      const imports = new Map(Object.entries(pkg.imports ?? {}).map(([key, target]) => [key, importTargets(target)]));
      return { folder, name: pkg.name, kind: kindOf(folder), declared, entries, imports };
    });
}

/** The third-party packages each kind of package may import. */
function checkThirdParty(pkg, name, line, report) {
  if (pkg.kind === 'kernel' && !KERNEL_THIRD_PARTY.includes(name)) report(line, `kernel may not import "${name}" (allowed: ${KERNEL_THIRD_PARTY.join(', ')})`);
  if (pkg.kind === 'core' && !CORE_THIRD_PARTY.includes(name)) report(line, `core may not import "${name}" (allowed: ${CORE_THIRD_PARTY.join(', ')})`);
  if (pkg.kind === 'protocol' && !PROTOCOL_THIRD_PARTY.includes(name)) report(line, `a protocol package may not import "${name}" (allowed: ${PROTOCOL_THIRD_PARTY.join(', ')})`);
  if (pkg.kind === 'ui' && !UI_THIRD_PARTY.includes(name)) report(line, `ui may not import "${name}" (allowed: ${UI_THIRD_PARTY.join(', ')})`);
  if (pkg.kind === 'react' && CHAIN_SDKS.test(name)) report(line, `react may not import the chain SDK "${name}"`);
  if (pkg.kind === 'plugin' && (name === 'tsyringe' || name === 'reflect-metadata')) report(line, 'plugins never import tsyringe; use ctx.services and createServiceRef');
}

/** Runs every check; returns a list of violations `{ file, line, message }`. */
export function checkBoundaries(root) {
  const packages = workspacePackages(root);
  const byName = new Map(packages.map((p) => [p.name, p]));
  const violations = [];
  const packageGraph = new Map(packages.map((p) => [p.name, new Set()]));

  for (const pkg of packages) {
    const dir = join(root, pkg.folder);
    const srcDir = existsSync(join(dir, 'src')) ? join(dir, 'src') : dir;
    const files = walk(srcDir);
    const fileGraph = new Map(files.map((f) => [f, new Set()]));
    for (const file of files) {
      const rel = relative(root, file).split(sep).join('/');
      const isTest = TEST.test(file) || rel.includes('/test/');
      const report = (line, message) => violations.push({ file: rel, line, message });
      for (const { specifier, typeOnly, dynamic, line } of importsOf(file)) {
        if (specifier.startsWith('.')) {
          const target = resolveRelative(file, specifier);
          if (target && !target.startsWith(dir + sep) && !CONFIG.test(file)) report(line, `"${specifier}" reaches outside ${pkg.name}; import the package instead`);
          else if (target && !typeOnly && !dynamic && fileGraph.has(target)) fileGraph.get(file).add(target);
          continue;
        }
        if (specifier.startsWith('node:') || specifier.startsWith('virtual:')) continue;
        if (specifier.startsWith('#')) {
          // A subpath import is checked as the packages it maps to; one the package does not declare is an error.
          const targets = pkg.imports.get(specifier);
          if (!targets) report(line, `"${specifier}" is not in ${pkg.name}'s package.json "imports"`);
          else for (const name of targets) if (!isTest) checkThirdParty(pkg, name, line, report);
          continue;
        }
        const name = packageName(specifier);
        const target = byName.get(name);
        if (target) {
          if (target === pkg) { report(line, `${pkg.name} imports itself by name`); continue; }
          const subpath = specifier.slice(name.length);
          const allowed =
            pkg.kind === 'app' ||
            pkg.kind === 'tools' ||
            // The workspace's own scripts (services, dependency walks) are for tests only.
            (isTest && target.kind === 'tools') ||
            (pkg.kind === 'core' && target.kind === 'kernel') ||
            (pkg.kind === 'react' && ['kernel', 'core', 'ui'].includes(target.kind)) ||
            (pkg.kind === 'binding' && ['kernel', 'core'].includes(target.kind)) ||
            // A binding's tests drive it with the plugins a host would enable.
            (isTest && pkg.kind === 'binding' && target.kind === 'plugin') ||
            (pkg.kind === 'plugin' && (['kernel', 'core', 'react', 'ui', 'protocol'].includes(target.kind) || (target.kind === 'plugin' && PLUGIN_CONTRACTS.has(subpath))));
          if (!allowed) {
            const why = pkg.kind === 'plugin' && target.kind === 'plugin'
              ? `may import another plugin only through its contract entries ("${name}/api", "${name}/binding")`
              : `may not import ${name}`;
            report(line, `${pkg.name} (${pkg.kind}) ${why}`);
          } else if (subpath && !(pkg.kind === 'plugin' && subpath === '/api') && !target.entries.has(`.${subpath}`) && pkg.kind !== 'app' && pkg.kind !== 'tools') {
            report(line, `"${specifier}" reaches into ${name}; import its public entry`);
          }
          if (!pkg.declared.has(name)) report(line, `${pkg.name} imports ${name} but does not declare it in package.json`);
          if (!typeOnly) packageGraph.get(pkg.name).add(name);
          continue;
        }
        if (isTest) continue;
        checkThirdParty(pkg, name, line, report);
      }
    }
    for (const cycle of cyclesOf(fileGraph)) {
      const names = cycle.map((f) => relative(root, f).split(sep).join('/'));
      violations.push({ file: names[0], line: 1, message: `import cycle: ${[...names, names[0]].join(' → ')}` });
    }
  }
  for (const cycle of cyclesOf(packageGraph)) {
    violations.push({ file: 'package.json', line: 1, message: `package cycle: ${[...cycle, cycle[0]].join(' → ')}` });
  }
  return violations;
}
