import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// A host's ordinary Vite config, nothing for Portico: the bench host's (apps/bench-host), so the
// first loads compare (the manifest lets the test measure it; no module-preload polyfill, as there).
export default defineConfig({ plugins: [react()], build: { manifest: true, modulePreload: { polyfill: false } } });
