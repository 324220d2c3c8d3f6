import type { ThemeMode, ThemeState, ThemeVariables } from '@portico/core';
import { useObservable } from './useObservable';
import { usePortico } from './usePortico';

/** The theme and its setters. */
export function useTheme(): ThemeState & { setThemeMode(mode: ThemeMode): void; setThemeVariables(variables: ThemeVariables): void } {
  const { theme } = usePortico('useTheme');
  const state = useObservable(theme);
  return { ...state, setThemeMode: theme.setMode, setThemeVariables: theme.setVariables };
}
