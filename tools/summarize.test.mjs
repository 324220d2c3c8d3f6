import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { collectReports, countsOf } from './summarize.mjs';

let root;
afterEach(() => root && rmSync(root, { recursive: true, force: true }));

describe('countsOf', () => {
  it('reads vitest’s jest-format report', () => {
    expect(countsOf({ numPassedTests: 7, numFailedTests: 2, numPendingTests: 1, numTodoTests: 1 })).toEqual({ passed: 7, failed: 2, skipped: 2 });
  });

  it('reads Playwright’s report, counting flaky tests that passed on retry as passed', () => {
    expect(countsOf({ stats: { expected: 10, unexpected: 1, flaky: 2, skipped: 3 } })).toEqual({ passed: 12, failed: 1, skipped: 3 });
  });

  it('refuses anything else', () => {
    expect(() => countsOf({ tests: 3 })).toThrow('not a vitest or Playwright JSON report');
  });
});

describe('collectReports', () => {
  it('totals every report and turns an unreadable one into a failure', () => {
    root = mkdtempSync(join(tmpdir(), 'portico-reports-'));
    mkdirSync(join(root, 'libs/a/.reports'), { recursive: true });
    mkdirSync(join(root, 'libs/b/.reports'), { recursive: true });
    writeFileSync(join(root, 'libs/a/.reports/vitest.json'), JSON.stringify({ numPassedTests: 3, numFailedTests: 0 }));
    writeFileSync(join(root, 'libs/b/.reports/vitest.json'), '{ truncated');
    const suites = collectReports(root, ['libs/a', 'libs/b', 'libs/missing']);
    expect(suites.map(({ name, passed, failed }) => ({ name, passed, failed }))).toEqual([
      { name: 'libs/a/.reports/vitest.json', passed: 3, failed: 0 },
      { name: 'libs/b/.reports/vitest.json', passed: 0, failed: 1 },
    ]);
  });
});
