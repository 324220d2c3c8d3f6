import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// A host's ordinary Vite config, nothing for Portico or wagmi (as apps/bench-host's, with the manifest).
export default defineConfig({ plugins: [react()], build: { manifest: true, modulePreload: { polyfill: false } } });
