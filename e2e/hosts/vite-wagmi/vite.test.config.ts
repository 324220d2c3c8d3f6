import { defineConfig, mergeConfig } from 'vite';
import host from './vite.config';

// The test's page (test.html: the app with a test wallet), built apart so index.html's build stays the host's own.
export default mergeConfig(host, defineConfig({ build: { outDir: 'dist-test', rollupOptions: { input: 'test.html' } } }));
