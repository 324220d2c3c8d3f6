// @vitest-environment happy-dom
/**
 * docs/theming.md and docs/i18n.md: their examples (the files beside this one, shown byte for
 * byte by the pages), rendered, doing what the pages say.
 */
import { PorticoProvider } from '@portico/react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { portico as i18nPortico, speakHebrew, Welcome } from './i18n';
import { ThemeToggle, portico as themedPortico } from './theming';

afterEach(cleanup);

/** The modal's root (`.pt-root`), in its shadow root or the document. */
const modalRoot = (): HTMLElement | null => {
  for (const element of document.querySelectorAll('*')) {
    const found = element.shadowRoot?.querySelector<HTMLElement>('.pt-root');
    if (found) return found;
  }
  return document.querySelector<HTMLElement>('.pt-root');
};

describe('docs/theming.md', () => {
  it('the variables reach the modal as --portico-* properties, and the toggle switches the mode the modal takes', async () => {
    render(
      <PorticoProvider portico={themedPortico}>
        <ThemeToggle />
      </PorticoProvider>,
    );
    expect(screen.getByRole('button').textContent).toBe('Theme: system (light)');
    await act(async () => fireEvent.click(screen.getByRole('button')));
    expect(screen.getByRole('button').textContent).toBe('Theme: dark');
    expect(themedPortico.theme.getSnapshot()).toMatchObject({ mode: 'dark', resolved: 'dark' });
    void act(() => void themedPortico.open());
    await vi.waitFor(() => expect(modalRoot()).not.toBeNull(), { timeout: 10_000 });
    const root = modalRoot()!;
    expect(root.dataset['theme']).toBe('dark');
    expect(root.style.getPropertyValue('--portico-accent')).toBe('#c2255c');
    expect(root.style.getPropertyValue('--portico-radius')).toBe('8px');
    expect(root.style.getPropertyValue('--portico-z-index')).toBe('1000');
    await act(async () => void themedPortico.close());
    await themedPortico.dispose();
  });
});

describe('docs/i18n.md', () => {
  it("the app's own strings follow the modal's language, with English for a locale they lack; Hebrew turns them right to left", async () => {
    render(
      <PorticoProvider portico={i18nPortico}>
        <Welcome name="Ada" />
      </PorticoProvider>,
    );
    // happy-dom's navigator.languages is en-US: 'auto' reads English.
    expect(screen.getByText(/Welcome back, Ada/).getAttribute('dir')).toBe('ltr');
    await act(() => i18nPortico.i18n.setLocale('fr'));
    // The French strings are a module of their own: they show once it has loaded.
    expect(await screen.findByText(/Bon retour, Ada/)).toBeTruthy();
    expect(screen.getByRole('link').textContent).toBe('Besoin d’aide ?');
    await act(() => speakHebrew());
    // No Hebrew in the app's catalogue: its English, right to left as the modal is.
    const text = screen.getByText(/Welcome back, Ada/);
    expect(text.getAttribute('dir')).toBe('rtl');
    expect(text.getAttribute('lang')).toBe('he');
    await i18nPortico.dispose();
  });
});
