import { expect, test, type Page } from '@playwright/test';
import { clickToView, type Look } from '@portico/tools/clickToView';
import { connectDemoWallet, dialog, freshPage } from './helpers';

// What a visitor meets on the first click: these tests check by event order, not by the
// clock, that the modal and each core view are committed in the click's own task (a
// message posted right after the click runs before any timer, animation frame or
// Suspense reveal could). React's Suspense throttle (~300 ms) or any timer on the path
// makes them fail.

/** Clicks `target` and reports what the task right after the click's sees (see `clickToView`). */
const clickAndLookInNextTask = async (...args: Parameters<typeof clickToView>): Promise<Look> => (await clickToView(...args)).nextTask;

/** Waits until the page has loaded `chunk` and the browser has been idle twice since (idle preloading done). */
async function idleAfter(page: Page, chunk: RegExp): Promise<void> {
  await expect.poll(() => page.evaluate((source) => performance.getEntriesByType('resource').some((e) => new RegExp(source).test(e.name)), chunk.source)).toBe(true);
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve))));
}

const READY: Look = { dialog: true, loading: false, content: true };

test('the cold first open commits the dialog with the Connect view and its wallets in the click’s own task', async ({ page }) => {
  await freshPage(page);
  await idleAfter(page, /\/ModalRoot-[\w-]+\.js$/);
  await expect(dialog(page)).toHaveCount(0);
  expect(await clickAndLookInNextTask(page, { host: 'button.portico-connect-button' }, 'Connect', '[data-connector-id="demo-wallet"], button')).toEqual(READY);
  await expect(dialog(page).getByRole('button', { name: 'Demo Wallet', exact: true })).toBeVisible();
});

test('the first visit to Account, its NFTs and Tokens tabs and Networks renders in the click’s own task once the modal has opened', async ({ page }) => {
  await freshPage(page, `/?evm=${encodeURIComponent(process.env.PORTICO_EVM!)}`);
  await page.locator('button.portico-connect-button').click();
  await dialog(page).getByRole('button', { name: 'Portico Test Wallet', exact: true }).click();
  await expect(page.getByTestId('host-status')).toHaveText('connected');
  await expect(dialog(page)).toBeHidden();
  // Each is a chunk of its own, loaded when idle once the modal has opened.
  for (const chunk of [/\/AccountView-[\w-]+\.js$/, /\/AccountNftsView-[\w-]+\.js$/, /\/AccountTokensView-[\w-]+\.js$/, /\/NetworksView-[\w-]+\.js$/]) await idleAfter(page, chunk);
  expect(await clickAndLookInNextTask(page, { host: 'button.portico-account-button' }, 'Account', '[data-testid="account-address"]')).toEqual(READY);
  expect(await clickAndLookInNextTask(page, { text: 'NFTs' }, 'Account', '[role="tab"][aria-selected="true"]')).toEqual(READY);
  await expect(dialog(page).getByRole('tab', { name: 'NFTs' })).toHaveAttribute('aria-selected', 'true');
  expect(await clickAndLookInNextTask(page, { text: 'Tokens' }, 'Account')).toEqual(READY);
  expect(await clickAndLookInNextTask(page, { modal: '[data-testid="account-network"]' }, 'Networks', '[data-network-id]')).toEqual(READY);
});

test('the first click on the host’s network button renders Networks in the click’s own task, before any open', async ({ page }) => {
  await freshPage(page);
  // Its own chunk, loaded when idle because the page shows a NetworkButton (#41).
  await idleAfter(page, /\/NetworksView-[\w-]+\.js$/);
  await expect(dialog(page)).toHaveCount(0);
  expect(await clickAndLookInNextTask(page, { host: 'button.portico-network-button' }, 'Networks', '[data-network-id]')).toEqual(READY);
});

test('the first ApproveTransaction renders in the click’s own task once the modal has opened', async ({ page }) => {
  await freshPage(page);
  await connectDemoWallet(page);
  await idleAfter(page, /\/ApproveTransactionView-[\w-]+\.js$/);
  expect(await clickAndLookInNextTask(page, { hostText: 'Request needing approval' }, 'ApproveTransaction', '[data-testid="approve-method"]')).toEqual(READY);
  await dialog(page).getByRole('button', { name: 'Reject' }).click();
});

test('the first visit to All Wallets and to the WalletConnect QR view renders in the click’s own task', async ({ page }) => {
  const env = (name: string) => encodeURIComponent(process.env[name]!);
  await freshPage(page, `/?evm=${env('PORTICO_EVM')}&sol=${env('PORTICO_SOLANA')}&relay=${env('PORTICO_RELAY')}&registry=${env('PORTICO_REGISTRY')}`);
  await idleAfter(page, /\/ModalRoot-[\w-]+\.js$/);
  expect(await clickAndLookInNextTask(page, { host: 'button.portico-connect-button' }, 'Connect', '[data-connector-id="walletConnect"]')).toEqual(READY);
  await idleAfter(page, /\/ConnectingWalletConnectView-[\w-]+\.js$/);
  await idleAfter(page, /\/AllWalletsView-[\w-]+\.js$/);
  expect(await clickAndLookInNextTask(page, { text: 'All Wallets' }, 'AllWallets')).toEqual(READY);
  await dialog(page).getByRole('button', { name: 'Back' }).click();
  await expect(dialog(page)).toHaveAttribute('data-view', 'Connect');
  expect(await clickAndLookInNextTask(page, { modal: '[data-connector-id="walletConnect"]' }, 'ConnectingWalletConnect')).toEqual(READY);
});

test('a click before the modal’s chunk has arrived shows a loading dialog in the next task, then the modal', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/ModalRoot-[\w-]+\.js(\?.*)?$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  await expect(page.getByTestId('host-status')).toHaveText('disconnected');
  expect(await clickAndLookInNextTask(page, { host: 'button.portico-connect-button' }, 'Connect')).toMatchObject({ dialog: false });
  const skeleton = page.locator('[data-portico-skeleton] [role="dialog"]');
  await expect(skeleton).toHaveAttribute('aria-busy', 'true');
  await expect(skeleton).toHaveAccessibleName('Loading');
  release();
  await expect(dialog(page)).toHaveAttribute('data-view', 'Connect');
  await expect(page.locator('[data-portico-skeleton]')).toHaveCount(0);
});

test('a modal chunk that fails to load says so with a retry that works, and Escape closes it', async ({ page }) => {
  let failing = true;
  await page.route(/\/ModalRoot-[\w-]+\.js(\?.*)?$/, (route) => (failing ? route.abort('connectionreset') : route.continue()));
  await page.goto('/');
  await expect(page.getByTestId('host-status')).toHaveText('disconnected');
  await page.locator('button.portico-connect-button').click();
  const skeleton = page.locator('[data-portico-skeleton] [role="dialog"]');
  await expect(skeleton.getByRole('alert')).toHaveText('This part of the modal failed to load.');
  await page.keyboard.press('Escape');
  await expect(page.locator('[data-portico-skeleton]')).toHaveCount(0);
  await page.locator('button.portico-connect-button').click();
  await expect(skeleton.getByRole('alert')).toBeVisible();
  failing = false;
  await skeleton.getByRole('button', { name: 'Try again' }).click();
  await expect(dialog(page)).toHaveAttribute('data-view', 'Connect');
  await expect(dialog(page).getByRole('button', { name: 'Demo Wallet', exact: true })).toBeVisible();
});

test('before the click the Connect dialog is prepared, hidden: nothing sees it, the page under it takes clicks and Tab, and the click shows that same element', async ({ page }) => {
  await freshPage(page);
  const prepared = page.locator('[data-portico-modal] .pt-root[data-prepared] [role="dialog"][data-view="Connect"]');
  await expect(prepared).toHaveCount(1);
  // Hidden, not in the accessibility tree, not focusable.
  await expect(prepared).toBeHidden();
  await expect(dialog(page)).toHaveCount(0);
  await expect(page.locator('[data-portico-modal] .pt-root[data-prepared]')).toHaveAttribute('inert', '');
  // Its full-page overlay does not cover the page: a click lands on the page's own control.
  const network = page.locator('button.portico-network-button');
  const box = (await network.boundingBox())!;
  expect(await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.className ?? '', { x: box.x + box.width / 2, y: box.y + box.height / 2 })).toContain('portico-network-button');
  // Tab from the page never enters it.
  await page.locator('button.portico-connect-button').focus();
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.querySelector('[data-portico-modal]')?.shadowRoot?.activeElement)).toBe(false);
  }
  // The click shows the prepared element itself, focus moved into it, then back to the button on Escape.
  const marked = await prepared.evaluate((element) => ((element as HTMLElement & { prepared?: boolean }).prepared = true));
  expect(marked).toBe(true);
  await page.locator('button.portico-connect-button').click();
  await expect(dialog(page)).toBeVisible();
  expect(await dialog(page).evaluate((element) => (element as HTMLElement & { prepared?: boolean }).prepared === true)).toBe(true);
  await expect(page.locator('[data-portico-modal] .pt-root')).not.toHaveAttribute('data-prepared');
  expect(await page.evaluate(() => !!document.querySelector('[data-portico-modal]')?.shadowRoot?.activeElement)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toHaveCount(0);
  await expect(page.locator('button.portico-connect-button')).toBeFocused();
});
