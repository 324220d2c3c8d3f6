// Types of registry.mjs (a local Verdaccio for the tests).
export interface LocalRegistry {
  url: string;
  /** The npm registry this machine uses, which Verdaccio proxies and `npmWith` installs all but `@portico/*` from. */
  upstream: string;
  npmrc: string;
  dir: string;
  stop(): Promise<void>;
}
export function startRegistry(): Promise<LocalRegistry>;
export function publishTo(registry: LocalRegistry, folder: string): void;
export function npmWith(registry: Pick<LocalRegistry, 'url' | 'upstream' | 'npmrc'>, cwd: string, args: string[]): string;
