export { themeVariablesToStyle } from './themeTokens';
export type { ThemeMode, ThemeVariables } from './themeTokens';
