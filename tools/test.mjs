#!/usr/bin/env node
// `npm test`: installs what is missing, then runs lint, the module-boundary check,
// typecheck, every project's tests through Nx and the Playwright browser tests (Chromium),
// and prints the totals over all suites as the last line: `N passed, N failed`.
// Each step's commands run in their own process group; after each step, whatever a test left
// running (in that group, listed in the run's PID registry or carrying it in its environment)
// is stopped and named, so a suite that fails before its teardown leaves nothing behind.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { collectReports } from './summarize.mjs';
import { createPidRegistry, ensureChromium, ensureInstalled, NX_ENV, ROOT, runInGroup, startInGroup, waitForFile, writeJsonWhole } from './workspace.mjs';

const started = Date.now();
// `--plan` prints what would run, in order, and runs nothing (tools/testPlan.test.mjs checks
// that everything a step needs is installed before it).
const planOnly = process.argv.includes('--plan');
const prerequisite = (name, ensure) => (planOnly ? console.log(`prerequisite: ${name}`) : ensure());
prerequisite('dependencies', ensureInstalled);
// Before any step: the Storybook story tests (in the unit step) need Chromium as much as
// the Playwright step does. A fresh machine has none.
prerequisite('chromium', ensureChromium);
// Only after installing: the boundary check parses with the typescript package.
const { checkBoundaries, workspacePackages } = await import('./boundaries.mjs');
const { measureSizes, measureFeatureFirstLoads, kib, INITIAL_JS_BUDGET_KIB, LAZY_PLUGIN_LINES_BUDGET_BYTES } = await import('./sizes.mjs');

const folders = workspacePackages(ROOT).map((p) => p.folder);
if (!planOnly) for (const folder of folders) rmSync(join(ROOT, folder, '.reports'), { recursive: true, force: true });

// Every launcher (startAnvil, startTestPostgres, the tsx services) lists what it starts here.
const registry = planOnly ? undefined : createPidRegistry();
if (registry) process.env.PORTICO_PID_DIR = registry.dir;
let interrupted;
// The first SIGINT/SIGTERM ends the run after the current step (passed on to its process group); a second, at once.
if (registry) for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => (interrupted ? process.exit(130) : (interrupted = signal)));

const checks = [];
/**
 * Runs steps side by side (one, usually), each timed and reported as its own step; whatever their
 * tests left running is swept once all are done. Steps run together print a line at a time, each
 * line after the step's name (`fn` gets that prefix; a step alone gets none and prints as it goes).
 */
const sideBySide = async (steps) => {
  const names = steps.map(({ name }) => name);
  if (planOnly) return void names.forEach((name) => console.log(`step: ${name}`));
  console.log(`\n━━ ${names.join(' | ')}${steps.length > 1 ? ' (side by side)' : ''} ━━`);
  const t = Date.now();
  const results = await Promise.all(
    steps.map(async ({ name, fn }) => {
      const prefix = steps.length > 1 ? `[${name}] ` : undefined;
      let ok;
      try {
        ok = await fn(prefix);
      } catch (error) {
        console.error(prefix ?? '', error);
        ok = false;
      }
      return { name, ok, seconds: ((Date.now() - t) / 1000).toFixed(1) };
    }),
  );
  const left = await registry.sweep(t);
  if (left.length) console.warn(`⚠ ${names.join(', ')}: stopped what their tests left running: ${left.join('; ')}`);
  checks.push(...results);
  if (interrupted) {
    registry.close();
    console.error(`\n${interrupted}: stopped after ${names.join(', ')}`);
    process.exit(130);
  }
};
const step = (name, fn) => sideBySide([{ name, fn }]);
const nx = async (args, env = {}) => (await runInGroup('npx', ['nx', 'run-many', '--outputStyle=static', ...args], { env: { ...NX_ENV, ...env } })) === 0;

await step('module boundaries', () => {
  const violations = checkBoundaries(ROOT);
  for (const v of violations) console.error(`${v.file}:${v.line}: ${v.message}`);
  console.log(violations.length ? `${violations.length} violation(s)` : 'ok');
  return violations.length === 0;
});
const UNIT = 'unit and integration tests';
// Two Playwright runs (e2e/playwright.config.ts: PORTICO_E2E_SHARD), each on its own port with its
// own services and reports; every spec runs in exactly one of them.
const BROWSER_SHARDS = [
  { shard: '1', port: '4319', report: 'playwright' },
  { shard: '2', port: '4320', report: 'playwright-4320' },
];
const BROWSER = 'browser tests (Playwright, Chromium)';
// What runs beside the unit step (tools/beside.mjs) writes its results here.
const besideDir = planOnly ? undefined : mkdtempSync(join(tmpdir(), 'portico-beside-'));
// Both runs serve the wallet frame and the playground as built by the step below; the registry test takes the hosts
// made beside the unit step, and its size check the bench host built there.
const browserEnv = (shard, port) => ({ ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', PORTICO_E2E_SHARD: shard, PORTICO_E2E_PORT: port, PORTICO_WALLET_FRAME_BUILT: '1', PORTICO_PLAYGROUND_BUILT: '1', PORTICO_REGISTRY_HOSTS: join(besideDir, 'registry.json'), PORTICO_BENCH_HOST_BUILT: '1' });
let built = false;
// Before the unit step: what the browser tests serve (built once for both runs), and the libraries staged for the
// registry test (before the package checks, which rebuild one library in place to test the build cache).
const buildAll = async () => {
  // The list of browser tests first (it runs no setup): if a build fails, or a run's globalSetup,
  // the summary counts every listed test that never ran as failed.
  for (const { shard, port, report } of BROWSER_SHARDS) {
    const listing = spawnSync('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--list', '--reporter=json'], { cwd: ROOT, env: browserEnv(shard, port), encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, stdio: ['ignore', 'pipe', 'inherit'] });
    if (listing.status === 0) {
      mkdirSync(join(ROOT, 'e2e/.reports'), { recursive: true });
      writeFileSync(join(ROOT, `e2e/.reports/${report}.list.json`), listing.stdout);
    }
  }
  const { buildPlayground, buildWalletFrame } = await import('./services.mjs');
  buildWalletFrame();
  buildPlayground();
  const { stageForRegistry } = await import('./registryHosts.mjs');
  writeFileSync(join(besideDir, 'stage.json'), JSON.stringify(await stageForRegistry()));
  built = true;
  return true;
};
// Lint and typecheck over the whole workspace at once: ESLint in one process (one config, no
// type information), TypeScript 7 in a program per set of compiler options (tools/typecheck.mjs).
// Per project (`nx run-many -t lint` / `-t typecheck`) they start 35 processes that each
// load the same parser and re-check the same shared sources. ESLint keeps about one core busy,
// so the two run side by side, and the builds beside them (before, one after the other, the three took 59 s;
// ESLint and the builds' rolldown and tsdown each leave a core partly unused).
await sideBySide([
  { name: 'lint', fn: async (prefix) => (await runInGroup('npx', ['eslint', '.'], { prefix })) === 0 },
  { name: 'typecheck', fn: async (prefix) => (await runInGroup(process.execPath, ['tools/typecheck.mjs'], { prefix })) === 0 },
  { name: 'builds (wallet frame, playground, the libraries for the registry)', fn: buildAll },
]);

/**
 * Beside the unit step, at the lowest CPU priority: the bench host's builds for the size budget,
 * then the registry test's hosts (tools/beside.mjs). On a 2-core machine the unit tests left about
 * 0.4 of a core unused; the hosts took 200 CPU-seconds inside the browser step. Its own PID registry:
 * it outlives the unit step's sweep, and is stopped after the browser step.
 */
const besidePids = planOnly ? undefined : createPidRegistry();
const beside = planOnly || !built
  ? undefined
  : startInGroup(process.execPath, ['tools/beside.mjs', besideDir, join(besideDir, 'stage.json')], { env: { PORTICO_PID_DIR: besidePids.dir }, prefix: '[beside] ' }, 120_000);
if (planOnly) console.log('beside: size budget builds, registry hosts (nice 19)');
// Ended before writing a result (killed, or a crash outside its own error handling): the result says so, and whoever
// waits on it (the size budget, the registry test in a browser run) fails at once with that instead of timing out.
beside?.exited.then(async (code) => {
  const { writePrepared } = await import('./registryHosts.mjs');
  const why = `the work beside the unit step (tools/beside.mjs) ended (exit code ${code}) before writing it`;
  if (!existsSync(join(besideDir, 'size.json'))) writeJsonWhole(join(besideDir, 'size.json'), { ok: false, error: why });
  if (!existsSync(join(besideDir, 'registry.json'))) writePrepared(join(besideDir, 'registry.json'), why);
});
// Interrupted (a second Ctrl-C ends the run at once): the work beside stops too, and its folders go.
process.once('exit', () => {
  if (planOnly) return;
  try {
    if (beside) process.kill(-beside.pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
  besidePids.close();
  rmSync(besideDir, { recursive: true, force: true });
});
/** A result of the work beside (`size.json`), once written; not written within 15 min (a build that hangs), a failure saying so. */
const besideResult = async (name) => {
  if (!beside) return { ok: false, error: 'the work beside the unit step did not start (the builds before it failed)' };
  const file = join(besideDir, name);
  try {
    await waitForFile(file, 900_000, `${name} of the work beside the unit step`);
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return { ok: false, error: error.message };
  }
};

// Not beside the browser runs (tried): the machine was no better used and tests that wait on the clock
// (a nonce's 150 ms lifetime, a proxy's pacing) failed under the load. Three projects at a time (nx.json
// says two): most of them wait on their services much of the time, and two left 0.4 of a core unused.
// The tests that start the wallet frame serve the build above rather than make their own.
await step(UNIT, () => nx(['-t', 'test', '--parallel=3', '--', '--reporter=default', '--reporter=json', '--outputFile.json=.reports/vitest.json'], built ? { PORTICO_WALLET_FRAME_BUILT: '1' } : {}));

const SIZE = 'size budget (minimal host initial JS, lazy feature plugins)';
const sizeBudget = async (prefix = '') => {
  // Built beside the unit step.
  const builds = await besideResult('size.json');
  if (!builds.ok) {
    console.error(`${prefix}the bench host's builds failed:\n${builds.error}`);
    return false;
  }
  const { initial } = measureSizes();
  const size = kib(initial.gzip);
  console.log(`${prefix}initial JS ${size.toFixed(3)} KiB gzip (budget ${INITIAL_JS_BUDGET_KIB} KiB, target 100)`);
  let ok = size <= INITIAL_JS_BUDGET_KIB;
  // The feature plugins, listed as lazy plugins, put none of their code in the first load:
  // what a host adds is its own `() => import(...)` lines.
  for (const { variant, added, pluginFiles, folders } of measureFeatureFirstLoads({ built: true })) {
    console.log(`${prefix}+ ${folders.map((f) => f.replace(/^libs\/|\/$/g, '')).join(' + ')} (lazy): ${pluginFiles.length} of their files in the first load, +${added} B gzip (the host's lines; budget ${LAZY_PLUGIN_LINES_BUDGET_BYTES} B)`);
    if (pluginFiles.length) console.error(`${prefix}  in the first load of ${variant}: ${pluginFiles.join(', ')}`);
    ok &&= pluginFiles.length === 0 && added <= LAZY_PLUGIN_LINES_BUDGET_BYTES;
  }
  return ok;
};
// The size budget beside the browser runs: it waits on the bench host's builds (made beside the unit step) and then
// only reads files; alone, its wait was on the way of everything after it.
await sideBySide([
  { name: SIZE, fn: sizeBudget },
  {
    name: BROWSER,
    fn: async () => {
      if (!built) return false;
      const runs = BROWSER_SHARDS.map(async ({ shard, port }) => (await runInGroup('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], { cwd: ROOT, env: browserEnv(shard, port), prefix: `[browser ${shard}] ` })) === 0);
      return (await Promise.all(runs)).every(Boolean);
    },
  },
]);
if (beside) {
  await beside.stop();
  const left = await besidePids.sweep(started);
  if (left.length) console.warn(`⚠ beside the unit step: stopped what was left running: ${left.join('; ')}`);
}

if (planOnly) process.exit(0);
registry.close();
const suites = collectReports(ROOT, folders);
const failedChecks = checks.filter((c) => !c.ok);
console.log('\n━━ summary ━━');
for (const c of checks) console.log(`${c.ok ? '✓' : '✗'} ${c.name} (${c.seconds}s)`);
for (const s of suites) console.log(`  ${s.name}: ${s.passed} passed, ${s.failed} failed${s.skipped ? `, ${s.skipped} skipped` : ''}${s.note ? ` — ${s.note}` : ''}`);
const passed = suites.reduce((n, s) => n + s.passed, 0);
const failedTests = suites.reduce((n, s) => n + s.failed, 0);
// A failed check counts once, unless failing tests already account for it; so lint, typecheck
// or a runner that crashed before writing its report can never leave "0 failed".
// Each test step is matched with its own reports (the Playwright runs write `playwright.json` and `playwright-<port>.json`).
const isBrowserReport = (s) => /playwright(-\d+)?\.json$/.test(s.name);
const testSteps = {
  [UNIT]: suites.filter((s) => !isBrowserReport(s)).reduce((n, s) => n + s.failed, 0),
  [BROWSER]: suites.filter(isBrowserReport).reduce((n, s) => n + s.failed, 0),
};
const failed =
  failedTests +
  failedChecks.filter((c) => !(c.name in testSteps)).length +
  failedChecks.filter((c) => c.name in testSteps && testSteps[c.name] === 0).length;
console.log(`took ${((Date.now() - started) / 1000).toFixed(0)}s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && failedChecks.length === 0 ? 0 : 1);
