// Types of registryHosts.mjs (the registry test's hosts), for the TypeScript tests.
import type { LocalRegistry } from './registry.mjs';

export interface RegistryHost {
  readonly name: string;
  readonly template: string;
  /** Vite (type-checked with tsc, built, its test page served statically) or Next.js (`next build`, `next start`). */
  readonly kind?: 'vite' | 'next';
  readonly dependencies: (portico: Record<string, string>) => Record<string, string>;
  readonly devDependencies: () => Record<string, string>;
  /** Others' declarations whose errors under the host's skipLibCheck-off check are printed, not failed on. */
  readonly foreignDeclarations?: RegExp;
}
export const HOSTS: readonly RegistryHost[];
export const REGISTRY_STAGE_DIR: string;
export interface RegistryStage {
  versions: Record<string, string>;
  staged: Array<{ name: string; version: string; folder: string }>;
}
export function stageForRegistry(into?: string): Promise<RegistryStage>;
export interface MadeHost {
  name: string;
  folder: string;
}
export function prepareRegistryHosts(stage: RegistryStage): Promise<{ registry: LocalRegistry; published: string[]; hosts: MadeHost[] }>;
export interface PreparedHosts {
  ok: true;
  registry: Pick<LocalRegistry, 'url' | 'upstream' | 'npmrc' | 'dir'>;
  published: string[];
  hosts: MadeHost[];
}
export function writePrepared(file: string, outcome: Error | string | { registry: LocalRegistry; published: string[]; hosts: MadeHost[] }): void;
export function waitForPrepared(file: string, timeoutMs: number): Promise<PreparedHosts>;
