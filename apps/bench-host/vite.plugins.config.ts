import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The minimal host with one more chain plugin (`BENCH_PLUGIN=solana|bitcoin|walletconnect`), or the
 * account-data features (`features`), or Swap and Buy (`market`), built apart into `dist-<plugin>` so the bench can print what each
 * adds; `account` is the Account view with 200 tokens and 1,000 transactions, for paint times;
 * `email` is e-mail login (lazy); `socials` is social login with it (lazy); `everything` is every feature plugin on (#41); `bare` is the feature variants' host without their plugins. Source maps are written apart
 * (`hidden`: the JS is byte for byte what it would be without them) so the size check can
 * list the modules in the first load.
 */
const plugin = ['bitcoin', 'walletconnect', 'features', 'market', 'account', 'bare', 'email', 'socials', 'everything'].includes(process.env.BENCH_PLUGIN ?? '') ? process.env.BENCH_PLUGIN! : 'solana';
export default defineConfig({
  plugins: [react()],
  build: { outDir: `dist-${plugin}`, manifest: true, modulePreload: { polyfill: false }, sourcemap: 'hidden', rolldownOptions: { input: `plugin-pages/${plugin}.html` } },
});
