import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';

process.env.STORYBOOK_DISABLE_TELEMETRY = '1';

/** Debian's Chromium, headless; never a downloaded browser. */
const chromium = playwright({
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  },
});

// Two projects: the node unit tests as before, and every story run as a test in Chromium.
export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['src/**/*.test.{ts,tsx}'], environment: 'node' /* hooks.test.tsx opts into happy-dom itself */ },
      },
      {
        extends: true,
        plugins: [storybookTest({ configDir: fileURLToPath(new URL('./.storybook', import.meta.url)) })],
        test: {
          name: 'storybook',
          browser: { enabled: true, headless: true, provider: chromium, instances: [{ browser: 'chromium' }], api: { host: '127.0.0.1' } },
        },
      },
    ],
  },
});
