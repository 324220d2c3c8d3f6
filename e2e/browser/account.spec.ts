import { expect, test } from '@playwright/test';
import { connectDemoWallet, dialog, expectNoSeriousA11yViolations, freshPage, openAccount, openConnect } from './helpers';

test.beforeEach(async ({ page }) => {
  await freshPage(page);
});

test('Account view shows the address and balance; Demo Testnet shows 0.00', async ({ page }) => {
  await connectDemoWallet(page);
  await expect(page.getByTestId('host-address')).toContainText('C0ffee');
  const d = await openAccount(page);
  await expect(d.getByTestId('account-address')).toHaveText('0xD3…C0ffee');
  await expect(d.getByTestId('account-balance')).toHaveText('1.234 DEMO');
  await d.getByRole('button', { name: 'Demo Mainnet' }).click();
  await expect(d).toHaveAttribute('data-view', 'Networks');
  await d.locator('[data-network-id="demo:2"]').click();
  await expect(d).toHaveAttribute('data-view', 'Account');
  await expect(d.getByTestId('account-balance')).toHaveText('0.00 DEMO');
  await expect(d.getByRole('button', { name: 'Demo Testnet' })).toBeVisible();
});

test('a reload keeps the connection without opening the modal', async ({ page }) => {
  await connectDemoWallet(page);
  await page.reload();
  await expect(page.getByTestId('host-status')).toHaveText('connected');
  await expect(page.getByTestId('host-address')).toContainText('C0ffee');
  await expect(dialog(page)).toHaveCount(0);
});

test('Disconnect returns the host to disconnected; focus lands on the connect button, not <body>', async ({ page }) => {
  await connectDemoWallet(page);
  const d = await openAccount(page);
  await d.getByRole('button', { name: 'Disconnect' }).press('Enter');
  await expect(d).toBeHidden();
  await expect(page.getByTestId('host-status')).toHaveText('disconnected');
  // The account button that opened the modal is gone; the connect button has focus.
  await expect(page.locator('button.portico-account-button')).toHaveCount(0);
  await expect(page.locator('button.portico-connect-button')).toBeFocused();
});

test('a declining wallet shows "Connection declined" and "Try again" retries', async ({ page }) => {
  const d = await openConnect(page);
  await d.getByRole('button', { name: 'Demo Wallet (declines)' }).click();
  await expect(d).toHaveAttribute('data-view', 'Connecting');
  await expect(d.getByText('Connection declined')).toBeVisible();
  const retry = d.getByRole('button', { name: 'Try again' });
  await expect(retry).toBeVisible();
  // Record (in the page) that the retry goes back to waiting before failing again.
  await page.evaluate(() => {
    const root = document.querySelector('[data-portico-modal]')!.shadowRoot!;
    const w = window as { sawSpinner?: boolean };
    w.sawSpinner = false;
    new MutationObserver(() => {
      if (root.querySelector('.pt-card .pt-spinner')) w.sawSpinner = true;
    }).observe(root, { childList: true, subtree: true });
  });
  await retry.click();
  await expect.poll(() => page.evaluate(() => (window as { sawSpinner?: boolean }).sawSpinner)).toBe(true);
  await expect(d.getByText('Connection declined')).toBeVisible();
  await expect(page.getByTestId('host-status')).toHaveText('disconnected');
});

test('a request needing approval: Approve resolves with the signature', async ({ page }) => {
  await connectDemoWallet(page);
  await page.getByRole('button', { name: 'Request needing approval' }).click();
  const d = dialog(page);
  await expect(d).toHaveAttribute('data-view', 'ApproveTransaction');
  await expect(d.getByTestId('approve-method')).toHaveText('demo_signMessage');
  await d.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByTestId('host-result')).toHaveText('demo_signMessage → signed:demo_signMessage');
});

test('a request needing approval: Reject rejects it', async ({ page }) => {
  await connectDemoWallet(page);
  await page.getByRole('button', { name: 'Request needing approval' }).click();
  const d = dialog(page);
  await expect(d).toHaveAttribute('data-view', 'ApproveTransaction');
  await d.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByTestId('host-result')).toContainText('User rejected the request');
});

test('a safe request resolves without the modal', async ({ page }) => {
  await connectDemoWallet(page);
  await page.getByRole('button', { name: 'Safe request' }).click();
  await expect(page.getByTestId('host-result')).toHaveText('demo_chainId → demo:1');
  await expect(dialog(page)).toHaveCount(0);
});

test('a request that is not allowed shows the notice only after ≥ 250 ms', async ({ page }) => {
  await connectDemoWallet(page);
  const started = Date.now();
  await page.getByRole('button', { name: 'Request that is not allowed' }).click();
  const d = dialog(page);
  await expect(d).toBeVisible();
  // The user is connected: the notice shows over their Account view, not over the Connect list.
  await expect(d).toHaveAttribute('data-view', 'Account');
  const notice = d.getByText('Action not allowed');
  await expect(notice).toBeVisible();
  expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  await expect(d.getByText('Requested RPC call is not allowed')).toBeVisible();
  await expect(page.getByTestId('host-result')).toHaveText('demo_drainWallet → Requested RPC call is not allowed');
});

test('Copy address puts the address on the clipboard and says so where it can be seen, for 2 s', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await connectDemoWallet(page);
  const d = await openAccount(page);
  await d.getByRole('button', { name: 'Copy address' }).click();
  await expect(d.getByTestId('account-copied')).toHaveText('Address copied');
  const address = await page.getByTestId('host-address').textContent();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
  await expect(d.getByTestId('account-copied')).toHaveText('', { timeout: 4_000 });
  await expect(d.getByRole('button', { name: 'Copy address' })).toBeVisible();
});

test('Receive shows the address as a QR code and text, copies it, and lists the networks that accept it', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await connectDemoWallet(page);
  const d = await openAccount(page);
  await d.getByRole('button', { name: 'Receive' }).click();
  await expect(d).toHaveAttribute('data-view', 'Receive');
  const address = (await page.getByTestId('host-address').textContent())!;
  await expect(d.getByTestId('receive-address')).toHaveText(address);
  await expect(d.getByTestId('receive-address')).toHaveAttribute('dir', 'ltr');
  await expect(d.getByRole('img', { name: 'QR code of your address' })).toBeVisible();
  // The namespace by the name its chain plugin gives it, not its id.
  await expect(d.getByText('Send only Demo assets to this address.')).toBeVisible();
  await expect(d.getByTestId('receive-networks').locator('bdi')).toHaveText(['Demo Mainnet', 'Demo Testnet']);
  await d.getByTestId('receive-copy').click();
  await expect(d.getByTestId('receive-copied')).toHaveText('Address copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
  await expectNoSeriousA11yViolations(page, 'Receive');
  // Back returns to the Account view.
  await d.getByRole('button', { name: 'Back' }).click();
  await expect(d).toHaveAttribute('data-view', 'Account');
});
