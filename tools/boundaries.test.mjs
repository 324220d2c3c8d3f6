import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { checkBoundaries, cyclesOf, importsOf, kindOf } from './boundaries.mjs';

let roots = [];
afterEach(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
  roots = [];
});

/** Writes a throw-away workspace: { 'libs/kernel': { deps: [...], files: { 'src/a.ts': '...' } } }. */
function workspace(spec) {
  const root = mkdtempSync(join(tmpdir(), 'portico-boundaries-'));
  roots.push(root);
  writeFileSync(join(root, 'package.json'), JSON.stringify({ workspaces: ['libs/*', 'apps/*'] }));
  for (const [folder, { deps = [], imports, files }] of Object.entries(spec)) {
    const name = `@portico/${folder.split('/')[1]}`;
    mkdirSync(join(root, folder), { recursive: true });
    writeFileSync(join(root, folder, 'package.json'), JSON.stringify({ name, dependencies: Object.fromEntries(deps.map((d) => [d, '*'])), ...(imports ? { imports } : {}) }));
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, folder, file)), { recursive: true });
      writeFileSync(join(root, folder, file), text);
    }
  }
  return root;
}

const messages = (root) => checkBoundaries(root).map((v) => `${v.file}: ${v.message}`);

describe('checkBoundaries', () => {
  it('passes a workspace that follows the rules', () => {
    const root = workspace({
      'libs/kernel': { deps: ['zod'], files: { 'src/index.ts': "import * as z from 'zod/mini';\nexport const a = z;" } },
      'libs/ui': { files: { 'src/index.ts': "import { useState } from 'react';\nexport const b = useState;" } },
      'libs/react': { deps: ['@portico/kernel', '@portico/ui'], files: { 'src/index.ts': "import { a } from '@portico/kernel';\nimport { b } from '@portico/ui';\nexport { a, b };" } },
      'libs/plugin-x': { deps: ['@portico/kernel', '@portico/plugin-y'], files: { 'src/index.ts': "import type { T } from '@portico/plugin-y/api';\nimport { a } from '@portico/kernel';\nexport type { T };\nexport { a };" } },
      'libs/plugin-y': { files: { 'src/api.ts': 'export type T = 1;' } },
      'apps/site': { deps: ['@portico/plugin-x'], files: { 'src/main.ts': "import { a } from '@portico/plugin-x';\nexport { a };" } },
    });
    expect(messages(root)).toEqual([]);
  });

  it('stops the kernel importing React, a chain SDK or a workspace package', () => {
    const root = workspace({
      'libs/kernel': { deps: ['@portico/ui'], files: { 'src/index.ts': "import 'react';\nimport { x } from 'viem';\nimport { b } from '@portico/ui';\nexport { x, b };" } },
      'libs/ui': { files: { 'src/index.ts': 'export const b = 1;' } },
    });
    const found = messages(root);
    expect(found).toContain('libs/kernel/src/index.ts: kernel may not import "react" (allowed: tsyringe, reflect-metadata, eventemitter3, zod, compare-versions)');
    expect(found.some((m) => m.includes('kernel may not import "viem"'))).toBe(true);
    expect(found).toContain('libs/kernel/src/index.ts: @portico/kernel (kernel) may not import @portico/ui');
  });

  it('checks a subpath import as the packages its conditions map to', () => {
    const root = workspace({
      'libs/kernel': {
        deps: ['tsyringe', 'viem'],
        imports: { '#di': { browser: 'tsyringe/dist/esm2015/index.js', default: 'tsyringe' }, '#chain': { default: 'viem' }, '#own': './src/own.ts' },
        files: { 'src/index.ts': "import { container } from '#di';\nimport { x } from '#chain';\nimport { y } from '#own';\nimport { z } from '#missing';\nexport { container, x, y, z };", 'src/own.ts': 'export const y = 1;' },
      },
    });
    expect(messages(root)).toEqual([
      'libs/kernel/src/index.ts: kernel may not import "viem" (allowed: tsyringe, reflect-metadata, eventemitter3, zod, compare-versions)',
      'libs/kernel/src/index.ts: "#missing" is not in @portico/kernel\'s package.json "imports"',
    ]);
  });

  it('lets react import only kernel and ui, and plugins only through api.ts', () => {
    const root = workspace({
      'libs/kernel': { files: { 'src/index.ts': 'export {};' } },
      'libs/react': { deps: ['@portico/plugin-a'], files: { 'src/index.ts': "export * as a from '@portico/plugin-a';" } },
      'libs/plugin-a': { deps: ['@portico/plugin-b'], files: { 'src/index.ts': "import { impl } from '@portico/plugin-b';\nimport { deep } from '@portico/plugin-b/src/services/x';\nexport { impl, deep };" } },
      'libs/plugin-b': { files: { 'src/index.ts': 'export const impl = 1;' } },
    });
    const found = messages(root);
    expect(found).toContain('libs/react/src/index.ts: @portico/react (react) may not import @portico/plugin-a');
    expect(found.filter((m) => m.includes('may import another plugin only through its contract entries'))).toHaveLength(2);
  });

  it('keeps the core framework-free: the kernel and zod, never React, the UI kit, a plugin or a chain SDK', () => {
    const root = workspace({
      'libs/kernel': { files: { 'src/index.ts': 'export const a = 1;' } },
      'libs/ui': { files: { 'src/index.ts': 'export const b = 1;' } },
      'libs/core': {
        deps: ['@portico/kernel', '@portico/ui', 'zod'],
        files: { 'src/index.ts': "import { a } from '@portico/kernel';\nimport * as z from 'zod/mini';\nimport { b } from '@portico/ui';\nimport { useState } from 'react';\nimport { x } from 'viem';\nexport { a, b, z, useState, x };" },
      },
      'libs/react': { deps: ['@portico/core'], files: { 'src/index.ts': "export * as core from '@portico/core';" } },
    });
    const found = messages(root);
    expect(found).toContain('libs/core/src/index.ts: @portico/core (core) may not import @portico/ui');
    expect(found).toContain('libs/core/src/index.ts: core may not import "react" (allowed: zod)');
    expect(found).toContain('libs/core/src/index.ts: core may not import "viem" (allowed: zod)');
    expect(found.filter((m) => /import "?(@portico\/kernel|zod)/.test(m) || m.startsWith('libs/react'))).toEqual([]);
  });

  it('lets plugins and apps share a protocol package, which may use zod and nothing else', () => {
    const root = workspace({
      'libs/frame-protocol': { deps: ['zod'], files: { 'src/index.ts': "import * as z from 'zod';\nimport { x } from 'viem';\nexport { z, x };" } },
      'libs/plugin-email': { deps: ['@portico/frame-protocol'], files: { 'src/index.ts': "import { z } from '@portico/frame-protocol';\nexport { z };" } },
      'apps/wallet-frame': { deps: ['@portico/frame-protocol'], files: { 'src/main.ts': "import { z } from '@portico/frame-protocol';\nexport { z };" } },
    });
    expect(messages(root)).toEqual(['libs/frame-protocol/src/index.ts: a protocol package may not import "viem" (allowed: zod)']);
  });

  it('forbids tsyringe in plugins and undeclared workspace imports', () => {
    const root = workspace({
      'libs/kernel': { files: { 'src/index.ts': 'export const k = 1;' } },
      'libs/plugin-a': { files: { 'src/index.ts': "import { container } from 'tsyringe';\nimport { k } from '@portico/kernel';\nexport { container, k };" } },
    });
    const found = messages(root);
    expect(found).toContain('libs/plugin-a/src/index.ts: plugins never import tsyringe; use ctx.services and createServiceRef');
    expect(found).toContain('libs/plugin-a/src/index.ts: @portico/plugin-a imports @portico/kernel but does not declare it in package.json');
  });

  it('forbids relative imports that leave the package', () => {
    const root = workspace({
      'libs/kernel': { files: { 'src/index.ts': 'export const k = 1;' } },
      'libs/plugin-a': { files: { 'src/index.ts': "import { k } from '../../kernel/src/index';\nexport { k };" } },
    });
    expect(messages(root)[0]).toMatch(/reaches outside @portico\/plugin-a/);
  });

  it('finds file cycles inside a package but ignores type-only edges', () => {
    const root = workspace({
      'libs/kernel': {
        files: {
          'src/a.ts': "import { b } from './b';\nexport const a = () => b;",
          'src/b.ts': "import { c } from './c';\nexport const b = () => c;",
          'src/c.ts': "import { a } from './a';\nexport const c = () => a;",
          'src/d.ts': "import type { E } from './e';\nexport type D = E;",
          'src/e.ts': "import type { D } from './d';\nexport type E = D | 1;",
        },
      },
    });
    const found = messages(root);
    expect(found).toEqual(['libs/kernel/src/a.ts: import cycle: libs/kernel/src/a.ts → libs/kernel/src/b.ts → libs/kernel/src/c.ts → libs/kernel/src/a.ts']);
  });

  it('does not count a cycle closed only by a dynamic import (evaluated after its importer), but does count it closed by a static one', () => {
    const root = workspace({
      'libs/react': {
        files: {
          'src/shell.ts': "export const load = () => import('./view');\nexport const hook = () => 1;",
          'src/view.ts': "import { hook } from './shell';\nexport default hook;",
          'src/x.ts': "export const y = () => import('./y');\nimport './z';",
          'src/y.ts': "import { y } from './x';\nexport default y;",
          'src/z.ts': "import { y } from './x';\nexport const z = y;",
        },
      },
    });
    expect(messages(root)).toEqual(['libs/react/src/x.ts: import cycle: libs/react/src/x.ts → libs/react/src/z.ts → libs/react/src/x.ts']);
  });

  it('finds cycles between packages', () => {
    const root = workspace({
      'apps/one': { deps: ['@portico/two'], files: { 'src/index.ts': "import { t } from '@portico/two';\nexport const o = t;" } },
      'apps/two': { deps: ['@portico/one'], files: { 'src/index.ts': "import { o } from '@portico/one';\nexport const t = o;" } },
    });
    expect(messages(root)).toEqual(['package.json: package cycle: @portico/one → @portico/two → @portico/one']);
  });
});

describe('helpers', () => {
  it('reads static, dynamic, re-export and type-only imports with lines', () => {
    const found = importsOf('x.ts', "import a from 'a';\nimport type { B } from 'b';\nexport { c } from 'c';\nconst d = () => import('d');\nimport { type E } from 'e';");
    expect(found).toEqual([
      { specifier: 'a', typeOnly: false, dynamic: false, line: 1 },
      { specifier: 'b', typeOnly: true, dynamic: false, line: 2 },
      { specifier: 'c', typeOnly: false, dynamic: false, line: 3 },
      { specifier: 'd', typeOnly: false, dynamic: true, line: 4 },
      { specifier: 'e', typeOnly: true, dynamic: false, line: 5 },
    ]);
  });

  it('classifies folders', () => {
    expect(['libs/kernel', 'libs/core', 'libs/ui', 'libs/react', 'libs/chain-eip155', 'libs/plugin-swaps', 'libs/frame-protocol', 'libs/wagmi', 'apps/playground', 'e2e', 'tools'].map(kindOf)).toEqual([
      'kernel', 'core', 'ui', 'react', 'plugin', 'plugin', 'protocol', 'binding', 'app', 'app', 'tools',
    ]);
  });

  it('lets the wagmi binding import the kernel and the core, and plugins only in its tests', () => {
    const root = workspace({
      'libs/kernel': { files: { 'src/index.ts': 'export const k = 1;' } },
      'libs/core': { deps: ['@portico/kernel'], files: { 'src/index.ts': "export { k } from '@portico/kernel';" } },
      'libs/ui': { files: { 'src/index.ts': 'export const u = 1;' } },
      'libs/chain-eip155': { deps: ['@portico/kernel'], files: { 'src/index.ts': "export { k } from '@portico/kernel';" } },
      'libs/wagmi': {
        deps: ['@portico/kernel', '@portico/core', '@portico/ui', '@portico/chain-eip155'],
        files: {
          'src/index.ts': "import { k } from '@portico/core';\nimport { u } from '@portico/ui';\nimport { k as c } from '@portico/chain-eip155';\nexport { k, u, c };",
          'src/index.test.ts': "import { k } from '@portico/chain-eip155';\nexport { k };",
        },
      },
    });
    expect(messages(root)).toEqual([
      'libs/wagmi/src/index.ts: @portico/wagmi (binding) may not import @portico/ui',
      'libs/wagmi/src/index.ts: @portico/wagmi (binding) may not import @portico/chain-eip155',
    ]);
  });

  it('lets a package’s tests, and only its tests, use the workspace tools', () => {
    const root = workspace({
      'libs/plugin-a': { deps: ['@portico/tools'], files: { 'src/a.test.ts': "import { walk } from '@portico/tools';\nexport { walk };", 'src/index.ts': "import { walk } from '@portico/tools';\nexport { walk };" } },
    });
    writeFileSync(join(root, 'package.json'), JSON.stringify({ workspaces: ['libs/*', 'apps/*', 'tools'] }));
    mkdirSync(join(root, 'tools'));
    writeFileSync(join(root, 'tools/package.json'), JSON.stringify({ name: '@portico/tools' }));
    writeFileSync(join(root, 'tools/index.mjs'), 'export const walk = 1;');
    expect(messages(root)).toEqual(['libs/plugin-a/src/index.ts: @portico/plugin-a (plugin) may not import @portico/tools']);
  });

  it('reports self-loops and larger components once each', () => {
    const graph = new Map([['a', new Set(['a'])], ['b', new Set(['c'])], ['c', new Set(['b'])], ['d', new Set()]]);
    expect(cyclesOf(graph).map((c) => c.sort().join(''))).toEqual(['a', 'bc']);
  });

  it('passes on this repository', () => {
    const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
    expect(checkBoundaries(root)).toEqual([]);
  });
});
