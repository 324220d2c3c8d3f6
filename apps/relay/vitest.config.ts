import { defineConfig } from 'vitest/config';

// DISABLE_GLOBAL_CORE: sign-client caches one Core per process on globalThis, so two clients in
// one test process would share a relayer and a storage without it.
// Isolated (each file its own module graph), unlike the other Node projects: WalletConnect's
// sign-client keeps global state that one file's clients would leave to the next.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    env: { DISABLE_GLOBAL_CORE: 'true' },
  },
});
