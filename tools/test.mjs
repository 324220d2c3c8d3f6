#!/usr/bin/env node
// `npm test`: installs what is missing, then runs lint, the module-boundary check,
// typecheck and every project's tests through Nx, and prints the totals over all suites
// as the last line: `N passed, N failed`.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { collectReports } from './summarize.mjs';
import { ensureInstalled, NX_ENV, ROOT, run } from './workspace.mjs';

const started = Date.now();
ensureInstalled();
// Only after installing: the boundary check parses with the typescript package.
const { checkBoundaries, workspacePackages } = await import('./boundaries.mjs');

const folders = workspacePackages(ROOT).map((p) => p.folder);
for (const folder of folders) rmSync(join(ROOT, folder, '.reports'), { recursive: true, force: true });

const checks = [];
const step = (name, fn) => {
  console.log(`\n━━ ${name} ━━`);
  const t = Date.now();
  const ok = fn();
  checks.push({ name, ok, seconds: ((Date.now() - t) / 1000).toFixed(1) });
};
const nx = (...args) => run('npx', ['nx', 'run-many', '--outputStyle=static', ...args], { env: NX_ENV }) === 0;

step('lint', () => nx('-t', 'lint'));
step('module boundaries', () => {
  const violations = checkBoundaries(ROOT);
  for (const v of violations) console.error(`${v.file}:${v.line}: ${v.message}`);
  console.log(violations.length ? `${violations.length} violation(s)` : 'ok');
  return violations.length === 0;
});
step('typecheck', () => nx('-t', 'typecheck'));
step('unit and integration tests', () =>
  nx('-t', 'test', '--', '--reporter=default', '--reporter=json', '--outputFile.json=.reports/vitest.json'),
);

const suites = collectReports(ROOT, folders);
const failedChecks = checks.filter((c) => !c.ok);
console.log('\n━━ summary ━━');
for (const c of checks) console.log(`${c.ok ? '✓' : '✗'} ${c.name} (${c.seconds}s)`);
for (const s of suites) console.log(`  ${s.name}: ${s.passed} passed, ${s.failed} failed${s.skipped ? `, ${s.skipped} skipped` : ''}${s.note ? ` — ${s.note}` : ''}`);
const passed = suites.reduce((n, s) => n + s.passed, 0);
const failedTests = suites.reduce((n, s) => n + s.failed, 0);
// A failed check counts once, unless failing tests already account for it; so lint, typecheck
// or a runner that crashed before writing its report can never leave "0 failed".
const failedTestStep = failedChecks.some((c) => c.name === 'unit and integration tests');
const failed = failedTests + failedChecks.filter((c) => c.name !== 'unit and integration tests').length + (failedTestStep && failedTests === 0 ? 1 : 0);
console.log(`took ${((Date.now() - started) / 1000).toFixed(0)}s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && failedChecks.length === 0 ? 0 : 1);
