import type { Decorator, Preview } from '@storybook/react-vite';
import { porticoStyles } from '../src/styles/porticoStyles';

/** Injects the modal's stylesheet once; in the product it is adopted by a shadow root. */
function injectStyles() {
  if (typeof document === 'undefined' || document.getElementById('portico-styles')) return;
  const style = document.createElement('style');
  style.id = 'portico-styles';
  style.textContent = porticoStyles;
  document.head.append(style);
}
injectStyles();

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

const preview: Preview = {
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

export default preview;
