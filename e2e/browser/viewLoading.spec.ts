import { expect, test } from '@playwright/test';
import { connectDemoWallet, dialog, freshPage } from './helpers';

test('a view whose chunk fails to load shows an error with a retry, never a blank modal', async ({ page }) => {
  await freshPage(page);
  // Failing from the start: the idle preload after the first open fails too (and is retried on the visit).
  let failing = true;
  await page.route(/\/assets\/AccountView-[^/?]+\.js(\?.*)?$/, (route) => (failing ? route.abort('connectionreset') : route.continue()));
  await connectDemoWallet(page);
  await page.locator('button.portico-account-button').click();
  const d = dialog(page);
  await expect(d).toHaveAttribute('data-view', 'Account');
  await expect(d.getByTestId('view-error')).toBeVisible();
  await expect(d.getByText('This part of the modal failed to load.')).toBeVisible();
  failing = false;
  await d.getByRole('button', { name: 'Try again' }).click();
  await expect(d.getByTestId('account-address')).toHaveText('0xD3…C0ffee');
  await expect(d.getByTestId('view-error')).toBeHidden();
});
