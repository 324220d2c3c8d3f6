#!/usr/bin/env node
// The published form of the libraries (issue #19). In the workspace every `@portico/*` library
// exports its TypeScript source, so development needs no build; what a registry gets is built:
//
//   node tools/packages.mjs build [name…]   tsdown → each library's dist/ (ESM, .d.ts, source maps)
//   node tools/packages.mjs stage [name…]   build, then .pack/<folder>/: dist, README, the published package.json
//   node tools/packages.mjs check [name…]   stage, then publint and @arethetypeswrong/core on each
//   node tools/packages.mjs publish [name…] stage, then `npm publish` each version the registry lacks
//                                           (npm's configured registry and login; `npm run release`)
//
// The published package.json is the workspace one with its `exports` (and `sideEffects`)
// pointing at dist/ instead of src/, `types` conditions first, the workspace ranges (`*`) of
// other @portico packages replaced by `^` their versions, and nothing only the workspace uses
// (scripts, devDependencies, nx).
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { builtinModules } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const PACK_DIR = join(ROOT, '.pack');

/** The publishable libraries: every `libs/*` package, with its folder and package.json. */
export function libraries() {
  const dir = join(ROOT, 'libs');
  return readdirSync(dir)
    .filter((name) => existsSync(join(dir, name, 'package.json')))
    .map((name) => ({ folder: join(dir, name), short: name, pkg: JSON.parse(readFileSync(join(dir, name, 'package.json'), 'utf8')) }))
    .filter(({ pkg }) => !pkg.private);
}

/** A source entry of the exports map (`./src/index.ts`) and what it becomes in dist/. */
const built = (source) => source.replace(/^\.\//, './dist/').replace(/\.tsx?$/, '.js');
const declared = (source) => source.replace(/^\.\//, './dist/').replace(/\.tsx?$/, '.d.ts');

/** The exports map's source files (each entry's `default`). */
export function entrySources(pkg) {
  return Object.entries(pkg.exports ?? {}).map(([subpath, target]) => {
    const source = typeof target === 'string' ? target : target.default;
    if (typeof source !== 'string' || !/^\.\/.+\.tsx?$/.test(source)) throw new Error(`${pkg.name}: exports["${subpath}"] must name a TypeScript source file, not ${JSON.stringify(target)}`);
    return source;
  });
}

/**
 * Builds a library with tsdown (Rolldown and oxc): one ES module per source module (unbundled,
 * so a host's bundler splits and tree-shakes as it would the source), declarations, source maps.
 * Every bare import stays an import (dependencies and peers), except oxc's decorator helpers,
 * which are emitted beside the code: the kernel's decorators are compiled, a host needs no
 * TypeScript or bundler option for them.
 */
export async function buildLibrary({ folder, short, pkg }) {
  // A build is skipped when its dist/ was made from the same inputs (see buildInputsKey): one
  // `npm test` builds every library for the package checks and again for the registry test.
  const stamp = join(BUILD_STAMPS, `${short}.key`);
  const key = buildInputsKey();
  if (existsSync(join(folder, 'dist')) && existsSync(stamp) && readFileSync(stamp, 'utf8') === key) return;
  rmSync(stamp, { force: true });
  const { build } = await import('tsdown');
  const copy = existsSync(join(folder, 'src/testing/contracts')) ? [{ from: 'src/testing/contracts', to: 'dist/src/testing' }] : [];
  await build({
    config: false,
    cwd: folder,
    entry: entrySources(pkg).map((source) => source.slice(2)),
    root: '.',
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    unbundle: true,
    // Declarations from TypeScript 7's native compiler (as the typecheck step): the 20 libraries'
    // builds took 13 s and 22 CPU-seconds here, against 40 s and 58 with TypeScript 5.9.
    dts: { tsgo: true },
    sourcemap: true,
    outDir: 'dist',
    clean: true,
    tsconfig: 'tsconfig.json',
    deps: { neverBundle: (id) => /^[^./]/.test(id) && !id.startsWith('@oxc-project/runtime') },
    copy,
    logLevel: 'warn',
  });
  mkdirSync(BUILD_STAMPS, { recursive: true });
  writeFileSync(stamp, key);
}

/** Where each library's last build records the inputs key it was made from. */
export const BUILD_STAMPS = join(ROOT, 'node_modules/.cache/portico-builds');
const SKIPPED = new Set(['node_modules', 'dist', '.reports', 'storybook-static', 'test-results', '.pack']);
/**
 * What a library's build depends on, hashed: every file of every library (a declaration can
 * carry a type inferred from another library's source), the base tsconfig, the lockfile (tsdown
 * and TypeScript) and this script. Any change rebuilds every library; nothing is reused on a guess.
 */
function buildInputsKey() {
  const hash = createHash('sha256');
  const add = (path) => hash.update(relative(ROOT, path)).update('\0').update(readFileSync(path)).update('\0');
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (SKIPPED.has(entry.name)) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) add(path);
    }
  };
  walk(join(ROOT, 'libs'));
  for (const file of ['tsconfig.base.json', 'package-lock.json', 'tools/packages.mjs']) add(join(ROOT, file));
  return hash.digest('hex');
}

/** The package.json a registry gets (see the header). `versions`: every library's version by name. */
export function publishedManifest(pkg, versions) {
  const ranges = (deps) =>
    deps &&
    Object.fromEntries(
      Object.entries(deps).map(([name, range]) => {
        if (range !== '*' || !name.startsWith('@portico/')) return [name, range];
        if (!versions[name]) throw new Error(`${pkg.name} depends on ${name}, which is not a published library`);
        return [name, `^${versions[name]}`];
      }),
    );
  const exportsMap = Object.fromEntries(
    Object.entries(pkg.exports).map(([subpath, target]) => {
      const source = typeof target === 'string' ? target : target.default;
      return [subpath, { types: declared(source), default: built(source) }];
    }),
  );
  const { scripts: _scripts, devDependencies: _dev, nx: _nx, ...kept } = pkg;
  return {
    ...kept,
    exports: exportsMap,
    ...(Array.isArray(pkg.sideEffects) ? { sideEffects: pkg.sideEffects.map(built) } : {}),
    files: ['dist'],
    ...(pkg.dependencies ? { dependencies: ranges(pkg.dependencies) } : {}),
    ...(pkg.peerDependencies ? { peerDependencies: ranges(pkg.peerDependencies) } : {}),
  };
}

/** Every library's version, by name. */
export const versionsOf = (libs) => Object.fromEntries(libs.map(({ pkg }) => [pkg.name, pkg.version]));

/** Builds and copies a library to `<into>/<folder>/` (`.pack/` unless given) as it would be published; returns that folder. */
export async function stageLibrary(lib, versions, into = PACK_DIR) {
  await buildLibrary(lib);
  const target = join(into, lib.short);
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  cpSync(join(lib.folder, 'dist'), join(target, 'dist'), { recursive: true });
  for (const file of ['README.md', 'CHANGELOG.md']) if (existsSync(join(lib.folder, file))) cpSync(join(lib.folder, file), join(target, file));
  if (existsSync(join(ROOT, 'LICENSE'))) cpSync(join(ROOT, 'LICENSE'), join(target, 'LICENSE'));
  const manifest = publishedManifest(lib.pkg, versions);
  writeFileSync(join(target, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  // What only the testing entries import (anvil, solc, a local Solana ledger…) is the workspace's
  // devDependency: published as an optional peer, for whoever uses those entries.
  const testingOnly = undeclaredImports(target).filter(({ name, files }) => lib.pkg.devDependencies?.[name] && files.every((file) => /^dist\/(src\/)?testing\//.test(file)));
  if (testingOnly.length) {
    for (const { name } of testingOnly) {
      manifest.peerDependencies = { ...manifest.peerDependencies, [name]: lib.pkg.devDependencies[name] };
      manifest.peerDependenciesMeta = { ...manifest.peerDependenciesMeta, [name]: { optional: true } };
    }
    writeFileSync(join(target, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  }
  return target;
}

const BUILTINS = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);
/** The package a bare specifier names (`@scope/name/sub` → `@scope/name`). */
const packageOf = (specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

/**
 * Bare imports in a staged library's built files that its published package.json does not
 * declare (dependencies, peerDependencies, its own name and `imports`, Node's built-ins): what a
 * host installing it would find missing.
 */
export function undeclaredImports(staged) {
  const manifest = JSON.parse(readFileSync(join(staged, 'package.json'), 'utf8'));
  const known = new Set([manifest.name, ...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.peerDependencies ?? {})]);
  const found = new Map();
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(js|d\.ts)$/.test(entry.name)) {
        // Comments out first (a doc comment's example is not an import).
        const text = readFileSync(path, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
        // Static imports and re-exports, side-effect imports, dynamic imports, `import("x").T` in declarations.
        const specifiers = [
          ...text.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["']/gm),
          ...text.matchAll(/^\s*import\s*["']([^"']+)["']/gm),
          ...text.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g),
          // createRequire(import.meta.url)('x'), and require('x') or require.resolve('x') after it.
          ...text.matchAll(/(?:\brequire(?:\.resolve)?|createRequire\([^)]*\))\(\s*["']([^"']+)["']\s*\)/g),
          // A package's JSON file named for a require made elsewhere (artifacts: '@uniswap/v2-core/build/….json').
          ...text.matchAll(/["']((?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*\/[^"'\s]+\.json)["']/g),
        ].map((m) => m[1]);
        for (const specifier of specifiers.filter((s) => /^[^./#]/.test(s))) {
          if (BUILTINS.has(specifier) || known.has(packageOf(specifier))) continue;
          const name = packageOf(specifier);
          found.set(name, [...(found.get(name) ?? []), relative(staged, path)]);
        }
      }
    }
  };
  walk(join(staged, 'dist'));
  return [...found].map(([name, files]) => ({ name, files }));
}

/**
 * `npm pack` of a staged library into `destination`: the tarball a registry would get (its path).
 * publint and attw each pack the folder themselves unless given it: one `npm pack` for both.
 */
export function packLibrary(staged, destination) {
  const result = spawnSync('npm', ['pack', staged, '--pack-destination', destination, '--json', '--ignore-scripts'], { encoding: 'utf8', cwd: destination });
  if (result.status !== 0) throw new Error(`npm pack ${staged} failed:\n${result.stdout}${result.stderr}`);
  return join(destination, JSON.parse(result.stdout)[0].filename);
}

/** publint (strict: warnings count) on a staged library (its tarball if given, else npm packs it); its messages as text. */
export async function lintPackage(staged, tarball) {
  const { publint } = await import('publint');
  const { formatMessage } = await import('publint/utils');
  // A tarball's files are under `package/`: that is the package's folder then.
  const where = tarball ? { pkgDir: 'package', pack: { tarball: new Uint8Array(readFileSync(tarball)).buffer } } : { pkgDir: staged, pack: 'npm' };
  const { messages, pkg } = await publint({ ...where, level: 'suggestion', strict: true });
  return messages.map((message) => `${message.type}: ${formatMessage(message, pkg) ?? message.code}`);
}

/** What attw's `esm-only` profile leaves out: resolution from CommonJS and Node 10's (no CommonJS entry is claimed). */
const ESM_ONLY_IGNORES = ['node10', 'node16-cjs'];

/**
 * @arethetypeswrong/core (what the attw CLI runs) on a staged library's tarball (packed here if not given), judged as the
 * CLI's `--profile esm-only` judges it: every problem found counts, but those of an ignored resolution. In this process:
 * the CLI, one process per library, started Node and loaded TypeScript nineteen times for the unit step's checks.
 * Resolves `{ ok, report }`, the report one line per problem.
 */
export async function checkTypes(staged, tarball) {
  const { checkPackage, createPackageFromTarballData } = await import('@arethetypeswrong/core');
  const packed = tarball ? undefined : mkdtempSync(join(tmpdir(), 'portico-attw-'));
  try {
    const file = tarball ?? packLibrary(staged, packed);
    const analysis = await checkPackage(createPackageFromTarballData(new Uint8Array(readFileSync(file))));
    if (!analysis.types) return { ok: true, report: `${analysis.packageName}: no types` };
    const problems = analysis.problems.filter((problem) => !('resolutionKind' in problem) || !ESM_ONLY_IGNORES.includes(problem.resolutionKind));
    const where = (problem) => [problem.entrypoint, problem.resolutionKind, problem.fileName].filter(Boolean).join(', ');
    const report = problems.map((problem) => `${problem.kind}${where(problem) ? ` (${where(problem)})` : ''}`).join('\n');
    return { ok: problems.length === 0, report: report || `${analysis.packageName}: no problems` };
  } finally {
    if (packed) rmSync(packed, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [command = 'check', ...names] = process.argv.slice(2);
  const all = libraries();
  const chosen = names.length ? all.filter((lib) => names.includes(lib.short) || names.includes(lib.pkg.name)) : all;
  const versions = versionsOf(all);
  let failed = 0;
  for (const lib of chosen) {
    if (command === 'build') {
      await buildLibrary(lib);
      console.log(`${lib.pkg.name}: built`);
      continue;
    }
    let staged;
    try {
      staged = await stageLibrary(lib, versions);
    } catch (error) {
      failed += 1;
      console.log(`✗ ${lib.pkg.name}: the build failed\n  ${String(error.message ?? error).split('\n').filter((line) => /error TS|Error:/.test(line)).join('\n  ')}`);
      continue;
    }
    if (command === 'stage') {
      console.log(`${lib.pkg.name}@${lib.pkg.version}: ${relative(ROOT, staged)}`);
      continue;
    }
    if (command === 'publish') {
      const known = spawnSync('npm', ['view', `${lib.pkg.name}@${lib.pkg.version}`, 'version'], { encoding: 'utf8', cwd: ROOT });
      if (known.status === 0 && known.stdout.trim() === lib.pkg.version) {
        console.log(`${lib.pkg.name}@${lib.pkg.version}: on the registry already`);
        continue;
      }
      const published = spawnSync('npm', ['publish', staged, '--access', 'public', '--ignore-scripts'], { stdio: 'inherit', cwd: ROOT });
      failed += published.status === 0 ? 0 : 1;
      continue;
    }
    const problems = [...(await lintPackage(staged)), ...undeclaredImports(staged).map(({ name, files }) => `undeclared import: ${name} (${files.join(', ')})`)];
    const types = await checkTypes(staged);
    if (!types.ok) problems.push(`attw:\n${types.report}`);
    failed += problems.length ? 1 : 0;
    console.log(`${problems.length ? '✗' : '✓'} ${lib.pkg.name}@${lib.pkg.version}${problems.length ? `\n  ${problems.join('\n  ')}` : ''}`);
  }
  process.exit(failed ? 1 : 0);
}
