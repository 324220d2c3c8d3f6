import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const here = dirname(fileURLToPath(import.meta.url));
const PORT = Number(process.env.PORTICO_E2E_PORT ?? 4319);
const baseURL = `http://127.0.0.1:${PORT}`;
// A build of its own per port, so two runs on different ports never overwrite each other's files; or the one
// `npm test` made before starting its runs (PORTICO_PLAYGROUND_BUILT=1), which they all serve.
const PLAYGROUND_BUILT = process.env.PORTICO_PLAYGROUND_BUILT === '1';
const OUT_DIR = PORT === 4319 || PLAYGROUND_BUILT ? 'dist' : `dist-e2e-${PORT}`;
// Likewise traces and reports: a run clears its results directory when it starts.
const RESULTS = PORT === 4319 ? 'test-results' : `test-results-${PORT}`;
const REPORT = PORT === 4319 ? '.reports/playwright.json' : `.reports/playwright-${PORT}.json`;

/**
 * `npm test` runs the browser tests as two Playwright runs side by side, each on its own port with
 * its own build and its own services (globalSetup), so no test shares a chain account, a rate
 * limit or a mailbox with one running beside it: `PORTICO_E2E_SHARD=1` runs the specs below,
 * `PORTICO_E2E_SHARD=2` every other one (tools/testPlan.test.mjs checks each test runs in exactly
 * one); unset, all of them. One run alone kept this 2-core machine kind 58 % busy, the rest waiting
 * on pages and services (21 min); the two side by side took 13.7–14.9 min each in CI. The split is
 * by measured time: in one CI run, 434 s of tests in this list against 433 s in the other. Files
 * run in name order, so the registry test comes last in its run: under `npm test` it takes the hosts
 * made beside the unit step, at the lowest priority, and first in this list's run it had waited 40 s
 * for them. A new spec runs in the second list unless named here.
 */
const FIRST_SHARD = [
  ...['a11y', 'account', 'activity', 'analytics', 'approvals', 'csp', 'email', 'evm', 'farcaster'],
  ...['faultsConnect', 'faultsMessages', 'faultsRpc', 'faultsWalletConnect', 'guard', 'locales', 'multichain', 'onramp'],
  // Last: every name above sorts before it.
  'registry',
];
const SHARD = process.env.PORTICO_E2E_SHARD;
if (SHARD !== undefined && SHARD !== '1' && SHARD !== '2') throw new Error(`PORTICO_E2E_SHARD must be 1 or 2, not ${JSON.stringify(SHARD)}`);
const firstShardFiles = FIRST_SHARD.map((name) => `**/${name}.spec.ts`);

/** Real-browser tests of the modal in the playground, on Debian's Chromium (never downloaded). */
export default defineConfig({
  testDir: resolve(here, 'browser'),
  ...(SHARD === '1' ? { testMatch: firstShardFiles } : SHARD === '2' ? { testIgnore: firstShardFiles } : {}),
  globalSetup: resolve(here, 'globalSetup.ts'),
  outputDir: resolve(here, RESULTS),
  // Screenshot baselines live in the repo beside the specs, without the platform in their
  // names: the suite runs on Linux with Debian's Chromium only, so a fresh clone finds them.
  snapshotPathTemplate: '{testDir}/{testFilePath}-snapshots/{arg}{ext}',
  fullyParallel: false,
  workers: 1,
  // No retries, in CI too: a test that passes only on its second try is a failure to fix.
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [['list'], ['json', { outputFile: resolve(here, REPORT) }]],
  use: {
    baseURL,
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    // A failed test keeps its trace (actions, console, network, sources) and a screenshot of the page as it
    // failed. Not the trace's DOM snapshots before and after every action nor its screencast: recording those for
    // every test made the tests take half again as long (locales + modal, 27 tests: 71.8 s against 42.9 s).
    trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's headless shell (tools/workspace.mjs installs it), unless CHROMIUM_PATH names another.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  // The playground, built for this run, or built once (apps/playground/dist) for runs side by side (PORTICO_PLAYGROUND_BUILT=1, `npm test`).
  webServer: {
    command: `${PLAYGROUND_BUILT ? '' : `npx vite build --outDir ${OUT_DIR} && `}npx vite preview --outDir ${OUT_DIR} --host 127.0.0.1 --port ${PORT} --strictPort`,
    cwd: resolve(here, '../apps/playground'),
    url: baseURL,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
