/** Bare specifiers reached from `entries` of the package at `packageRoot` → the files (relative) importing each; and every file visited. */
export function runtimeImports(packageRoot: string, entries: readonly string[]): { packages: Map<string, string[]>; files: string[] };
