import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { porticoOutsidePlugins } from './outsidePlugins';

export default defineConfig({
  // `PORTICO_PLUGINS=<module>,<module>` adds plugins from outside the repository (see outsidePlugins.ts).
  plugins: [react(), porticoOutsidePlugins()],
  resolve: { dedupe: ['react', 'react-dom', 'zod', '@portico/kernel', '@portico/core', '@portico/react', '@portico/ui', '@portico/plugin-siwx', '@portico/plugin-walletconnect'] },
  // The kernel reaches tsyringe's ES2015 build through a subpath import ('#tsyringe'), which the dev
  // server's dependency scan does not follow: named here, it is optimized up front, not by a reload.
  optimizeDeps: { include: ['tsyringe/dist/esm2015/index.js'] },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
});
