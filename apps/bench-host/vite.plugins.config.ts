import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The minimal host with one more chain plugin (`BENCH_PLUGIN=solana|bitcoin|walletconnect`), built apart
 * into `dist-<plugin>` so the bench can print what each plugin adds.
 */
const plugin = ['bitcoin', 'walletconnect'].includes(process.env.BENCH_PLUGIN ?? '') ? process.env.BENCH_PLUGIN! : 'solana';
export default defineConfig({
  plugins: [react()],
  build: { outDir: `dist-${plugin}`, manifest: true, modulePreload: { polyfill: false }, rolldownOptions: { input: `plugin-pages/${plugin}.html` } },
});
