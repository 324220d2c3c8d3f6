// Reads the JSON reports of every test run and totals them.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Totals of one vitest (jest-format) JSON report or one Playwright JSON report. */
export function countsOf(report) {
  if (report && typeof report.numPassedTests === 'number') {
    return { passed: report.numPassedTests, failed: report.numFailedTests, skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0) };
  }
  if (report?.stats && typeof report.stats.expected === 'number') {
    return { passed: report.stats.expected + (report.stats.flaky ?? 0), failed: report.stats.unexpected, skipped: report.stats.skipped ?? 0 };
  }
  throw new Error('not a vitest or Playwright JSON report');
}

/** Finds `.reports/*.json` under each workspace folder and totals them per suite. */
export function collectReports(root, folders) {
  const suites = [];
  for (const folder of folders) {
    const dir = join(root, folder, '.reports');
    if (!existsSync(dir)) continue;
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
      const path = join(dir, file);
      try {
        suites.push({ name: relative(root, path), ...countsOf(JSON.parse(readFileSync(path, 'utf8'))) });
      } catch (error) {
        suites.push({ name: relative(root, path), passed: 0, failed: 1, skipped: 0, note: `unreadable report: ${error.message}` });
      }
    }
  }
  return suites;
}
