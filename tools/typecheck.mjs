#!/usr/bin/env node
// `npm run typecheck` (and the typecheck step of `npm test`): every workspace project whose
// `typecheck` script is `tsgo -p tsconfig.json`, checked in a few TypeScript programs instead of
// one per project. Each project's tsconfig imports the others' sources through the base
// config's paths, so checking 35 projects one by one checked the kernel, core and React
// sources 35 times; a program per set of compiler options checks each file once.
//
// What a shared program could change, and how it is kept out:
// - a project whose own files augment a module (`declare module '…' { … }`, `declare global`)
//   is checked alone, as before: its augmentation (a test's invented event, a plugin's events)
//   must not become visible to files that never import it;
// - projects are grouped only with projects of exactly the same compiler options (the
//   `types` each loads: none, Node, Vite's client), so no file sees globals it did not see.
// `nx run-many -t typecheck` still checks project by project, as each project's own script.
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { workspacePackages } from './boundaries.mjs';
import { ROOT } from './workspace.mjs';

const SCRIPT = 'tsgo -p tsconfig.json';
/**
 * TypeScript 7's compiler (Go, `@typescript/native-preview`): the same checks as TypeScript 5.9's
 * `tsc` in a quarter of the CPU time (this repository's programs: 46 CPU-seconds against 194).
 * TypeScript 5.9 stays for what needs its JavaScript API (typescript-eslint, the boundary check).
 */
export const TSGO = join(ROOT, 'node_modules/@typescript/native-preview/bin/tsgo');
const AUGMENTS = /^\s*declare\s+(?:module\s+['"](?!virtual:)|global\b)/m;
const SOURCE = /\.(?:ts|tsx|mts|cts)$/;

/** The files of a project's `include` entries that are TypeScript sources (not builds, not dependencies). */
function projectSources(root, folder, include) {
  const files = [];
  const walk = (dir) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (e.name === 'node_modules' || e.name === 'dist' || e.name.startsWith('dist-') || e.name.startsWith('.')) continue;
      const path = join(dir, e.name);
      if (e.isDirectory()) walk(path);
      else if (SOURCE.test(e.name)) files.push(path);
    }
  };
  for (const entry of include) {
    const path = join(root, folder, entry);
    if (SOURCE.test(entry)) files.push(path);
    else walk(path);
  }
  return files;
}

/**
 * The programs to check: `{ name, projects, options, include }` each, `include` absolute.
 * Throws, naming the project, for a tsconfig this planner cannot read exactly (`files`,
 * `references`, its own `extends`): better refused than checked differently than its script.
 */
export function planPrograms(root = ROOT) {
  const programs = new Map();
  for (const { folder } of workspacePackages(root)) {
    const pkg = JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8'));
    if (pkg.scripts?.typecheck !== SCRIPT) continue;
    let config;
    try {
      config = JSON.parse(readFileSync(join(root, folder, 'tsconfig.json'), 'utf8'));
    } catch (error) {
      throw new Error(`${folder}/tsconfig.json: typecheck reads it as plain JSON (no comments, no trailing commas): ${error.message}`);
    }
    const unknown = Object.keys(config).filter((k) => !['extends', 'compilerOptions', 'include'].includes(k));
    if (config.extends !== '../../tsconfig.base.json' && config.extends !== '../tsconfig.base.json') unknown.push(`extends ${config.extends}`);
    if (unknown.length || !Array.isArray(config.include)) throw new Error(`${folder}/tsconfig.json: typecheck cannot group a project with ${unknown.join(', ') || 'no include list'}; give it its own typecheck script or extend the planner`);
    const options = config.compilerOptions ?? {};
    const include = config.include.map((entry) => resolve(root, folder, entry));
    const alone = projectSources(root, folder, config.include).some((file) => AUGMENTS.test(readFileSync(file, 'utf8')));
    const key = alone ? `alone:${folder}` : JSON.stringify(options, Object.keys(options).sort());
    const program = programs.get(key) ?? { name: alone ? folder : '', projects: [], options, include: [] };
    program.projects.push(folder);
    program.include.push(...include);
    programs.set(key, program);
  }
  return [...programs.values()].map((p) => ({ ...p, name: p.name || `${p.projects.length} projects with types ${JSON.stringify(p.options.types ?? [])}` }));
}

/** Runs `tsgo` on each program, `concurrency` at a time; prints each one's output and time; resolves to true if all pass. */
export async function typecheck({ root = ROOT, concurrency = Math.min(2, availableParallelism()), log = console.log } = {}) {
  // The largest programs first, so the last to finish is a small one.
  const programs = planPrograms(root).sort((a, b) => b.projects.length - a.projects.length);
  const dir = join(root, 'node_modules/.cache/portico-typecheck');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const queue = programs.map((program, i) => {
    const config = join(dir, `tsconfig.${i}.json`);
    writeFileSync(config, JSON.stringify({ extends: join(root, 'tsconfig.base.json'), compilerOptions: program.options, include: program.include }, null, 2));
    return { program, config };
  });
  let ok = true;
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const started = Date.now();
      const { code, output } = await new Promise((done) => {
        const child = spawn(process.execPath, [TSGO, '-p', next.config, '--pretty', 'false'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
        let output = '';
        child.stdout.on('data', (d) => (output += d));
        child.stderr.on('data', (d) => (output += d));
        child.once('error', (error) => done({ code: 1, output: String(error) }));
        child.once('exit', (code) => done({ code: code ?? 1, output }));
      });
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      log(`${code === 0 ? '✓' : '✗'} ${next.program.name} (${seconds}s): ${next.program.projects.join(', ')}`);
      if (output.trim()) log(output.trimEnd());
      if (code !== 0) ok = false;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  rmSync(dir, { recursive: true, force: true });
  return ok;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exit((await typecheck()) ? 0 : 1);
}
