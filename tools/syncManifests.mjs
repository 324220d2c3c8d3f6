#!/usr/bin/env node
// Keeps each plugin manifest in step with its package (issue #19). A manifest says its own
// `version` and the `kernel` range it needs; the package.json says the same as its version and
// its peer range on @portico/kernel. Changesets moves the package.json side on a release
// (`npm run version-packages` runs this after it); this moves the manifests to match.
//
//   node tools/syncManifests.mjs [root]           rewrites the manifests
//   node tools/syncManifests.mjs --check [root]   prints what is out of step; exit 1 if anything
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

const DEFAULT_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
/** A manifest's `version` and the `kernel` range right after it (how every manifest is written). */
const MANIFEST_FIELDS = /(\bversion: ')([^']+)(',\s*\n\s*kernel: ')([^']+)(')/;

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

/** The kernel package's version under `root`. */
const kernelVersion = (root) => JSON.parse(readFileSync(join(root, 'libs/kernel/package.json'), 'utf8')).version;

/** What is out of step: each problem as a sentence naming the file. */
export function manifestProblems(root = DEFAULT_ROOT) {
  const kernel = kernelVersion(root);
  const problems = [];
  for (const { pkg, files } of manifestFiles(root)) {
    const range = pkg.peerDependencies?.['@portico/kernel'];
    for (const file of files) {
      const [, , version, , needs] = MANIFEST_FIELDS.exec(readFileSync(file, 'utf8'));
      const where = relative(root, file);
      if (version !== pkg.version) problems.push(`${where}: version '${version}', but ${pkg.name} is ${pkg.version}`);
      if (!range) problems.push(`${where}: ${pkg.name} has a manifest but no peer dependency on @portico/kernel`);
      else if (needs !== range) problems.push(`${where}: kernel '${needs}', but ${pkg.name} peer-depends on @portico/kernel ${range}`);
      if (!semver.validRange(needs) || !semver.satisfies(kernel, needs)) problems.push(`${where}: kernel '${needs}' does not take @portico/kernel ${kernel}`);
    }
  }
  return problems;
}

/** Rewrites every manifest's `version` and `kernel` from its package.json; returns the files changed. */
export function syncManifests(root = DEFAULT_ROOT) {
  const changed = [];
  for (const { pkg, files } of manifestFiles(root)) {
    const range = pkg.peerDependencies?.['@portico/kernel'];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const next = text.replace(MANIFEST_FIELDS, (_all, a, version, b, needs, c) => `${a}${pkg.version}${b}${range ?? needs}${c}`);
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
