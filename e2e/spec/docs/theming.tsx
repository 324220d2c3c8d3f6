import { createPortico, useTheme } from '@portico/react';

// At creation: the mode and the variables (the modal's only theming inputs).
export const portico = createPortico({
  projectId: 'your-project-id',
  themeMode: 'system',
  themeVariables: { accent: '#c2255c', fontFamily: '"Inter", system-ui, sans-serif', fontSizeBase: '16px', borderRadius: '8px', zIndex: 1000, overlay: 'rgba(20, 0, 40, 0.6)' },
});

/** Anywhere under <PorticoProvider>: the mode (light, dark, or the system's), switched at run time. */
export function ThemeToggle() {
  const { mode, resolved, setThemeMode } = useTheme();
  return (
    <button type="button" onClick={() => setThemeMode(resolved === 'dark' ? 'light' : 'dark')}>
      {mode === 'system' ? `Theme: system (${resolved})` : `Theme: ${mode}`}
    </button>
  );
}
