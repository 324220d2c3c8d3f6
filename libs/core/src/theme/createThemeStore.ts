import { createObservable, type Observable } from '@portico/kernel';
import type { ThemeMode, ThemeVariables } from './themeTokens';

/** The theme snapshot: requested mode, what it resolves to now, host variables. */
export interface ThemeState {
  readonly mode: ThemeMode;
  readonly resolved: 'light' | 'dark';
  readonly variables: ThemeVariables;
}

/** Theme store with a `system` mode that follows `prefers-color-scheme` live. */
export interface ThemeStore extends Observable<ThemeState> {
  setMode(mode: ThemeMode): void;
  setVariables(variables: ThemeVariables): void;
  dispose(): void;
}

/** Creates the theme store; without `matchMedia` (SSR, tests) `system` resolves to light. */
export function createThemeStore(mode: ThemeMode = 'system', variables: ThemeVariables = {}): ThemeStore {
  const query = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : undefined;
  const resolve = (m: ThemeMode) => (m === 'system' ? (query?.matches ? 'dark' : 'light') : m);
  const state = createObservable<ThemeState>({ mode, resolved: resolve(mode), variables });
  const onSystemChange = () => state.set((s) => ({ ...s, resolved: resolve(s.mode) }));
  query?.addEventListener('change', onSystemChange);
  return {
    getSnapshot: () => state.getSnapshot(),
    subscribe: (listener) => state.subscribe(listener),
    setMode: (next) => state.set((s) => ({ ...s, mode: next, resolved: resolve(next) })),
    setVariables: (next) => state.set((s) => ({ ...s, variables: { ...next } })),
    dispose: () => query?.removeEventListener('change', onSystemChange),
  };
}
