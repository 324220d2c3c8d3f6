/** Theme modes a host can ask for; `system` follows `prefers-color-scheme`. */
export type ThemeMode = 'light' | 'dark' | 'system';

/** Host-overridable theme variables, mapped to `--portico-*` CSS custom properties. */
export interface ThemeVariables {
  accent?: string;
  fontFamily?: string;
  fontSizeBase?: string;
  borderRadius?: string;
  zIndex?: number;
  overlay?: string;
}

const PROPERTY: Record<keyof ThemeVariables, string> = {
  accent: '--portico-accent',
  fontFamily: '--portico-font-family',
  fontSizeBase: '--portico-font-size-base',
  borderRadius: '--portico-radius',
  zIndex: '--portico-z-index',
  overlay: '--portico-overlay',
};

/** A value that cannot break out of a declaration (no `;`, braces, `<`, backslash or url()). */
const SAFE_VALUE = /^(?!.*url\s*\()[^;{}<>\\]{1,200}$/i;

/**
 * Turns host theme variables into CSS custom properties for a `style` object. Values that
 * could inject CSS are dropped and reported in `rejected`, never applied.
 */
export function themeVariablesToStyle(variables: ThemeVariables = {}): {
  style: Record<string, string>;
  rejected: Array<keyof ThemeVariables>;
} {
  const style: Record<string, string> = {};
  const rejected: Array<keyof ThemeVariables> = [];
  for (const key of Object.keys(variables) as Array<keyof ThemeVariables>) {
    const property = PROPERTY[key];
    const raw = variables[key];
    if (!property || raw === undefined) {
      if (!property) rejected.push(key);
      continue;
    }
    const value = String(raw).trim();
    if (key === 'zIndex' ? Number.isInteger(raw) : SAFE_VALUE.test(value)) style[property] = value;
    else rejected.push(key);
  }
  return { style, rejected };
}
