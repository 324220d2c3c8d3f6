import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { isolate: false, include: ['spec/**/*.test.ts', 'spec/**/*.test.tsx'], testTimeout: 20_000 } });
