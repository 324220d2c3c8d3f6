import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { libraries, publishedManifest, versionsOf } from './packages.mjs';
import { manifestFiles, manifestProblems, syncManifests } from './syncManifests.mjs';

// Issue #19: independent versions. Changesets (independent mode) versions each library on its
// own, writes its CHANGELOG and moves the ranges of the packages depending on it; syncManifests
// keeps each plugin manifest's `version` and `kernel` range in step with its package.json.

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const read = (path) => JSON.parse(readFileSync(path, 'utf8'));
const copies = [];
afterEach(() => {
  for (const dir of copies.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The libraries' package.json files and manifests, the Changesets config and a root package.json, in a temporary folder. */
function copyOfTheWorkspace() {
  const dir = mkdtempSync(join(tmpdir(), 'portico-release-'));
  copies.push(dir);
  for (const { folder } of libraries()) {
    mkdirSync(join(dir, relative(ROOT, folder)), { recursive: true });
    cpSync(join(folder, 'package.json'), join(dir, relative(ROOT, folder), 'package.json'));
  }
  for (const { files } of manifestFiles(ROOT)) for (const file of files) cpSync(file, join(dir, relative(ROOT, file)), { recursive: true });
  cpSync(join(ROOT, '.changeset/config.json'), join(dir, '.changeset/config.json'), { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'portico', private: true, workspaces: ['libs/*'] }));
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  return dir;
}

/** Writes a changeset and runs `changeset version` (the real CLI) in `dir`. */
function release(dir, bumps, summary) {
  writeFileSync(join(dir, '.changeset', `change-${Date.now()}.md`), `---\n${Object.entries(bumps).map(([name, type]) => `'${name}': ${type}`).join('\n')}\n---\n\n${summary}\n`);
  const result = spawnSync(process.execPath, [join(ROOT, 'node_modules/@changesets/cli/bin.js'), 'version'], { cwd: dir, encoding: 'utf8' });
  expect(result.status, `${result.stdout}${result.stderr}`).toBe(0);
  return (short) => read(join(dir, 'libs', short, 'package.json'));
}

describe('independent versions (Changesets) and the manifests in step', () => {
  it('in this workspace, every manifest says its package\'s version and the kernel range its package.json asks for, which the kernel satisfies', () => {
    expect(manifestFiles(ROOT).length).toBeGreaterThanOrEqual(15);
    expect(manifestProblems(ROOT)).toEqual([]);
  });

  it('a plugin\'s patch release moves that plugin alone, with its CHANGELOG', () => {
    const dir = copyOfTheWorkspace();
    const pkg = release(dir, { '@portico/plugin-swaps': 'patch' }, 'Quotes refresh sooner.');
    expect(pkg('plugin-swaps').version).toBe('0.1.1');
    expect(readFileSync(join(dir, 'libs/plugin-swaps/CHANGELOG.md'), 'utf8')).toMatch(/## 0\.1\.1[\s\S]*Quotes refresh sooner\./);
    for (const other of ['kernel', 'react', 'plugin-onramp', 'chain-eip155']) expect(pkg(other).version, other).toBe('0.1.0');
    // The manifest takes its version from the package.json the release moved: nothing to write.
    expect(readFileSync(join(dir, 'libs/plugin-swaps/src/manifest.ts'), 'utf8')).toContain("import { version } from '../package.json';");
    expect(manifestProblems(dir)).toEqual([]);
    expect(syncManifests(dir)).toEqual([]);
  });

  it('a manifest that writes its version, or takes it from another package\'s package.json, is refused', () => {
    const dir = copyOfTheWorkspace();
    const file = join(dir, 'libs/plugin-send/src/manifest.ts');
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.replace(/\bversion,(\s*\n\s*kernel:)/, "version: '0.1.0',$1"));
    expect(manifestProblems(dir)).toEqual(["libs/plugin-send/src/manifest.ts: writes version '0.1.0'; take it from @portico/plugin-send's package.json (import { version } from '../package.json')"]);
    writeFileSync(file, text.replace("from '../package.json'", "from '../../plugin-swaps/package.json'"));
    expect(manifestProblems(dir)).toEqual(["libs/plugin-send/src/manifest.ts: its version must come from @portico/plugin-send's own package.json"]);
  });

  it('a kernel patch inside the plugins\' range moves the kernel alone', () => {
    const dir = copyOfTheWorkspace();
    const pkg = release(dir, { '@portico/kernel': 'patch' }, 'A fix.');
    expect(pkg('kernel').version).toBe('0.1.1');
    expect(pkg('plugin-socials').version).toBe('0.1.0');
    expect(pkg('plugin-socials').peerDependencies['@portico/kernel']).toBe('^0.1.0');
    expect(manifestProblems(dir)).toEqual([]);
  });

  it('a kernel release out of the plugins\' range moves their peer ranges and versions; the manifests follow; the published ranges name the new versions', () => {
    const dir = copyOfTheWorkspace();
    const pkg = release(dir, { '@portico/kernel': 'minor' }, 'A new kernel API.');
    expect(pkg('kernel').version).toBe('0.2.0');
    expect(readFileSync(join(dir, 'libs/kernel/CHANGELOG.md'), 'utf8')).toContain('A new kernel API.');
    // Changesets' rule for a peer dependency out of range: a major release of each dependent.
    expect(pkg('plugin-socials').peerDependencies['@portico/kernel']).toBe('^0.2.0');
    expect(pkg('plugin-socials').version).toBe('1.0.0');
    // Packages that do not depend on the kernel keep their versions.
    expect(pkg('ui').version).toBe('0.1.0');
    expect(pkg('frame-protocol').version).toBe('0.1.0');
    const before = manifestProblems(dir);
    expect(before.length).toBeGreaterThan(0);
    expect(before).toContain("libs/plugin-socials/src/manifest.ts: kernel '^0.1.0', but @portico/plugin-socials peer-depends on @portico/kernel ^0.2.0");
    expect(before).toContain("libs/plugin-socials/src/manifest.ts: kernel '^0.1.0' does not take @portico/kernel 0.2.0");
    syncManifests(dir);
    expect(manifestProblems(dir)).toEqual([]);
    expect(readFileSync(join(dir, 'libs/plugin-socials/src/manifest.ts'), 'utf8')).toMatch(/version,\s*\n\s*kernel: '\^0\.2\.0'/);
    // What a registry gets: workspace ranges become the released versions.
    const libs = ['plugin-socials', 'plugin-email', 'kernel', 'react', 'ui', 'core', 'frame-protocol'].map((short) => ({ short, pkg: pkg(short) }));
    const published = publishedManifest(pkg('plugin-socials'), versionsOf(libraries().map((lib) => libs.find((l) => l.short === lib.short) ?? lib)));
    expect(published.peerDependencies['@portico/kernel']).toBe('^0.2.0');
  });
});
