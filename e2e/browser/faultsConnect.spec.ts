import { expect, test, type Page } from '@playwright/test';
import { dialog, freshPage, openConnectView } from './helpers';

// The test wallet's account, and the slow wallet's (another anvil development account).
const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const SLOW_ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const path = (extra = '') => `/?evm=${encodeURIComponent(process.env.PORTICO_EVM!)}&slowWallet=1${extra}`;

const hostStatus = (page: Page) => page.getByTestId('host-status-eip155');
const hostAddress = (page: Page) => page.getByTestId('host-address');

/** Answers the slow wallet's held prompts (the user finally clicks "Connect" in it). */
const releaseSlowWallet = (page: Page) => page.evaluate(() => (window as unknown as { porticoTestWallets: { slow: { release(): void } } }).porticoTestWallets.slow.release());
const heldPrompts = (page: Page) => page.evaluate(() => (window as unknown as { porticoTestWallets: { slow: { heldPrompts: number } } }).porticoTestWallets.slow.heldPrompts);

async function pickWallet(page: Page, name: string) {
  await dialog(page).getByRole('button', { name, exact: true }).click();
}

test.describe('connect attempts the user gives up', () => {
  test('a wallet answering after the user gave up (Escape) and connected another does not take the connection over, now or after a reload', async ({ page }) => {
    await freshPage(page, path());
    await openConnectView(page);
    await pickWallet(page, 'Portico Slow Wallet');
    await expect(dialog(page)).toHaveAttribute('data-view', 'Connecting');
    await expect.poll(() => heldPrompts(page)).toBe(1);
    await expect(hostStatus(page)).toHaveText('connecting');
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
    // Given up: not "connecting" while the wallet still has the request.
    await expect(hostStatus(page)).toHaveText('disconnected');

    await openConnectView(page);
    await pickWallet(page, 'Portico Test Wallet');
    await expect(hostStatus(page)).toHaveText('connected');
    await expect(hostAddress(page)).toHaveText(ACCOUNT);

    // The slow wallet finally says yes.
    await releaseSlowWallet(page);
    await page.waitForTimeout(1000);
    await expect(hostAddress(page)).toHaveText(ACCOUNT);
    await expect(hostStatus(page)).toHaveText('connected');

    await page.reload();
    await expect(hostStatus(page)).toHaveText('connected');
    await expect(hostAddress(page)).toHaveText(ACCOUNT);
  });

  test('going Back from Connecting while a wallet is connected leaves that wallet connected, and its late answer changes nothing', async ({ page }) => {
    await freshPage(page, path());
    await openConnectView(page);
    await pickWallet(page, 'Portico Test Wallet');
    await expect(hostAddress(page)).toHaveText(ACCOUNT);

    await openConnectView(page);
    await pickWallet(page, 'Portico Slow Wallet');
    await expect(dialog(page)).toHaveAttribute('data-view', 'Connecting');
    await dialog(page).getByRole('button', { name: 'Back' }).click();
    await expect(dialog(page)).toHaveAttribute('data-view', 'Connect');
    await expect(hostStatus(page)).toHaveText('connected');
    await releaseSlowWallet(page);
    await page.waitForTimeout(1000);
    await expect(hostAddress(page)).toHaveText(ACCOUNT);
    // A reload in between restores the wallet that is connected.
    await page.reload();
    await expect(hostAddress(page)).toHaveText(ACCOUNT);
  });

  test('a wallet that does not answer: Connecting says so after the timeout and offers a retry and the other wallets', async ({ page }) => {
    await freshPage(page, path('&connectTimeoutMs=1500'));
    await openConnectView(page);
    await pickWallet(page, 'Portico Slow Wallet');
    const d = dialog(page);
    // Said once, not twice (the spinner is decorative).
    await expect(d.getByText('Accept the connection request in the wallet.')).toHaveCount(1);
    const notice = d.getByRole('alert').filter({ hasText: 'The wallet is not answering' });
    await expect(notice).toBeVisible({ timeout: 4000 });
    await expect(notice).toContainText('Check that Portico Slow Wallet is open and unlocked');
    await expect(hostStatus(page)).toHaveText('connecting');

    // Retry: a new attempt (the held one is dropped); the wallet answers it.
    await d.getByRole('button', { name: 'Try again' }).click();
    await expect(notice).toBeHidden();
    await expect.poll(() => heldPrompts(page)).toBe(2);
    await releaseSlowWallet(page);
    await expect(hostStatus(page)).toHaveText('connected');
    await expect(hostAddress(page)).toHaveText(SLOW_ACCOUNT);
  });

  test('"Other wallets" from the not-answering notice goes back to the list and ends the attempt', async ({ page }) => {
    await freshPage(page, path('&connectTimeoutMs=1500'));
    await openConnectView(page);
    await pickWallet(page, 'Portico Slow Wallet');
    await dialog(page).getByRole('button', { name: 'Other wallets' }).click({ timeout: 4000 });
    await expect(dialog(page)).toHaveAttribute('data-view', 'Connect');
    await expect(hostStatus(page)).toHaveText('disconnected');
    await releaseSlowWallet(page);
    await page.waitForTimeout(1000);
    await expect(hostStatus(page)).toHaveText('disconnected');
  });
});
