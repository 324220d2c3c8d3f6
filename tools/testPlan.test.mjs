// `npm test` on a fresh machine: nothing is installed by hand, so every step must find what
// it needs already installed by the orchestrator. This reads the plan `tools/test.mjs --plan`
// prints (it runs nothing) and the packages whose tests start a browser.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './workspace.mjs';

const plan = () => {
  const result = spawnSync(process.execPath, [join(ROOT, 'tools/test.mjs'), '--plan'], { cwd: ROOT, encoding: 'utf8' });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout.split('\n').filter((line) => /^(prerequisite|step): /.test(line));
};

/** Workspace packages whose vitest config starts Chromium (Storybook stories or browser mode). */
const browserPackages = () =>
  ['libs', 'apps']
    .flatMap((dir) => readdirSync(join(ROOT, dir)).map((name) => join(ROOT, dir, name, 'vitest.config.ts')))
    .filter((file) => existsSync(file) && /vitestWithStories|browser:\s*\{/.test(readFileSync(file, 'utf8')));

describe('npm test on a fresh machine', () => {
  it('installs the dependencies, then Chromium, before any step runs', () => {
    const lines = plan();
    expect(lines.slice(0, 2)).toEqual(['prerequisite: dependencies', 'prerequisite: chromium']);
    expect(lines.filter((l) => l.startsWith('prerequisite: ')).length).toBe(2);
    expect(lines.indexOf('step: unit and integration tests')).toBeGreaterThan(1);
    expect(lines.indexOf('step: browser tests (Playwright, Chromium)')).toBeGreaterThan(1);
  });

  it('some package tests do start a browser in the unit step (so the check above matters)', () => {
    expect(browserPackages().length).toBeGreaterThan(0);
  });

  it('every browser launch uses a Chromium the orchestrator installs', () => {
    const workspace = readFileSync(join(ROOT, 'tools/workspace.mjs'), 'utf8');
    const installed = [...workspace.matchAll(/^export const (?:CHROMIUM|HEADLESS_SHELL) = '([^']+)';$/gm)].map((m) => m[1]);
    expect(installed).toEqual(['/usr/bin/chromium', '/usr/bin/chromium-headless-shell']);
    // And ensureChromium installs both (by their Debian package names).
    expect(workspace).toMatch(/\[CHROMIUM, 'chromium'\],\s*\[HEADLESS_SHELL, 'chromium-headless-shell'\]/);
    for (const file of ['tools/storybook/vitestWithStories.mjs', 'e2e/playwright.config.ts', 'tools/bench.mjs']) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      expect(installed.some((path) => text.includes(path)) || text.includes('ensureChromium()'), `${file} launches an installed Chromium`).toBe(true);
    }
  });
});

describe("the browser step's two Playwright runs (PORTICO_E2E_SHARD)", () => {
  /** The browser tests a Playwright run with this shard setting would run, by file and title (it runs none). */
  const listed = (shard) => {
    const env = { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' };
    delete env.PORTICO_E2E_SHARD;
    if (shard !== undefined) env.PORTICO_E2E_SHARD = shard;
    const result = spawnSync(process.execPath, [join(ROOT, 'node_modules/@playwright/test/cli.js'), 'test', '-c', 'e2e/playwright.config.ts', '--list', '--reporter=json'], { cwd: ROOT, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    if (result.status !== 0) return { status: result.status, stderr: result.stderr, tests: [] };
    const tests = [];
    const walk = (suite) => {
      for (const spec of suite.specs ?? []) tests.push(`${spec.file} › ${spec.title}`);
      for (const child of suite.suites ?? []) walk(child);
    };
    for (const suite of JSON.parse(result.stdout).suites) walk(suite);
    return { status: 0, tests };
  };

  // Three listings (each loads the config and every spec): seconds alone, more on a busy machine.
  it('every browser test runs in exactly one of the two, and each has some', () => {
    const all = listed(undefined);
    const first = listed('1');
    const second = listed('2');
    for (const run of [all, first, second]) expect(run.status, run.stderr).toBe(0);
    expect(first.tests.length).toBeGreaterThan(0);
    expect(second.tests.length).toBeGreaterThan(0);
    expect(first.tests.filter((t) => second.tests.includes(t))).toEqual([]);
    expect([...first.tests, ...second.tests].sort()).toEqual([...all.tests].sort());
    // The registry test last in the first run (files run in name order): the hosts npm test makes beside its unit
    // step get the most time before it asks for them.
    expect(first.tests.at(-1)).toMatch(/^registry\.spec\.ts › /);
  }, 60_000);

  it('a shard setting other than 1 or 2 is refused by name, not run as all the tests or none', () => {
    for (const bad of ['3', '', '1/2']) {
      const run = listed(bad);
      expect(run.status).not.toBe(0);
      expect(run.stderr).toContain(`PORTICO_E2E_SHARD must be 1 or 2, not ${JSON.stringify(bad)}`);
    }
  });
});
