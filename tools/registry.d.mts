// Types of registry.mjs (a local Verdaccio for the tests).
export interface LocalRegistry {
  url: string;
  npmrc: string;
  dir: string;
  stop(): Promise<void>;
}
export function startRegistry(): Promise<LocalRegistry>;
export function publishTo(registry: LocalRegistry, folder: string): void;
export function npmWith(registry: LocalRegistry, cwd: string, args: string[]): string;
