import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The minimal host with one more chain plugin (`BENCH_PLUGIN=solana|bitcoin`), built apart
 * into `dist-<plugin>` so the bench can print what each plugin adds.
 */
const plugin = process.env.BENCH_PLUGIN === 'bitcoin' ? 'bitcoin' : 'solana';
export default defineConfig({
  plugins: [react()],
  build: { outDir: `dist-${plugin}`, manifest: true, modulePreload: { polyfill: false }, rolldownOptions: { input: `plugin-pages/${plugin}.html` } },
});
