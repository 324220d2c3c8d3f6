// Types of packages.mjs (the published form of the libraries), for the TypeScript tests.
export interface Library {
  folder: string;
  short: string;
  pkg: { name: string; version: string; private?: boolean; exports?: Record<string, unknown>; dependencies?: Record<string, string>; peerDependencies?: Record<string, string>; devDependencies?: Record<string, string> };
}
export const PACK_DIR: string;
export function libraries(): Library[];
export function entrySources(pkg: Library['pkg']): string[];
export function buildLibrary(lib: Library): Promise<void>;
export function publishedManifest(pkg: Library['pkg'], versions: Record<string, string>): Record<string, unknown>;
export function versionsOf(libs: Library[]): Record<string, string>;
export function stageLibrary(lib: Library, versions: Record<string, string>, into?: string): Promise<string>;
export function undeclaredImports(staged: string): Array<{ name: string; files: string[] }>;
export function lintPackage(staged: string): Promise<string[]>;
export function checkTypes(staged: string, tarball?: string): Promise<{ ok: boolean; report: string }>;
