import { expect, test } from '@playwright/test';
import { dialog, freshPage } from './helpers';

const env = (name: string) => encodeURIComponent(process.env[name]!);

test('a view whose chunk fails to load shows an error with a retry, never a blank modal', async ({ page }) => {
  await freshPage(page, `/?evm=${env('PORTICO_EVM')}&sol=${env('PORTICO_SOLANA')}&relay=${env('PORTICO_RELAY')}&registry=${env('PORTICO_REGISTRY')}`);
  // Failing from the start: the idle prefetch after the first open fails too (and is retried on the visit).
  let failing = true;
  await page.route(/\/assets\/AllWalletsView-[^/?]+\.js(\?.*)?$/, (route) => (failing ? route.abort('connectionreset') : route.continue()));
  await page.locator('button.portico-connect-button').click();
  const d = dialog(page);
  await expect(d).toHaveAttribute('data-view', 'Connect');
  await d.getByRole('button', { name: 'All Wallets' }).click();
  await expect(d).toHaveAttribute('data-view', 'AllWallets');
  await expect(d.getByTestId('view-error')).toBeVisible();
  await expect(d.getByText('This part of the modal failed to load.')).toBeVisible();
  failing = false;
  await d.getByRole('button', { name: 'Try again' }).click();
  await expect(d.getByTestId('all-wallets-list')).toBeVisible();
  await expect(d.getByTestId('view-error')).toBeHidden();
});
