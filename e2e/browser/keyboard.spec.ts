import { expect, test, type Locator, type Page } from '@playwright/test';
import { connectDemoWallet, dialog, freshPage, openAccount, openConnect, openConnectView } from './helpers';

// One keyboard model for the modal's lists (#38), given by the dialog's focus trap: ↓ / ↑ (and
// → / ←, mirrored right to left), Home / End and type-ahead, on top of Tab; the focus ring is
// drawn in both themes. A virtualized list (All Wallets) keeps its own keys.

/** The outline the focused element draws (the focus ring), read from the page. */
const ring = (target: Locator) => target.evaluate((el) => ({ style: getComputedStyle(el).outlineStyle, width: getComputedStyle(el).outlineWidth, color: getComputedStyle(el).outlineColor }));

const button = (d: Locator, name: string) => d.getByRole('button', { name, exact: true });

async function press(page: Page, ...keys: string[]) {
  for (const key of keys) await page.keyboard.press(key);
}

test.describe('lists answer the arrow keys', () => {
  test('Connect: ↓ ↑ between wallets, Home / End to the first method and the last row, type-ahead by name, → through the social icons; Tab still goes row by row', async ({ page }) => {
    await freshPage(page, '/?theme=light');
    const d = await openConnect(page);
    await button(d, 'Demo Wallet').focus();
    await press(page, 'ArrowDown');
    await expect(button(d, 'Demo Wallet (declines)')).toBeFocused();
    await press(page, 'ArrowDown', 'ArrowDown');
    await expect(button(d, 'Acme Custom Wallet')).toBeFocused();
    await press(page, 'ArrowUp');
    await expect(button(d, 'Demo Wallet (slow)')).toBeFocused();
    await press(page, 'End');
    await expect(button(d, 'All Wallets')).toBeFocused();
    await press(page, 'Home');
    await expect(button(d, 'Email')).toBeFocused();
    // The social icons: → walks them in reading order.
    await press(page, 'ArrowDown');
    await expect(button(d, 'Continue with Google')).toBeFocused();
    await press(page, 'ArrowRight');
    await expect(button(d, 'Continue with X')).toBeFocused();
    // Type-ahead: the same letter walks through the names starting with it; letters typed together narrow the search.
    await press(page, 'd');
    await expect(button(d, 'Demo Wallet')).toBeFocused();
    await press(page, 'd');
    await expect(button(d, 'Demo Wallet (declines)')).toBeFocused();
    await page.waitForTimeout(600);
    await press(page, 'a', 'l');
    await expect(button(d, 'All Wallets')).toBeFocused();
    await page.waitForTimeout(600);
    await press(page, 'a');
    await expect(button(d, 'Acme Custom Wallet')).toBeFocused();
    await press(page, 'a');
    await expect(button(d, 'All Wallets')).toBeFocused();
    // ↓ on the last row stays there; Tab still moves row by row.
    await press(page, 'ArrowDown');
    await expect(button(d, 'All Wallets')).toBeFocused();
    await button(d, 'Demo Wallet').focus();
    await press(page, 'Tab');
    await expect(button(d, 'Demo Wallet (declines)')).toBeFocused();
    // The ring is drawn around the focused row (a 2 px solid outline).
    const focused = button(d, 'Demo Wallet (declines)');
    await expect.poll(() => ring(focused)).toMatchObject({ style: 'solid', width: '2px' });
  });

  test('right to left (Arabic) and dark: ← is the next icon, the ring is drawn, and Networks answers ↓ and Home', async ({ page }) => {
    await freshPage(page, '/?theme=dark&locale=ar');
    await page.locator('button.portico-connect-button').click();
    const d = dialog(page);
    await expect(d).toHaveAttribute('data-view', 'Connect');
    const icons = d.locator('.pt-option');
    await icons.first().focus();
    const first = await icons.first().getAttribute('aria-label');
    await press(page, 'ArrowLeft');
    await expect(icons.nth(1)).toBeFocused();
    await press(page, 'ArrowRight');
    await expect(icons.first()).toBeFocused();
    expect(await icons.first().getAttribute('aria-label')).toBe(first);
    await expect.poll(() => ring(icons.first())).toMatchObject({ style: 'solid', width: '2px' });
    await page.keyboard.press('Escape');
    await expect(d).toBeHidden();

    await connectDemoWallet(page);
    const account = await openAccount(page);
    await account.getByTestId('account-network').click();
    await expect(account).toHaveAttribute('data-view', 'Networks');
    const networks = account.locator('.pt-list-item');
    expect(await networks.count()).toBeGreaterThan(1);
    await networks.nth(0).focus();
    await press(page, 'ArrowDown');
    await expect(networks.nth(1)).toBeFocused();
    await press(page, 'End');
    await expect(networks.last()).toBeFocused();
    await press(page, 'Home');
    await expect(networks.nth(0)).toBeFocused();
  });

  test('a lone .pt-list (Account\'s chains) gets the same model: ↓ / End / Home over its rows, past the Disconnect buttons, and type-ahead', async ({ page }) => {
    await freshPage(page, `/?evm=${encodeURIComponent(process.env.PORTICO_EVM!)}&sol=${encodeURIComponent(process.env.PORTICO_SOLANA!)}`);
    for (const [wallet, ns] of [
      ['Portico Test Wallet', 'eip155'],
      ['Portico Solana Test Wallet', 'solana'],
    ]) {
      const d = await openConnectView(page);
      await button(d, wallet!).click();
      await expect(page.getByTestId(`host-status-${ns}`)).toHaveText('connected');
      await expect(d).toBeHidden();
    }
    await page.locator('button.portico-account-button').click();
    const d = dialog(page);
    const chains = d.getByTestId('account-namespaces');
    const rows = chains.locator('button.pt-list-item');
    await expect(rows).toHaveCount(2);
    await expect(chains.locator('button:not(.pt-list-item)')).toHaveCount(2);
    await rows.nth(0).focus();
    await press(page, 'ArrowDown');
    await expect(rows.nth(1)).toBeFocused();
    await press(page, 'Home');
    await expect(rows.nth(0)).toBeFocused();
    await press(page, 'End');
    await expect(rows.nth(1)).toBeFocused();
    const first = (await rows.nth(0).locator('.pt-list-item-label').textContent())!.trim();
    await press(page, first[0]!.toLowerCase());
    await expect(rows.nth(0)).toBeFocused();
  });

  test('All Wallets (virtualized) keeps its own keys: ↓ moves between its rows, a letter moves nothing', async ({ page }) => {
    await freshPage(page, '/');
    const d = await openConnect(page);
    await button(d, 'All Wallets').click();
    await expect(d).toHaveAttribute('data-view', 'AllWallets');
    const list = d.getByTestId('all-wallets-list');
    await expect(list.locator('[data-index="1"] button')).toBeVisible();
    await list.locator('[data-index="0"] button').focus();
    await press(page, 'ArrowDown');
    await expect(list.locator('[data-index="1"] button')).toBeFocused();
    // The first row's initial would move focus there (or to another row) with type-ahead.
    const first = (await list.locator('[data-index="0"] .pt-list-item-label').textContent())!.trim();
    await press(page, first[0]!.toLowerCase());
    await expect(list.locator('[data-index="1"] button')).toBeFocused();
  });
});
