import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';

process.env.STORYBOOK_DISABLE_TELEMETRY = '1';

/** Debian's Chromium headless shell; never a downloaded browser. */
const chromium = playwright({
  launchOptions: {
    executablePath: '/usr/bin/chromium-headless-shell',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  },
});

/**
 * The vitest config of a package with a Storybook (libs/ui, libs/react): two projects, the
 * node unit tests and every story run as a test in Chromium. `packageUrl` is the package's
 * `import.meta.url` of its vitest.config.ts.
 */
export function vitestWithStories(packageUrl) {
  return defineConfig({
    test: {
      projects: [
        {
          extends: true,
          // Tests that need a DOM opt into happy-dom with a comment (see hooks.test.tsx).
          test: { name: 'unit', include: ['src/**/*.test.{ts,tsx}'], environment: 'node' },
        },
        {
          extends: true,
          plugins: [storybookTest({ configDir: fileURLToPath(new URL('./.storybook', packageUrl)) })],
          // The kernel reaches tsyringe's ES2015 build through a subpath import ('#tsyringe') the
          // dependency scan does not follow: found mid-run it was optimized with a reload that
          // failed the stories in flight (a fresh clone's first run). Named here, it is optimized first.
          optimizeDeps: { include: ['tsyringe/dist/esm2015/index.js'] },
          test: {
            name: 'storybook',
            browser: { enabled: true, headless: true, provider: chromium, instances: [{ browser: 'chromium' }], api: { host: '127.0.0.1' } },
          },
        },
      ],
    },
  });
}
