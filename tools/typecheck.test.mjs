import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { planPrograms, typecheck } from './typecheck.mjs';
import { ROOT } from './workspace.mjs';

let roots = [];
afterEach(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
  roots = [];
});

const SCRIPT = { typecheck: 'tsgo -p tsconfig.json' };
/** A throw-away workspace: { 'libs/a': { types: ['node'], files: { 'src/a.ts': '…' } } }. */
function workspace(spec) {
  const root = mkdtempSync(join(tmpdir(), 'portico-typecheck-'));
  roots.push(root);
  writeFileSync(join(root, 'package.json'), JSON.stringify({ workspaces: ['libs/*'] }));
  writeFileSync(join(root, 'tsconfig.base.json'), JSON.stringify({ compilerOptions: { strict: true, noEmit: true, module: 'ESNext', moduleResolution: 'Bundler', target: 'ES2022', types: [], skipLibCheck: true, typeRoots: [join(ROOT, 'node_modules/@types')] } }));
  for (const [folder, { types, scripts = SCRIPT, config, files }] of Object.entries(spec)) {
    mkdirSync(join(root, folder), { recursive: true });
    writeFileSync(join(root, folder, 'package.json'), JSON.stringify({ name: `@x/${folder.split('/')[1]}`, scripts }));
    writeFileSync(join(root, folder, 'tsconfig.json'), JSON.stringify(config ?? { extends: '../../tsconfig.base.json', ...(types ? { compilerOptions: { types } } : {}), include: ['src'] }));
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, folder, file)), { recursive: true });
      writeFileSync(join(root, folder, file), text);
    }
  }
  return root;
}

describe('planPrograms', () => {
  it('groups projects by their compiler options, and checks a project that augments a module alone', () => {
    const root = workspace({
      'libs/a': { files: { 'src/a.ts': 'export const a = 1;' } },
      'libs/b': { files: { 'src/b.ts': 'export const b = 2;' } },
      'libs/n': { types: ['node'], files: { 'src/n.ts': "export const n = process.pid;" } },
      'libs/aug': { files: { 'src/aug.ts': "export {};\ndeclare module '../../a/src/a' { interface Extra { x: 1 } }" } },
      'libs/virtual': { files: { 'src/v.d.ts': "declare module 'virtual:thing' { export const t: 1; }" } },
      'libs/other': { scripts: { typecheck: 'vue-tsc' }, files: { 'src/o.ts': '' } },
    });
    const plan = planPrograms(root).map((p) => p.projects.join('+')).sort();
    // `virtual:` modules declare what a bundler serves, not an augmentation; a project with a
    // script of its own is left to it.
    expect(plan).toEqual(['libs/a+libs/b+libs/virtual', 'libs/aug', 'libs/n']);
  });

  it('refuses a tsconfig it could not reproduce exactly, naming the project', () => {
    const root = workspace({ 'libs/r': { config: { extends: '../../tsconfig.base.json', references: [{ path: '../a' }], include: ['src'] }, files: { 'src/r.ts': '' } } });
    expect(() => planPrograms(root)).toThrow(/libs\/r\/tsconfig\.json: typecheck cannot group a project with references/);
  });

  it('says which tsconfig it cannot read, and why, instead of failing on a bare parse error', () => {
    const root = workspace({ 'libs/c': { files: { 'src/c.ts': '' } } });
    writeFileSync(join(root, 'libs/c/tsconfig.json'), '{ // a comment\n "extends": "../../tsconfig.base.json", "include": ["src"] }');
    expect(() => planPrograms(root)).toThrow(/libs\/c\/tsconfig\.json: typecheck reads it as plain JSON \(no comments, no trailing commas\)/);
  });

  it('plans every project of this repository that has the tsc script, once', () => {
    const plan = planPrograms();
    const projects = plan.flatMap((p) => p.projects);
    expect(new Set(projects).size).toBe(projects.length);
    expect(projects).toEqual(expect.arrayContaining(['libs/kernel', 'libs/core', 'libs/react', 'apps/playground', 'e2e']));
    // The kernel's third-party test invents an event; the siwx plugin adds its own: each alone.
    expect(plan.filter((p) => p.projects.length === 1).map((p) => p.name)).toEqual(expect.arrayContaining(['libs/kernel', 'libs/plugin-siwx']));
  });
});

describe('typecheck', () => {
  it('fails on an error in any project of a shared program, naming the file, and passes when it is fixed', async () => {
    const spec = {
      'libs/a': { files: { 'src/a.ts': 'export const a: number = 1;' } },
      'libs/b': { files: { 'src/b.ts': "export const b: number = 'two';" } },
    };
    const lines = [];
    expect(await typecheck({ root: workspace(spec), log: (l) => lines.push(l) })).toBe(false);
    expect(lines.join('\n')).toMatch(/libs\/b\/src\/b\.ts\(1,14\): error TS2322/);
    spec['libs/b'].files['src/b.ts'] = 'export const b: number = 2;';
    expect(await typecheck({ root: workspace(spec), log: () => {} })).toBe(true);
  }, 60_000);

  it('keeps Node globals out of a program whose projects do not load Node types', async () => {
    const lines = [];
    const root = workspace({
      'libs/n': { types: ['node'], files: { 'src/n.ts': 'export const n: number = process.pid;' } },
      'libs/web': { files: { 'src/w.ts': 'export const w: number = process.pid;' } },
    });
    expect(await typecheck({ root, log: (l) => lines.push(l) })).toBe(false);
    expect(lines.join('\n')).toMatch(/libs\/web\/src\/w\.ts.*Cannot find name 'process'/);
    expect(lines.join('\n')).not.toMatch(/libs\/n\/src\/n\.ts.*error/);
  }, 60_000);
});
