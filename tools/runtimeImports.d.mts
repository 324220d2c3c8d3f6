/**
 * Bare specifiers reached from `entries` of the package at `packageRoot` (export keys, or source
 * files such as `./src/plugin.ts`) → the files (relative) importing each; and every file visited. With `{ dynamic: false }`, `import()` is not followed.
 */
export function runtimeImports(packageRoot: string, entries: readonly string[], options?: { dynamic?: boolean }): { packages: Map<string, string[]>; files: string[] };
