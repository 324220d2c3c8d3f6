import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The bench's wallet page, built apart so the measured host build stays exactly the host's. */
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist-wallet', rolldownOptions: { input: 'wallet.html' } },
});
