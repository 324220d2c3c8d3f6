// Builds the minimal bench host and measures its JS: initial (entry + static imports) and
// lazy, gzip level 9, plus brotli; shared by `npm run bench` and the size budget in `npm test`.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
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
  return variantDist(plugin);
}

/** Where vite.plugins.config.ts puts a variant's build. */
const variantDist = (variant) => join(HOST_DIR, `dist-${variant}`);

/** A chunk file name's content hash (`activity-sVMe6Hjf.js`). */
const CHUNK_HASH = /-[A-Za-z0-9_-]{8}\.js\b/g;

/**
 * Reads Vite's manifest: the entry's static import closure is initial, every other chunk lazy.
 * `sameHashes`: the chunk file names' content hashes replaced by one placeholder before measuring,
 * for comparing two builds: the hashes change with any lazy code and their entropy moves a gzip
 * figure by ±20 B with no code moved.
 */
export function measureSizes(dist = join(HOST_DIR, 'dist'), { sameHashes = false, entry } = {}) {
  const { manifest, initial } = readManifest(dist, entry);
  const files = Object.entries(manifest).filter(([, chunk]) => chunk.file.endsWith('.js'));
  const measure = (list) =>
    list.reduce(
      (sum, [, chunk]) => {
        const read = readFileSync(join(dist, chunk.file));
        const buffer = sameHashes ? Buffer.from(read.toString('utf8').replace(CHUNK_HASH, '-00000000.js')) : read;
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

/** Vite's manifest of a build and the keys of its first-load chunks (the entry, `entry` when it has several, and its static imports). */
function readManifest(dist, entry) {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry && (entry === undefined || k === entry));
  if (!entryKey) throw new Error(`No entry ${entry ?? ''} in ${dist}/.vite/manifest.json`);
  const initial = new Set();
  const visit = (key) => {
    if (initial.has(key)) return;
    initial.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  visit(entryKey);
  return { manifest, initial };
}

/**
 * The workspace files bundled into a build's first load, read from the source maps of its
 * first-load chunks (the plugin variants are built with hidden source maps).
 */
export function firstLoadSources(dist) {
  const { manifest, initial } = readManifest(dist);
  const sources = new Set();
  for (const key of initial) {
    const mapFile = join(dist, `${manifest[key].file}.map`);
    // Vite's own helpers (the preload helper) are written without a map: no workspace file in them.
    if (!existsSync(mapFile)) continue;
    const map = JSON.parse(readFileSync(mapFile, 'utf8'));
    for (const source of map.sources) sources.add(relative(ROOT, resolve(dirname(mapFile), map.sourceRoot ?? '', source)));
  }
  return [...sources].sort();
}

/** The feature plugins a host lists as lazy plugins, by bench variant: none of their code may be in the first load. */
export const FEATURE_VARIANTS = {
  features: ['libs/plugin-history/', 'libs/plugin-send/', 'libs/plugin-receive/'],
  market: ['libs/plugin-swaps/', 'libs/plugin-onramp/'],
  email: ['libs/plugin-email/', 'libs/frame-protocol/'],
  socials: ['libs/plugin-socials/', 'libs/plugin-email/', 'libs/frame-protocol/'],
};

/**
 * A host's lines for lazy plugins cost this much at most (gzip bytes): the `() => import(...)`
 * functions, their options and the bundler's preload map, measured with the chunk names' hashes
 * made equal (111 to 264 B on 2026-11-27; before that, with the hashes' noise, 179 to 305). More means the
 * bundler moved code into the first load because of the plugins: once +0.3 KiB, the kernel's
 * error classes split out of the entry; once +10 KiB, full `zod` in a lazy chunk splitting
 * `zod/mini`'s core out of it; once +0.6 KiB, zod's e-mail and URL formats pulled into the
 * entry's copy of zod/mini's schema module. Since 2026-11-28 the host without plugins keeps the kernel's
 * `createServiceRef` in its entry (−116 B, one request fewer; the Connect view's imports let rolldown merge it), while
 * a host listing the e-mail or social plugins still gets it as a chunk of its own (their chunks import it): that
 * chunk's wrapper, not plugin code, puts those two at 322 and 343 B, hence 400.
 */
export const LAZY_PLUGIN_LINES_BUDGET_BYTES = 400;

/** Builds the feature variants and the same host without them (`dist-bare`, `dist-<variant>`). */
export function buildFeatureVariants() {
  for (const variant of ['bare', ...Object.keys(FEATURE_VARIANTS)]) buildPluginVariant(variant);
}

/**
 * For each feature variant: the gzip bytes its first load adds to the same host without its plugins,
 * and the files of its plugins found in that first load (there should be none). Builds them first
 * unless `built` (buildFeatureVariants has).
 */
export function measureFeatureFirstLoads({ built = false } = {}) {
  if (!built) buildFeatureVariants();
  const bare = measureSizes(variantDist('bare'), { sameHashes: true }).initial.gzip;
  return Object.entries(FEATURE_VARIANTS).map(([variant, folders]) => {
    const added = measureSizes(variantDist(variant), { sameHashes: true }).initial.gzip - bare;
    const pluginFiles = firstLoadSources(variantDist(variant)).filter((file) => folders.some((folder) => file.startsWith(folder)));
    return { variant, added, pluginFiles, folders };
  });
}

export { kib };
