import { ViewLoadError } from '../errors/kernelErrors';
import type { ViewLoader, ViewModule } from '../manifest/definePlugin';

/** Loads view chunks, retries a chunk the browser failed to fetch, and keeps what loaded. */
export interface ViewModules {
  /** Loads `viewId` with its plugin's loader (or, after a failed fetch, from a retry URL). */
  load(viewId: string, owner: string, loader: ViewLoader): Promise<ViewModule>;
  /** The loaded module, if `isLive(owner)` says the plugin that gave it still does. */
  peek(viewId: string, isLive: (owner: string) => boolean): ViewModule | undefined;
}

/** The plugin host's view loading: one per kernel. */
export function createViewModules(): ViewModules {
  /** Chunks of views whose import failed: retried under a fresh URL (browsers may cache the failure). */
  const failedChunks = new Map<string, { error: unknown; attempt: number }>();
  /** View modules already loaded, by view id, with the plugin that gave them. */
  const loaded = new Map<string, { owner: string; module: ViewModule }>();
  return {
    async load(viewId, owner, loader) {
      let module: ViewModule;
      const failed = failedChunks.get(viewId);
      try {
        module = await ((failed && retryFailedImport<ViewModule>(failed.error, failed.attempt)) ?? loader());
        failedChunks.delete(viewId);
      } catch (error) {
        if (failedChunkUrl(error)) failedChunks.set(viewId, { error, attempt: (failed?.attempt ?? 0) + 1 });
        throw new ViewLoadError(viewId, error);
      }
      if (!module || typeof module !== 'object' || !('default' in module)) {
        throw new ViewLoadError(viewId, new Error('the module has no default export'));
      }
      loaded.set(viewId, { owner, module });
      return module;
    },
    peek(viewId, isLive) {
      const entry = loaded.get(viewId);
      return entry && isLive(entry.owner) ? entry.module : undefined;
    },
  };
}

/**
 * The script URL in a browser's "failed to fetch a dynamically imported module" error, when it is
 * one of this page's own scripts. Some browsers (Chromium before the HTML change that lets a
 * failed module be fetched again) keep answering a later `import()` of that URL with the same
 * failure, so a retry has to ask for it under another URL.
 */
export function failedChunkUrl(error: unknown): string | undefined {
  const message = error instanceof Error ? error.message : '';
  const match = /(?:Failed to fetch dynamically imported module|error loading dynamically imported module): (\S+)/.exec(message);
  if (!match || typeof location === 'undefined' || !URL.canParse(match[1]!)) return undefined;
  const url = new URL(match[1]!);
  return url.origin === location.origin ? url.href : undefined;
}

/** The chunk's URL with a retry marker, so the browser fetches it again. */
export function retryUrl(url: string, attempt: number): string {
  const next = new URL(url);
  next.searchParams.set('portico-retry', String(attempt));
  return next.href;
}

/**
 * Imports again the chunk a failed dynamic `import()` named (same origin only), under a
 * retry marker: some browsers (Chromium 150) keep a failed import's result, so importing
 * the same URL again fails without a request. `undefined` when the error names no chunk;
 * then import the same specifier again.
 */
export function retryFailedImport<T>(error: unknown, attempt: number): Promise<T> | undefined {
  const url = failedChunkUrl(error);
  return url === undefined ? undefined : (import(/* @vite-ignore */ retryUrl(url, attempt)) as Promise<T>);
}
