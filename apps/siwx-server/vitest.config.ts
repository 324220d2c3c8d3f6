import { defineConfig } from 'vitest/config';

// Every server opens its own PGlite database (a WebAssembly PostgreSQL: a second or two to start
// on this machine kind), and the nonce-limit tests make a few hundred requests, each a transaction.
export default defineConfig({ test: { isolate: false, include: ['src/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 60_000 } });
