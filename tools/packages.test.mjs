import { cpSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILD_STAMPS, buildLibrary, checkTypes, libraries, lintPackage, PACK_DIR, packLibrary, stageLibrary, undeclaredImports, versionsOf } from './packages.mjs';

// Issue #19: every library as a registry would get it: built by tsdown to dist/, its published
// package.json pointing there, checked by publint (strict) and @arethetypeswrong/core (ESM-only, as the attw CLI judges it),
// and every bare import its files make declared.

const libs = libraries();
const versions = versionsOf(libs);
const staged = new Map();

describe('the published libraries (tools/packages.mjs)', () => {
  beforeAll(async () => {
    // One at a time: tsdown's declaration pass is the slow part, and nx runs another project beside this.
    for (const lib of libs) staged.set(lib.pkg.name, await stageLibrary(lib, versions));
  }, 600_000);

  it('are all the libs/* packages, each with a version', () => {
    expect(libs.length).toBeGreaterThanOrEqual(19);
    for (const lib of libs) expect(lib.pkg.version, lib.pkg.name).toMatch(/^\d+\.\d+\.\d+/);
  });

  it.each(libs.map((lib) => [lib.pkg.name]))('%s: exports point at dist/ with types first; publint (strict) finds nothing; every import is declared; attw (ESM-only) passes', async (name) => {
    const dir = staged.get(name);
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    for (const target of Object.values(manifest.exports)) {
      expect(Object.keys(target)).toEqual(['types', 'default']);
      expect(target.default).toMatch(/^\.\/dist\/.+\.js$/);
      expect(target.types).toMatch(/^\.\/dist\/.+\.d\.ts$/);
    }
    // No workspace ranges reach a registry.
    for (const deps of [manifest.dependencies, manifest.peerDependencies]) for (const range of Object.values(deps ?? {})) expect(range).not.toBe('*');
    expect(manifest.scripts).toBeUndefined();
    expect(manifest.devDependencies).toBeUndefined();
    // Packed once, for publint and attw both (as a registry gets it).
    const packed = mkdtempSync(join(tmpdir(), 'portico-packed-'));
    try {
      const tarball = packLibrary(dir, packed);
      expect(await lintPackage(dir, tarball)).toEqual([]);
      expect(undeclaredImports(dir)).toEqual([]);
      const types = await checkTypes(dir, tarball);
      expect(types.ok, types.report).toBe(true);
    } finally {
      rmSync(packed, { recursive: true, force: true });
    }
  }, 120_000);

  it('the built kernel runs in Node without TypeScript: its decorated services resolve (the decorators are compiled)', async () => {
    const kernel = await import(pathToFileURL(join(staged.get('@portico/kernel'), 'dist/src/index.js')).href);
    const instance = kernel.createKernel({});
    expect(typeof instance.requestGate.request).toBe('function');
    expect(instance.rpcPolicy).toBeDefined();
    const built = readFileSync(join(staged.get('@portico/kernel'), 'dist/src/rpc/RequestGate.js'), 'utf8');
    expect(built).not.toMatch(/^\s*@inject/m);
    expect(built).toContain('__decorate');
  });

  describe('the checks fail on a broken package', () => {
    let broken;
    beforeAll(() => {
      broken = mkdtempSync(join(tmpdir(), 'portico-broken-package-'));
      cpSync(staged.get('@portico/kernel'), broken, { recursive: true });
    });
    afterAll(() => rmSync(broken, { recursive: true, force: true }));

    it('a missing declaration file: publint and attw both say so; an undeclared dependency is found', async () => {
      rmSync(join(broken, 'dist/src/index.d.ts'));
      const manifest = JSON.parse(readFileSync(join(broken, 'package.json'), 'utf8'));
      delete manifest.dependencies.zod;
      writeFileSync(join(broken, 'package.json'), JSON.stringify(manifest));
      expect((await lintPackage(broken)).join('\n')).toMatch(/index\.d\.ts/);
      expect((await checkTypes(broken)).ok).toBe(false);
      // The same through its tarball (what the libraries' checks above are given).
      const packed = mkdtempSync(join(tmpdir(), 'portico-packed-'));
      try {
        const tarball = packLibrary(broken, packed);
        expect((await lintPackage(broken, tarball)).join('\n')).toMatch(/index\.d\.ts/);
        expect((await checkTypes(broken, tarball)).ok).toBe(false);
      } finally {
        rmSync(packed, { recursive: true, force: true });
      }
      expect(undeclaredImports(broken).map((u) => u.name)).toContain('zod');
    }, 120_000);
  });

  it('a build made from the same inputs is reused; one whose recorded inputs differ is made again', async () => {
    const lib = libs.find((l) => l.short === 'frame-protocol');
    const built = join(lib.folder, 'dist/src/index.js');
    const first = statSync(built).mtimeMs;
    await buildLibrary(lib);
    expect(statSync(built).mtimeMs).toBe(first);
    writeFileSync(join(BUILD_STAMPS, `${lib.short}.key`), 'inputs of another build');
    await buildLibrary(lib);
    expect(statSync(built).mtimeMs).toBeGreaterThan(first);
    // And recorded again: the next call reuses this build.
    const second = statSync(built).mtimeMs;
    await buildLibrary(lib);
    expect(statSync(built).mtimeMs).toBe(second);
  }, 120_000);

  it('stages into .pack/', () => {
    for (const dir of staged.values()) expect(dir.startsWith(PACK_DIR)).toBe(true);
  });
});
