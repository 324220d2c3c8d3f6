// Reads the JSON reports of every test run and totals them. A test that never ran because its
// suite could not start (a failed `beforeAll`, a failed import, a failed Playwright globalSetup)
// counts as failed: the runners report such tests as skipped, or not at all.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';

/**
 * Totals of one vitest (jest-format) JSON report or one Playwright JSON report. `listed`: the
 * Playwright `--list --reporter=json` report of the same run, to count the tests it never reached.
 */
export function countsOf(report, listed) {
  if (report && typeof report.numPassedTests === 'number') return vitestCounts(report);
  if (report?.stats && typeof report.stats.expected === 'number') return playwrightCounts(report, listed);
  throw new Error('not a vitest or Playwright JSON report');
}

/**
 * vitest marks every test of a file whose `beforeAll` failed as skipped and gives the file
 * `status: 'failed'` (its `message` is the hook's error; empty for a nested describe's hook); a
 * file that failed to import has no tests at all. So a failed file none of whose tests failed
 * could not run: its tests that did not pass are failed, and the file is at least one failure.
 */
function vitestCounts(report) {
  if (!Array.isArray(report.testResults)) {
    return { passed: report.numPassedTests, failed: report.numFailedTests, skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0) };
  }
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const notes = [];
  for (const file of report.testResults) {
    const tests = file.assertionResults ?? [];
    const ok = tests.filter((t) => t.status === 'passed').length;
    const bad = tests.filter((t) => t.status === 'failed').length;
    const rest = tests.length - ok - bad;
    passed += ok;
    failed += bad;
    if (file.status === 'failed' && bad === 0) {
      const lost = Math.max(rest, 1);
      failed += lost;
      notes.push(`${basename(file.name ?? '?')}: ${rest ? `${rest} test(s) never ran` : 'failed outside its tests'}${file.message ? ` (${firstLine(file.message)})` : ''}`);
    } else {
      skipped += rest;
    }
  }
  if (report.success === false && failed === 0) {
    failed = 1;
    notes.push('the run failed outside any test (an unhandled error?)');
  }
  return { passed, failed, skipped, ...(notes.length ? { note: notes.join('; ') } : {}) };
}

/**
 * Playwright reports the tests after a failed `beforeAll` as `status: 'skipped'` while their
 * `expectedStatus` is `'passed'`; after a failed globalSetup it reports no test at all (`suites:
 * []`, the error in `errors`), so those are the listed tests missing from the report.
 */
function playwrightCounts(report, listed) {
  const ran = testsOf(report);
  const didNotRun = [...ran.values()].filter((t) => t.status === 'skipped' && t.expectedStatus !== 'skipped').length;
  const missing = [...testsOf(listed).entries()].filter(([key, t]) => !ran.has(key) && t.expectedStatus !== 'skipped').length;
  const { expected, unexpected, flaky = 0, skipped = 0 } = report.stats;
  let failed = unexpected + didNotRun + missing;
  const errors = report.errors ?? [];
  const notes = [];
  if (didNotRun + missing) notes.push(`${didNotRun + missing} test(s) never ran`);
  if (errors.length) notes.push(firstLine(errors[0].message ?? ''));
  if (errors.length && failed === 0) failed = errors.length;
  return { passed: expected + flaky, failed, skipped: skipped - didNotRun, ...(notes.length ? { note: notes.join('; ') } : {}) };
}

/** Every test of a Playwright JSON report, by spec id and project. */
function testsOf(report) {
  const tests = new Map();
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) for (const test of spec.tests ?? []) tests.set(`${spec.id}|${test.projectId ?? ''}`, test);
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report?.suites ?? []) walk(suite);
  return tests;
}

const firstLine = (text) => text.split('\n')[0].slice(0, 160);

/**
 * Finds `.reports/*.json` under each workspace folder and totals them per suite. `X.list.json`
 * is the test list of the run that writes `X.json`: read with it, or alone when that run wrote
 * no report (then every listed test counts as failed).
 */
export function collectReports(root, folders) {
  const suites = [];
  const read = (path) => JSON.parse(readFileSync(path, 'utf8'));
  for (const folder of folders) {
    const dir = join(root, folder, '.reports');
    if (!existsSync(dir)) continue;
    const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
    for (const file of files.filter((f) => !f.endsWith('.list.json'))) {
      const path = join(dir, file);
      const listPath = path.replace(/\.json$/, '.list.json');
      try {
        const listed = existsSync(listPath) ? read(listPath) : undefined;
        suites.push({ name: relative(root, path), ...countsOf(read(path), listed) });
      } catch (error) {
        suites.push({ name: relative(root, path), passed: 0, failed: 1, skipped: 0, note: `unreadable report: ${error.message}` });
      }
    }
    for (const file of files.filter((f) => f.endsWith('.list.json') && !files.includes(f.replace(/\.list\.json$/, '.json')))) {
      const name = relative(root, join(dir, file.replace(/\.list\.json$/, '.json')));
      let planned = 0;
      try {
        planned = [...testsOf(read(join(dir, file))).values()].filter((t) => t.expectedStatus !== 'skipped').length;
      } catch {
        // An unreadable list still means a run that wrote no report: one failure.
      }
      suites.push({ name, passed: 0, failed: Math.max(planned, 1), skipped: 0, note: `no report: the run ended before writing it; ${planned} listed test(s) never ran` });
    }
  }
  return suites;
}
