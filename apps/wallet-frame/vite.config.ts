import { defineConfig } from 'vite';

// The frame is plain TypeScript (no React); its server (src/server) serves the build with the
// configuration and the CSP.
export default defineConfig({ build: { outDir: 'dist', target: 'es2022' } });
