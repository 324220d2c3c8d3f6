// Types of sizes.mjs (the bundle-size measurements), for the TypeScript tests.
export interface SizeTotals {
  raw: number;
  gzip: number;
  brotli: number;
  files: number;
}
export const HOST_DIR: string;
export const INITIAL_JS_BUDGET_KIB: number;
export const LAZY_PLUGIN_LINES_BUDGET_BYTES: number;
export function gzipSize(buffer: Uint8Array): number;
export function buildHost(options?: { withWalletPage?: boolean }): void;
export function measureSizes(dist?: string, options?: { sameHashes?: boolean; entry?: string }): { initial: SizeTotals; lazy: SizeTotals; chunks: Array<{ key: string; file: string; initial: boolean; gzipKiB: number }> };
export function kib(bytes: number): number;
