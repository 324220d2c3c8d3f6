import { expect, test } from '@playwright/test';
import { allServicesQuery, connectButton, dialog, focusedText, focusInsideDialog, freshPage, openConnect } from './helpers';

test.beforeEach(async ({ page }) => {
  await freshPage(page);
});

test('opens from the button and closes with Close, restoring focus', async ({ page }) => {
  const d = await openConnect(page);
  await expect(d).toHaveAttribute('aria-modal', 'true');
  await expect(d.getByRole('heading', { level: 2 })).toHaveText('Connect Wallet');
  await expect(d).toHaveAccessibleName('Connect Wallet');
  await d.getByRole('button', { name: 'Close' }).click();
  await expect(d).toBeHidden();
  await expect(connectButton(page)).toBeFocused();
});

test('Escape closes the modal and restores focus', async ({ page }) => {
  const d = await openConnect(page);
  await page.keyboard.press('Escape');
  await expect(d).toBeHidden();
  await expect(connectButton(page)).toBeFocused();
});

test('clicking the overlay closes the modal, clicking the card does not', async ({ page }) => {
  const d = await openConnect(page);
  await d.getByRole('heading', { level: 2 }).click();
  await expect(d).toBeVisible();
  await page.mouse.click(5, 5);
  await expect(d).toBeHidden();
  await expect(connectButton(page)).toBeFocused();
});

test('focus is trapped: Tab and Shift+Tab never leave the dialog', async ({ page }) => {
  await openConnect(page);
  await expect.poll(() => focusInsideDialog(page)).toBe(true);
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press('Tab');
    expect(await focusInsideDialog(page), `after Tab #${i + 1}`).toBe(true);
  }
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press('Shift+Tab');
    expect(await focusInsideDialog(page), `after Shift+Tab #${i + 1}`).toBe(true);
  }
});

test('keyboard only: Enter opens, Tab to Demo Wallet, Enter connects and closes', async ({ page }) => {
  await connectButton(page).focus();
  await page.keyboard.press('Enter');
  const d = dialog(page);
  await expect(d).toHaveAttribute('data-view', 'Connect');
  await expect(d.getByRole('button', { name: 'Demo Wallet', exact: true })).toBeVisible();
  await expect.poll(() => focusInsideDialog(page)).toBe(true);
  let reached = false;
  for (let i = 0; i < 30 && !reached; i++) {
    if ((await focusedText(page)) === 'Demo Wallet') reached = true;
    else await page.keyboard.press('Tab');
  }
  expect(reached, 'Tab reaches Demo Wallet').toBe(true);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('host-status')).toHaveText('connected');
  await expect(d).toBeHidden();
});

test('the dialog is 360 px wide on a desktop viewport', async ({ page }) => {
  const d = await openConnect(page);
  const box = await d.boundingBox();
  expect(box?.width).toBeCloseTo(360, 0);
});

test.describe('on a 375 px viewport', () => {
  test.use({ viewport: { width: 375, height: 740 } });
  test('the dialog takes the full width', async ({ page }) => {
    const d = await openConnect(page);
    const box = await d.boundingBox();
    expect(box?.width).toBeCloseTo(375, 0);
    expect(box?.x).toBeCloseTo(0, 0);
  });

  test('the playground page, with every chain and service configured, is no wider than the phone', async ({ page }) => {
    await freshPage(page, `/?${allServicesQuery()}`);
    const wider = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('body *')].filter((el) => el.getBoundingClientRect().right > innerWidth + 0.5).map((el) => `<${el.tagName.toLowerCase()}> ${el.textContent?.slice(0, 40)}`),
    );
    expect(wider).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
  });
});

test('the list keys: ArrowDown/ArrowUp move through the Connect view’s methods and wallets across its groups, Home and End jump, Tab leaves', async ({ page }) => {
  const d = await openConnect(page);
  // The items of the list keys (@portico/ui's LIST_ITEMS, one sequence for the view): every method and wallet row, the social icons.
  const rows = d.locator('button.pt-list-item:not([disabled]), button.pt-option:not([disabled])');
  const names = (await rows.allTextContents()).map((t) => t.trim());
  expect(names.length).toBeGreaterThan(2);
  await rows.first().focus();
  await page.keyboard.press('ArrowDown');
  expect(await focusedText(page)).toBe(names[1]);
  await page.keyboard.press('End');
  expect(await focusedText(page)).toBe(names[names.length - 1]);
  await page.keyboard.press('ArrowDown');
  expect(await focusedText(page), 'the last row stays').toBe(names[names.length - 1]);
  await page.keyboard.press('ArrowUp');
  expect(await focusedText(page)).toBe(names[names.length - 2]);
  await page.keyboard.press('Home');
  expect(await focusedText(page)).toBe(names[0]);
  for (let i = 0; i < 10; i++) {
    await page.keyboard.press('Tab');
    expect(await focusInsideDialog(page), `after Tab #${i + 1}`).toBe(true);
  }
});

test('each social sign-in shows its brand mark (an image), not a letter', async ({ page }) => {
  const d = await openConnect(page);
  const socials = d.locator('button.pt-option');
  // Three icons and "More" (as AppKit shows them); More reveals the other three in its place.
  await expect(socials).toHaveCount(4);
  await d.getByRole('button', { name: '3 more sign-in options' }).click();
  await expect(socials).toHaveCount(6);
  const google = d.getByRole('button', { name: 'Continue with Google' });
  for (const button of [google, ...(await socials.all())]) {
    const image = button.locator('img');
    await expect(image).toHaveAttribute('src', /^data:image\/svg\+xml,/);
    // Decoded and drawn (a broken image has no natural size).
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  }
});
