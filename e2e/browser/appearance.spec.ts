import { expect, test, type Page } from '@playwright/test';
import { dialog, freshPage, openConnect } from './helpers';

test('dark mode from the Controls select reaches the modal', async ({ page }) => {
  await freshPage(page);
  await page.getByLabel('Mode').selectOption('light');
  await openConnect(page);
  await expect(page.locator('.pt-root')).toHaveAttribute('data-theme', 'light');
  await page.keyboard.press('Escape');
  await page.getByLabel('Mode').selectOption('dark');
  await openConnect(page);
  await expect(page.locator('.pt-root')).toHaveAttribute('data-theme', 'dark');
});

test('?theme=dark starts in dark mode', async ({ page }) => {
  await freshPage(page, '/?theme=dark');
  await openConnect(page);
  await expect(page.locator('.pt-root')).toHaveAttribute('data-theme', 'dark');
});

test('?locale=ar renders right to left with the Arabic title', async ({ page }) => {
  await freshPage(page, '/?locale=ar');
  await page.locator('button.portico-connect-button').click();
  const d = dialog(page);
  await expect(d).toHaveAttribute('data-view', 'Connect');
  await expect(page.locator('.pt-root')).toHaveAttribute('dir', 'rtl');
  await expect(d.getByRole('heading', { level: 2 })).toHaveText('ربط المحفظة');
});

test('switching the Locale select to Arabic flips the modal to RTL', async ({ page }) => {
  await freshPage(page);
  await page.getByLabel('Locale').selectOption('ar');
  await page.locator('button.portico-connect-button').click();
  await expect(page.locator('.pt-root')).toHaveAttribute('dir', 'rtl');
  await expect(dialog(page).getByRole('heading', { level: 2 })).toHaveText('ربط المحفظة');
});

test('an empty projectId shows the Project ID Not Configured alert', async ({ page }) => {
  await freshPage(page, '/?projectId=');
  await page.locator('button.portico-connect-button').click();
  const alert = dialog(page).getByRole('alert').filter({ hasText: 'Project ID Not Configured' });
  await expect(alert).toBeVisible();
});

test.describe('motion', () => {
  const durations = (page: Page) =>
    page.evaluate(() => {
      const root = document.querySelector('[data-portico-modal]')!.shadowRoot!;
      const style = (selector: string) => getComputedStyle(root.querySelector(selector)!).animationDuration;
      return { overlay: style('.pt-overlay'), card: style('.pt-card'), view: style('.pt-body') };
    });

  test('the spec’s durations: overlay 120 ms, card 150 ms, view 150 ms', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.goto('/');
    await page.locator('button.portico-connect-button').click();
    // The modal itself, not the loading dialog a click before its chunk arrived shows first.
    await expect(page.getByRole('dialog')).toHaveAttribute('data-view', 'Connect');
    expect(await durations(page)).toEqual({ overlay: '0.12s', card: '0.15s', view: '0.15s' });
  });

  test('prefers-reduced-motion turns the animations off', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await page.locator('button.portico-connect-button').click();
    // The modal itself, not the loading dialog a click before its chunk arrived shows first.
    await expect(page.getByRole('dialog')).toHaveAttribute('data-view', 'Connect');
    expect(await durations(page)).toEqual({ overlay: '0s', card: '0s', view: '0s' });
  });
});
