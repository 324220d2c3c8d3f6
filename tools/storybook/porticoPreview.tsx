import type { Decorator, Preview } from '@storybook/react-vite';

/** Injects the modal's stylesheet once; in the product it is adopted by a shadow root. */
function injectStyles(porticoStyles: string) {
  if (typeof document === 'undefined' || document.getElementById('portico-styles')) return;
  const style = document.createElement('style');
  style.id = 'portico-styles';
  style.textContent = porticoStyles;
  document.head.append(style);
}

/** Renders each story inside `.pt-root`, themed and directed by the toolbar globals. */
const withPorticoRoot: Decorator = (Story, context) => {
  const theme = context.globals.theme === 'dark' ? 'dark' : 'light';
  const dir = context.globals.direction === 'rtl' ? 'rtl' : 'ltr';
  return (
    <div className="pt-root" data-theme={theme} dir={dir} style={{ background: 'var(--pt-bg)', color: 'var(--pt-fg)', padding: 16, maxWidth: 360 }}>
      <Story />
    </div>
  );
};

/**
 * The Storybook preview both Portico Storybooks share (libs/ui, libs/react): the modal's
 * stylesheet, and every story inside `.pt-root` with theme and direction from the toolbar.
 */
export function createPorticoPreview(porticoStyles: string): Preview {
  injectStyles(porticoStyles);
  return {
    decorators: [withPorticoRoot],
    globalTypes: {
      theme: {
        description: 'Portico theme',
        toolbar: { title: 'Theme', icon: 'mirror', items: ['light', 'dark'], dynamicTitle: true },
      },
      direction: {
        description: 'Text direction',
        toolbar: { title: 'Direction', icon: 'transfer', items: ['ltr', 'rtl'], dynamicTitle: true },
      },
    },
    initialGlobals: { theme: 'light', direction: 'ltr' },
    parameters: { layout: 'padded' },
  };
}
