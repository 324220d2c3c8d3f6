import { defineConfig, mergeConfig } from 'vite';
import host from './vite.config';

// The test's page (test.html: the page with a test wallet), built apart.
export default mergeConfig(host, defineConfig({ build: { outDir: 'dist-test', rollupOptions: { input: 'test.html' } } }));
