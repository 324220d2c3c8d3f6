// Builds the minimal bench host and measures its JS: initial (entry + static imports) and
// lazy, gzip level 9, plus brotli; shared by `npm run bench` and the size budget in `npm test`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { NX_ENV, ROOT, run } from './workspace.mjs';

/** The minimal host's folder. */
export const HOST_DIR = join(ROOT, 'apps/bench-host');

/** Initial JS may not exceed this (gzip, KiB): #14's figure, under the 100 KiB target. */
export const INITIAL_JS_BUDGET_KIB = 99.8;

const kib = (bytes) => bytes / 1024;
export const gzipSize = (buffer) => gzipSync(buffer, { level: 9 }).length;
export const brotliSize = (buffer) => brotliCompressSync(buffer, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/** Builds the host with Vite (and, with `withWalletPage`, the bench's wallet page apart); throws on failure. */
export function buildHost({ withWalletPage = false } = {}) {
  const code = run('npx', ['vite', 'build', '--logLevel', 'warn'], { env: NX_ENV, cwd: HOST_DIR });
  if (code !== 0) throw new Error(`bench host build failed (${code})`);
  if (!withWalletPage) return;
  const wallet = run('npx', ['vite', 'build', '--logLevel', 'error', '-c', 'vite.wallet.config.ts'], { env: NX_ENV, cwd: HOST_DIR });
  if (wallet !== 0) throw new Error(`bench wallet page build failed (${wallet})`);
}

/** Builds the host with one more chain plugin (`solana` or `bitcoin`); returns its dist folder. */
export function buildPluginVariant(plugin) {
  const code = run('npx', ['vite', 'build', '--logLevel', 'error', '-c', 'vite.plugins.config.ts'], { env: { ...NX_ENV, BENCH_PLUGIN: plugin }, cwd: HOST_DIR });
  if (code !== 0) throw new Error(`bench host + ${plugin} build failed (${code})`);
  return join(HOST_DIR, `dist-${plugin}`);
}

/** Reads Vite's manifest: the entry's static import closure is initial, every other chunk lazy. */
export function measureSizes(dist = join(HOST_DIR, 'dist')) {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const initial = new Set();
  const visit = (key) => {
    if (initial.has(key)) return;
    initial.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  visit(entryKey);
  const files = Object.entries(manifest).filter(([, chunk]) => chunk.file.endsWith('.js'));
  const measure = (list) =>
    list.reduce(
      (sum, [, chunk]) => {
        const buffer = readFileSync(join(dist, chunk.file));
        return { raw: sum.raw + buffer.length, gzip: sum.gzip + gzipSize(buffer), brotli: sum.brotli + brotliSize(buffer), files: sum.files + 1 };
      },
      { raw: 0, gzip: 0, brotli: 0, files: 0 },
    );
  return {
    initial: measure(files.filter(([key]) => initial.has(key))),
    lazy: measure(files.filter(([key]) => !initial.has(key))),
    chunks: files.map(([key, chunk]) => ({ key, file: chunk.file, initial: initial.has(key), gzipKiB: kib(gzipSize(readFileSync(join(dist, chunk.file)))) })),
  };
}

export { kib };
