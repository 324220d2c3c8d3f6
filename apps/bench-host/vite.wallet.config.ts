import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The bench's wallet pages (a test wallet; a wallet without a UI for the approval view), built apart so the measured host build stays exactly the host's. */
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist-wallet', rolldownOptions: { input: ['wallet.html', 'approval.html'] } },
});
