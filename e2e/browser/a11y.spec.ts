import { expect, test } from '@playwright/test';
import { connectDemoWallet, dialog, expectNoSeriousA11yViolations, freshPage, openAccount, openConnect } from './helpers';

test.describe('axe-core: no serious or critical violations', () => {
  test('Connect and All Wallets (light)', async ({ page }) => {
    await freshPage(page, '/?theme=light');
    const d = await openConnect(page);
    await expectNoSeriousA11yViolations(page, 'Connect (light)');
    await d.getByRole('button', { name: 'All Wallets' }).click();
    await expect(d).toHaveAttribute('data-view', 'AllWallets');
    await expect(d.getByRole('searchbox')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'All Wallets (light)');
  });

  test('Connecting failure (light)', async ({ page }) => {
    await freshPage(page, '/?theme=light');
    const d = await openConnect(page);
    await d.getByRole('button', { name: 'Demo Wallet (declines)' }).click();
    await expect(d.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'Connecting failure (light)');
  });

  test('Account, Networks and ApproveTransaction (light)', async ({ page }) => {
    await freshPage(page, '/?theme=light');
    await connectDemoWallet(page);
    const d = await openAccount(page);
    await expectNoSeriousA11yViolations(page, 'Account (light)');
    await d.getByRole('button', { name: 'Demo Mainnet' }).click();
    await expect(d).toHaveAttribute('data-view', 'Networks');
    await expectNoSeriousA11yViolations(page, 'Networks (light)');
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
    await page.getByRole('button', { name: 'Request needing approval' }).click();
    await expect(dialog(page)).toHaveAttribute('data-view', 'ApproveTransaction');
    await expectNoSeriousA11yViolations(page, 'ApproveTransaction (light)');
  });

  test('Connect (dark)', async ({ page }) => {
    await freshPage(page, '/?theme=dark');
    await openConnect(page);
    await expect(page.locator('.pt-root')).toHaveAttribute('data-theme', 'dark');
    await expectNoSeriousA11yViolations(page, 'Connect (dark)');
  });

  test('Connect (RTL, Arabic)', async ({ page }) => {
    await freshPage(page, '/?locale=ar&theme=light');
    await page.locator('button.portico-connect-button').click();
    await expect(dialog(page)).toHaveAttribute('data-view', 'Connect');
    await expect(page.locator('.pt-root')).toHaveAttribute('dir', 'rtl');
    await expect(dialog(page).getByRole('listitem').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'Connect (RTL)');
  });
});

test('axe: the sign-in message view (SIWXSignMessage) has no serious or critical violations', async ({ page }) => {
  await freshPage(page, `/?siwx=optional&evm=${encodeURIComponent(process.env.PORTICO_EVM!)}`);
  await page.locator('button.portico-connect-button').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Portico Test Wallet', exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveAttribute('data-view', 'SIWXSignMessage');
  await expect(page.getByRole('dialog').getByTestId('siwx-message')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'SIWXSignMessage');
});
