import { expect, test, type Page } from '@playwright/test';
import { connectButton, dialog, expectNoSeriousA11yViolations, freshPage, openConnect } from './helpers';

/** The connect methods the playground's Connect view offers, besides the wallets. */
const OTHER_METHODS = ['Email', 'Continue with Google', 'Continue with X', 'Continue with Discord'];
const consentBox = (page: Page) => dialog(page).getByRole('checkbox', { name: 'I agree to the Terms of Service and the Privacy Policy.' });
const REASON = 'Accept the terms above to connect a wallet.';

/** Opens the modal on the Connect view without expecting the wallet list (it may be collapsed). */
async function openConnectMethods(page: Page) {
  await connectButton(page).click();
  const d = dialog(page);
  await expect(d).toHaveAttribute('data-view', 'Connect');
  await expect(d.getByRole('button', { name: 'Email' })).toBeVisible();
  return d;
}

test.describe('legalCheckbox', () => {
  test('off (the default): no checkbox, and a wallet connects at once', async ({ page }) => {
    await freshPage(page);
    const d = await openConnect(page);
    await expect(d.getByRole('checkbox')).toHaveCount(0);
    await expect(d.getByText(REASON)).toHaveCount(0);
    await d.getByRole('button', { name: 'Demo Wallet', exact: true }).click();
    await expect(page.getByTestId('host-status')).toHaveText('connected');
  });

  test('on: every connect method is disabled with the reason until the terms are accepted; then connecting works, and a reload remembers the tick', async ({ page }) => {
    await freshPage(page, '/?features=legalCheckbox');
    const d = await openConnect(page);
    const box = consentBox(page);
    await expect(box).not.toBeChecked();
    await expect(d.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', /\/terms\.html$/);
    await expect(d.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', /\/privacy\.html$/);
    await expect(d.getByText(REASON)).toBeVisible();
    const demo = d.getByRole('button', { name: 'Demo Wallet', exact: true });
    for (const name of ['Demo Wallet', 'All Wallets', ...OTHER_METHODS]) {
      const button = d.getByRole('button', { name, exact: true });
      await expect(button, name).toBeDisabled();
      await expect(button, name).toHaveAccessibleDescription(REASON);
    }
    await expectNoSeriousA11yViolations(page, 'Connect, terms not accepted');
    // A click on a disabled method does nothing.
    await demo.click({ force: true });
    await d.getByRole('button', { name: 'Email' }).click({ force: true });
    await expect(d).toHaveAttribute('data-view', 'Connect');
    await expect(page.getByTestId('host-status')).toHaveText('disconnected');

    await box.check();
    await expect(d.getByText(REASON)).toHaveCount(0);
    for (const name of ['Demo Wallet', 'All Wallets', ...OTHER_METHODS]) await expect(d.getByRole('button', { name, exact: true }), name).toBeEnabled();
    await expectNoSeriousA11yViolations(page, 'Connect, terms accepted');

    // Remembered for the site: after a reload the box is still ticked and a wallet connects.
    await page.reload();
    const again = await openConnect(page);
    await expect(consentBox(page)).toBeChecked();
    await again.getByRole('button', { name: 'Demo Wallet', exact: true }).click();
    await expect(page.getByTestId('host-status')).toHaveText('connected');
    await expect(again).toBeHidden();
  });

  test('set from the control panel, the flag takes effect; All Wallets waits for the terms too', async ({ page }) => {
    await freshPage(page);
    await page.getByRole('checkbox', { name: /^legalCheckbox/ }).check();
    const d = await openConnect(page);
    await expect(d.getByRole('button', { name: 'Demo Wallet', exact: true })).toBeDisabled();
    await consentBox(page).check();
    await d.getByRole('button', { name: 'All Wallets' }).click();
    await expect(d).toHaveAttribute('data-view', 'AllWallets');
    await consentBox(page).uncheck();
    await expect(d.getByTestId('all-wallets-list').getByRole('button').first()).toBeDisabled();
    await consentBox(page).check();
    await expect(d.getByTestId('all-wallets-list').getByRole('button').first()).toBeEnabled();
  });
});

test.describe('collapseWallets', () => {
  test('off (the default): the wallets are listed with the other methods', async ({ page }) => {
    await freshPage(page);
    const d = await openConnect(page);
    await expect(d.getByRole('region', { name: 'Wallets' })).toBeVisible();
    await expect(d.getByRole('button', { name: 'Continue with a wallet' })).toHaveCount(0);
  });

  test('on: e-mail and socials first, the wallets behind one button; it reveals them, focus moves to the first, and connecting works', async ({ page }) => {
    await freshPage(page, '/?features=collapseWallets');
    const d = await openConnectMethods(page);
    const more = d.getByRole('button', { name: 'Continue with a wallet' });
    await expect(more).toBeVisible();
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await expect(d.getByRole('region', { name: 'Wallets' })).toHaveCount(0);
    await expect(d.getByRole('button', { name: 'Demo Wallet', exact: true })).toHaveCount(0);
    // The wallet button comes after e-mail and the socials.
    const emailBox = await d.getByRole('button', { name: 'Email' }).boundingBox();
    const moreBox = await more.boundingBox();
    expect(moreBox!.y).toBeGreaterThan(emailBox!.y);
    await expectNoSeriousA11yViolations(page, 'Connect, wallets collapsed');

    // Keyboard: Enter on the button reveals the list and puts focus on its first wallet.
    await more.focus();
    await page.keyboard.press('Enter');
    const wallets = d.getByRole('region', { name: 'Wallets' });
    await expect(wallets).toBeVisible();
    await expect(more).toHaveCount(0);
    await expect(wallets.getByRole('button').first()).toBeFocused();
    await expectNoSeriousA11yViolations(page, 'Connect, wallets revealed');
    await wallets.getByRole('button', { name: 'Demo Wallet', exact: true }).click();
    await expect(page.getByTestId('host-status')).toHaveText('connected');
    await expect(d).toBeHidden();
  });

  test('on, with e-mail and socials turned off: nothing to collapse, the wallets are listed directly', async ({ page }) => {
    await freshPage(page, '/?features=collapseWallets,-email,-socials');
    const d = await openConnect(page);
    await expect(d.getByRole('button', { name: 'Email' })).toHaveCount(0);
    await expect(d.getByRole('button', { name: 'Continue with a wallet' })).toHaveCount(0);
    await expect(d.getByRole('region', { name: 'Wallets' }).getByRole('button', { name: 'Demo Wallet', exact: true })).toBeVisible();
  });
});
