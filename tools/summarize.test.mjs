import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { collectReports, countsOf } from './summarize.mjs';

let root;
afterEach(() => root && rmSync(root, { recursive: true, force: true }));

// Real reports, trimmed to the fields that matter: vitest 4.1 `--reporter=json` and Playwright
// 1.65 `reporter: json` (and `--list --reporter=json`) over small suites made to fail that way.
const vitestFile = (name, status, message, tests) => ({ assertionResults: tests.map(([title, s, ancestorTitles = []]) => ({ ancestorTitles, status: s, title })), status, message, name: `/repo/libs/x/src/${name}` });

/** A file whose top-level beforeAll threw: every test (it.skip and it.todo too) reported as skipped. */
const SETUP_FAILED = vitestFile('setupFails.test.mjs', 'failed', 'could not start the server', [['one', 'skipped'], ['two', 'skipped', ['group']], ['skipped on purpose', 'skipped', ['group']], ['todo', 'skipped', ['group']]]);
/** A file whose beforeAll timed out. */
const HOOK_TIMED_OUT = vitestFile('hookTimeout.test.mjs', 'failed', 'Hook timed out in 300ms.\nIf this is a long-running hook, pass a timeout value as the last argument or configure it globally with "hookTimeout".', [['x', 'skipped'], ['y', 'skipped']]);
/** A nested describe's beforeAll threw: the file fails with an empty message. */
const NESTED_SETUP_FAILED = vitestFile('nestedSetupFails.test.mjs', 'failed', '', [['top passes', 'passed'], ['a', 'skipped', ['nested']], ['b', 'skipped', ['nested']]]);
/** A file that could not be imported: no tests at all. */
const IMPORT_FAILED = vitestFile('importFails.test.mjs', 'failed', "Cannot find module './missing-module.mjs' imported from /repo/libs/x/src/importFails.test.mjs", []);
/** An ordinary failure beside an it.skip. */
const TEST_FAILED = vitestFile('ok.test.mjs', 'failed', '', [['passes', 'passed'], ['fails', 'failed'], ['skipped', 'skipped']]);
const AFTER_ALL_FAILED = vitestFile('afterAllFails.test.mjs', 'failed', 'could not stop', [['x', 'passed']]);
const ALL_SKIPPED = vitestFile('allSkipped.test.mjs', 'passed', '', [['x', 'skipped', ['off']], ['later', 'todo']]);
const PASSED = vitestFile('unhandled.test.mjs', 'passed', '', [['x', 'passed'], ['y', 'passed']]);

/** What vitest wrote for the first four files: its own totals say 1 failed, 7 pending. */
const VITEST_SETUP_FAILURES = {
  numTotalTestSuites: 6, numPassedTestSuites: 1, numFailedTestSuites: 5, numPendingTestSuites: 0, numTotalTests: 10,
  numPassedTests: 2, numFailedTests: 1, numPendingTests: 7, numTodoTests: 0, success: false,
  testResults: [IMPORT_FAILED, NESTED_SETUP_FAILED, TEST_FAILED, SETUP_FAILED],
};

const spec = (id, title, status, expectedStatus, results) => ({ title, id, tests: [{ expectedStatus, projectId: '', results: results.map((s) => ({ status: s })), status }] });
/** Playwright after a failed globalSetup: no suites, the error in `errors`, all stats 0. */
const PLAYWRIGHT_SETUP_FAILED = {
  suites: [],
  errors: [{ message: 'Error: could not start the services', location: { file: '/repo/e2e/globalSetup.ts', column: 53, line: 1 } }],
  stats: { expected: 0, skipped: 0, unexpected: 0, flaky: 0 },
};
/** Playwright with a failed test.beforeAll in c.spec: c1 failed, c2 and c3 "did not run" (skipped, expected to pass). */
const playwrightRun = (listing) => {
  const s = (id, title, status, expectedStatus, result) => spec(id, title, listing ? 'skipped' : status, expectedStatus, listing ? [] : [result]);
  return {
    suites: [
      { title: 'a.spec.mjs', specs: [s('f10c-6d63', 'one', 'expected', 'passed', 'passed'), s('f10c-bc5f', 'two', 'expected', 'passed', 'passed'), s('f10c-1d1c', 'skipped', 'skipped', 'skipped', 'skipped')] },
      { title: 'b.spec.mjs', specs: [], suites: [{ title: 'group', specs: [s('99b8-bd04', 'three', 'expected', 'passed', 'passed')] }] },
      { title: 'c.spec.mjs', specs: [], suites: [{ title: 'hooked', specs: [s('92fd-ac98', 'c1', 'unexpected', 'passed', 'failed'), s('92fd-0e8c', 'c2', 'skipped', 'passed', 'skipped'), s('92fd-9807', 'c3', 'skipped', 'passed', 'skipped')] }] },
    ],
    errors: [],
    stats: listing ? { expected: 0, skipped: 7, unexpected: 0, flaky: 0 } : { expected: 3, skipped: 3, unexpected: 1, flaky: 0 },
  };
};
const PLAYWRIGHT_BEFORE_ALL_FAILED = playwrightRun(false);
/** `playwright test --list --reporter=json` of the same specs: every test skipped with no results. */
const PLAYWRIGHT_LIST = playwrightRun(true);

describe('countsOf', () => {
  it('reads vitest’s jest-format totals when there are no per-file results', () => {
    expect(countsOf({ numPassedTests: 7, numFailedTests: 2, numPendingTests: 1, numTodoTests: 1 })).toEqual({ passed: 7, failed: 2, skipped: 2 });
  });

  it('counts every test of a file whose beforeAll failed as failed, not skipped', () => {
    const counts = countsOf({ numPassedTests: 0, numFailedTests: 0, numPendingTests: 4, success: false, testResults: [SETUP_FAILED] });
    expect(counts).toMatchObject({ passed: 0, failed: 4, skipped: 0 });
    expect(counts.note).toBe('setupFails.test.mjs: 4 test(s) never ran (could not start the server)');
    expect(countsOf({ numPassedTests: 0, numFailedTests: 0, numPendingTests: 2, success: false, testResults: [HOOK_TIMED_OUT] }).note).toBe(
      'hookTimeout.test.mjs: 2 test(s) never ran (Hook timed out in 300ms.)',
    );
  });

  it('totals a vitest run where suites could not start: 8 failed where vitest says 1', () => {
    expect(countsOf(VITEST_SETUP_FAILURES)).toMatchObject({ passed: 2, failed: 8, skipped: 1 });
  });

  it('keeps intentional skips and todos as skipped in files that ran, and counts a failed afterAll once', () => {
    expect(countsOf({ numPassedTests: 3, numFailedTests: 0, success: false, testResults: [AFTER_ALL_FAILED, ALL_SKIPPED, PASSED] })).toMatchObject({ passed: 3, failed: 1, skipped: 2 });
    expect(countsOf({ numPassedTests: 2, numFailedTests: 0, success: true, testResults: [ALL_SKIPPED, PASSED] })).toEqual({ passed: 2, failed: 0, skipped: 2 });
  });

  it('never reports 0 failed for an unsuccessful vitest run (an unhandled error fails no test)', () => {
    expect(countsOf({ numPassedTests: 2, numFailedTests: 0, success: false, testResults: [PASSED] })).toMatchObject({ passed: 2, failed: 1 });
  });

  it('reads Playwright’s report, counting flaky tests that passed on retry as passed', () => {
    expect(countsOf({ stats: { expected: 10, unexpected: 1, flaky: 2, skipped: 3 } })).toEqual({ passed: 12, failed: 1, skipped: 3 });
  });

  it('counts the Playwright tests that did not run after a failed beforeAll as failed', () => {
    expect(countsOf(PLAYWRIGHT_BEFORE_ALL_FAILED)).toEqual({ passed: 3, failed: 3, skipped: 1, note: '2 test(s) never ran' });
    expect(countsOf(PLAYWRIGHT_BEFORE_ALL_FAILED, PLAYWRIGHT_LIST)).toMatchObject({ passed: 3, failed: 3, skipped: 1 });
  });

  it('counts every listed Playwright test as failed after a failed globalSetup (at least one without the list)', () => {
    expect(countsOf(PLAYWRIGHT_SETUP_FAILED, PLAYWRIGHT_LIST)).toEqual({ passed: 0, failed: 6, skipped: 0, note: '6 test(s) never ran; Error: could not start the services' });
    expect(countsOf(PLAYWRIGHT_SETUP_FAILED)).toMatchObject({ passed: 0, failed: 1 });
  });

  it('refuses anything else', () => {
    expect(() => countsOf({ tests: 3 })).toThrow('not a vitest or Playwright JSON report');
  });
});

describe('collectReports', () => {
  const write = (file, body) => {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), typeof body === 'string' ? body : JSON.stringify(body));
  };
  const totals = (suites) => suites.map(({ name, passed, failed }) => ({ name, passed, failed }));

  it('totals every report and turns an unreadable one into a failure', () => {
    root = mkdtempSync(join(tmpdir(), 'portico-reports-'));
    write('libs/a/.reports/vitest.json', { numPassedTests: 3, numFailedTests: 0 });
    write('libs/b/.reports/vitest.json', '{ truncated');
    expect(totals(collectReports(root, ['libs/a', 'libs/b', 'libs/missing']))).toEqual([
      { name: 'libs/a/.reports/vitest.json', passed: 3, failed: 0 },
      { name: 'libs/b/.reports/vitest.json', passed: 0, failed: 1 },
    ]);
  });

  it('reads a Playwright report with its test list, and a list alone (no report written) as all failed', () => {
    root = mkdtempSync(join(tmpdir(), 'portico-reports-'));
    write('e2e/.reports/playwright.json', PLAYWRIGHT_SETUP_FAILED);
    write('e2e/.reports/playwright.list.json', PLAYWRIGHT_LIST);
    write('e2e2/.reports/playwright.list.json', PLAYWRIGHT_LIST);
    write('apps/auth/.reports/vitest.json', VITEST_SETUP_FAILURES);
    expect(totals(collectReports(root, ['e2e', 'e2e2', 'apps/auth']))).toEqual([
      { name: 'e2e/.reports/playwright.json', passed: 0, failed: 6 },
      { name: 'e2e2/.reports/playwright.json', passed: 0, failed: 6 },
      { name: 'apps/auth/.reports/vitest.json', passed: 2, failed: 8 },
    ]);
  });
});
