import { defineConfig } from 'vite';

// A page without React: Vite as it comes, no plugin.
export default defineConfig({ build: { manifest: true } });
