#!/usr/bin/env node
// Keeps each plugin manifest in step with its package (issues #19, #39). A manifest takes its
// `version` from its package.json (`import { version } from '../package.json'`: a bundler inlines
// the one string), so a release moves it with the package; the `kernel` range it needs is its
// package's peer range on @portico/kernel, written in the manifest as data. Changesets moves the
// package.json side on a release (`npm run version-packages` runs this after it); this moves the
// manifests' kernel ranges to match, and the check refuses a manifest that writes its version.
//
//   node tools/syncManifests.mjs [root]           rewrites the manifests
//   node tools/syncManifests.mjs --check [root]   prints what is out of step; exit 1 if anything
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

const DEFAULT_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
/** A manifest's `version` (taken from package.json, or written out) and the `kernel` range right after it. */
const MANIFEST_FIELDS = /(\bversion(?:: '([^']*)')?,\s*\n\s*kernel: ')([^']+)(')/;
/** The import of `version` from a package.json. */
const VERSION_IMPORT = /^import \{ version \} from '([^']*package\.json)';$/m;

/** Every library with a manifest: its package.json and the source files declaring one. */
export function manifestFiles(root = DEFAULT_ROOT) {
  const libs = join(root, 'libs');
  const found = [];
  for (const name of readdirSync(libs)) {
    const folder = join(libs, name);
    if (!existsSync(join(folder, 'package.json'))) continue;
    const pkg = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
    const walk = (dir) =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const path = join(dir, entry.name);
        // Test wallets' and stories' example plugins are not the package's own manifest.
        if (entry.isDirectory()) return ['testing', 'stories', 'node_modules'].includes(entry.name) ? [] : walk(path);
        return /\.tsx?$/.test(entry.name) && !/\.(test|stories)\.tsx?$/.test(entry.name) && MANIFEST_FIELDS.test(readFileSync(path, 'utf8')) ? [path] : [];
      });
    const files = existsSync(join(folder, 'src')) ? walk(join(folder, 'src')) : [];
    if (files.length) found.push({ folder, pkg, files });
  }
  return found;
}

/** The library folder (`libs/<name>`) a file under `root` belongs to. */
const folderOf = (root, file) => join(root, ...relative(root, file).split(/[\\/]/).slice(0, 2));

/** The kernel package's version under `root`. */
const kernelVersion = (root) => JSON.parse(readFileSync(join(root, 'libs/kernel/package.json'), 'utf8')).version;

/** What is out of step: each problem as a sentence naming the file. */
export function manifestProblems(root = DEFAULT_ROOT) {
  const kernel = kernelVersion(root);
  const problems = [];
  for (const { pkg, files } of manifestFiles(root)) {
    const range = pkg.peerDependencies?.['@portico/kernel'];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const [, , written, needs] = MANIFEST_FIELDS.exec(text);
      const where = relative(root, file);
      const from = VERSION_IMPORT.exec(text)?.[1];
      if (written !== undefined) problems.push(`${where}: writes version '${written}'; take it from ${pkg.name}'s package.json (import { version } from '${relative(dirname(file), join(folderOf(root, file), 'package.json'))}')`);
      else if (!from || resolve(dirname(file), from) !== join(folderOf(root, file), 'package.json')) problems.push(`${where}: its version must come from ${pkg.name}'s own package.json`);
      if (!range) problems.push(`${where}: ${pkg.name} has a manifest but no peer dependency on @portico/kernel`);
      else if (needs !== range) problems.push(`${where}: kernel '${needs}', but ${pkg.name} peer-depends on @portico/kernel ${range}`);
      if (!semver.validRange(needs) || !semver.satisfies(kernel, needs)) problems.push(`${where}: kernel '${needs}' does not take @portico/kernel ${kernel}`);
    }
  }
  return problems;
}

/** Rewrites every manifest's `kernel` range from its package.json; returns the files changed. */
export function syncManifests(root = DEFAULT_ROOT) {
  const changed = [];
  for (const { pkg, files } of manifestFiles(root)) {
    const range = pkg.peerDependencies?.['@portico/kernel'];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const next = text.replace(MANIFEST_FIELDS, (_all, a, _written, needs, c) => `${a}${range ?? needs}${c}`);
      if (next !== text) {
        writeFileSync(file, next);
        changed.push(relative(root, file));
      }
    }
  }
  return changed;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes('--check');
  const root = process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? DEFAULT_ROOT;
  if (check) {
    const problems = manifestProblems(root);
    for (const problem of problems) console.error(problem);
    console.log(problems.length ? `${problems.length} manifest(s) out of step` : 'manifests in step with their packages');
    process.exit(problems.length ? 1 : 0);
  }
  const changed = syncManifests(root);
  console.log(changed.length ? `updated: ${changed.join(', ')}` : 'manifests already in step');
}
