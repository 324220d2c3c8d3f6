import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { isolate: false, include: ['*.test.mjs'], testTimeout: 20_000 } });
