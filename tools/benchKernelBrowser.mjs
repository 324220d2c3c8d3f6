// The kernel's own bench (libs/kernel/bench/kernel.ts) in Chromium, where the kernel runs for a
// visitor: built by Vite as the product is (browser entries, minified), loaded in a
// cross-origin-isolated page so `performance.now()` resolves to 5 µs instead of 100 µs.
// Prints the bench's own lines.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const KERNEL_DIR = join(import.meta.dirname, '..', 'libs', 'kernel');
const ORIGIN = 'http://127.0.0.1:9';

/** Builds the bench for the browser; returns its source. */
async function buildBench() {
  const { build } = await import('vite');
  const outDir = mkdtempSync(join(tmpdir(), 'portico-kernel-bench-'));
  try {
    await build({
      configFile: false,
      logLevel: 'warn',
      root: KERNEL_DIR,
      build: {
        outDir,
        emptyOutDir: true,
        minify: true,
        target: 'es2022',
        lib: { entry: join(KERNEL_DIR, 'bench', 'kernel.ts'), formats: ['es'], fileName: 'kernel-bench' },
        rollupOptions: { output: { codeSplitting: false } },
      },
    });
    return readFileSync(join(outDir, 'kernel-bench.js'), 'utf8');
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** Runs the bench in a fresh page of `browser`; resolves with its printed lines once it is done. */
export async function benchKernelInBrowser(browser, { timeoutMs = 60_000 } = {}) {
  const script = await buildBench();
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const isolated = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };
    await page.route(`${ORIGIN}/**`, (route) => {
      const path = new URL(route.request().url()).pathname;
      if (path === '/kernel-bench.js') return route.fulfill({ contentType: 'text/javascript', headers: isolated, body: script });
      return route.fulfill({ contentType: 'text/html', headers: isolated, body: '<!doctype html><title>kernel bench</title><script type="module" src="/kernel-bench.js"></script>' });
    });
    const lines = [];
    let failed;
    const done = new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the kernel bench printed nothing for ${timeoutMs} ms`)), timeoutMs);
      page.on('pageerror', (error) => {
        failed = error;
        clearTimeout(timer);
        reject(error);
      });
      page.on('console', (message) => {
        // The bench's result lines only (one per task, two tasks), not any other message of the page.
        if (!/ mean .* median .* p99 /.test(message.text())) return;
        lines.push(message.text());
        if (lines.length === 2) {
          clearTimeout(timer);
          resolve(lines);
        }
      });
    });
    await page.goto(`${ORIGIN}/`);
    const isolatedPage = await page.evaluate(() => crossOriginIsolated);
    const printed = await done;
    if (failed) throw failed;
    return { lines: printed, crossOriginIsolated: isolatedPage };
  } finally {
    await context.close();
  }
}
