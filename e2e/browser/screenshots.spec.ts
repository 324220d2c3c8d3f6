import { expect, test, type Locator, type Page } from '@playwright/test';
import { allServicesQuery, connectDemoWallet, dialog, expectNoA11yViolations, freshPage, openAccount, openConnect } from './helpers';

/**
 * Visual baselines and axe (no violation of any impact): every view of the modal in light, dark and right-to-left (Arabic), on a
 * desktop and a 375 px phone, against PNGs stored beside this file, so a visual regression fails
 * `npm test`. Update on purpose with `npx playwright test -c e2e/playwright.config.ts
 * e2e/browser/screenshots.spec.ts --update-snapshots` and review the new images.
 *
 * What changes from run to run is masked, not the layout under test: the WalletConnect QR code (a
 * new pairing URI each time) and the sign-in message (its nonce and timestamps). Images are not:
 * every one here is local (the registry's generated wallet images, the test wallets' data: icons,
 * avatars), the same on every run, and a changed icon must fail. The comparison allows
 * `MAX_DIFF_PIXELS` pixels, fewer than a moved word or a changed 16 px icon makes (a 1 % ratio
 * let a token name jump across a row unnoticed).
 */
const MAX_DIFF_PIXELS = 12;
const VARIANTS = [
  { name: 'light', query: 'theme=light', dir: 'ltr' },
  { name: 'dark', query: 'theme=dark', dir: 'ltr' },
  { name: 'rtl', query: 'theme=light&locale=ar', dir: 'rtl' },
] as const;
const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1024, height: 900 } },
  { name: 'phone', viewport: { width: 375, height: 812 } },
] as const;

type Variant = (typeof VARIANTS)[number];

/** The Connect view's "All Wallets" row in English and Arabic. */
const ALL_WALLETS = /^(All Wallets|كل المحافظ)/;

/** A fresh page in `query`'s theme and locale with the demo wallet connected, and its Account view. */
async function demoAccount(page: Page, query: string): Promise<Locator> {
  await freshPage(page, `/?${query}`);
  await connectDemoWallet(page);
  return openAccount(page);
}

/** Each view: how to reach it from a fresh page (`query` carries theme and locale), and its `data-view`. */
const VIEWS: readonly { name: string; view: string; reach: (page: Page, query: string) => Promise<Locator>; mask?: (d: Locator) => Locator[] }[] = [
  {
    name: 'connect',
    view: 'Connect',
    reach: async (page, query) => {
      await freshPage(page, `/?${query}`);
      return openConnect(page);
    },
  },
  {
    name: 'all-wallets',
    view: 'AllWallets',
    reach: async (page, query) => {
      await freshPage(page, `/?${query}&${allServicesQuery()}`);
      const d = await openConnect(page);
      await d.getByRole('button', { name: ALL_WALLETS }).click();
      await expect(d).toHaveAttribute('data-view', 'AllWallets');
      // The registry's rows have arrived (hundreds, virtualized: only those in view exist).
      const list = d.getByTestId('all-wallets-list');
      await expect.poll(async () => Number(await list.getAttribute('data-count'))).toBeGreaterThan(100);
      await expect(list.locator('li').nth(5)).toBeVisible();
      return d;
    },
  },
  {
    name: 'walletconnect',
    view: 'ConnectingWalletConnect',
    reach: async (page, query) => {
      await freshPage(page, `/?${query}&${allServicesQuery()}`);
      const d = await openConnect(page);
      await d.locator('[data-connector-id="walletConnect"]').click();
      await expect(d.locator('.pt-qr')).toBeVisible({ timeout: 15_000 });
      return d;
    },
    mask: (d) => [d.locator('.pt-qr')],
  },
  {
    name: 'connecting-declined',
    view: 'Connecting',
    reach: async (page, query) => {
      await freshPage(page, `/?${query}`);
      const d = await openConnect(page);
      await d.getByRole('button', { name: 'Demo Wallet (declines)' }).click();
      await expect(d.locator('.pt-alert-error, [role="alert"]').first()).toBeVisible();
      return d;
    },
  },
  {
    name: 'account',
    view: 'Account',
    reach: async (page, query) => {
      const d = await demoAccount(page, query);
      await expect(d.getByTestId('account-balance')).toContainText('1.234');
      return d;
    },
  },
  {
    name: 'networks',
    view: 'Networks',
    reach: async (page, query) => {
      const d = await demoAccount(page, query);
      await d.getByTestId('account-network').click();
      return d;
    },
  },
  {
    name: 'receive',
    view: 'Receive',
    reach: async (page, query) => {
      const d = await demoAccount(page, query);
      await d.locator('[data-wallet-button="receive"]').click();
      await expect(d.getByTestId('receive-address')).toBeVisible();
      return d;
    },
  },
  {
    name: 'approve',
    view: 'ApproveTransaction',
    reach: async (page, query) => {
      await freshPage(page, `/?${query}`);
      await connectDemoWallet(page);
      await page.getByRole('button', { name: 'Request needing approval' }).click();
      return dialog(page);
    },
  },
  {
    name: 'sign-in',
    view: 'SIWXSignMessage',
    reach: async (page, query) => {
      await freshPage(page, `/?${query}&siwx=optional&evm=${encodeURIComponent(process.env.PORTICO_EVM!)}`);
      await page.locator('button.portico-connect-button').click();
      await dialog(page).getByRole('button', { name: 'Portico Test Wallet', exact: true }).click();
      const d = dialog(page);
      await expect(d.getByTestId('siwx-message')).toContainText('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
      return d;
    },
    mask: (d) => [d.getByTestId('siwx-message')],
  },
];

async function shoot(page: Page, variant: Variant, view: (typeof VIEWS)[number], file: string) {
  await page.emulateMedia({ reducedMotion: 'reduce', colorScheme: variant.name === 'dark' ? 'dark' : 'light' });
  const d = await view.reach(page, variant.query);
  await expect(d).toHaveAttribute('data-view', view.view);
  await expect(page.locator('.pt-root')).toHaveAttribute('dir', variant.dir);
  await expect(page.locator('.pt-root')).toHaveAttribute('data-theme', variant.name === 'dark' ? 'dark' : 'light');
  // Fonts and lazily loaded view chunks have settled.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await expect(d).toHaveScreenshot(file, {
    animations: 'disabled',
    caret: 'hide',
    mask: view.mask?.(d) ?? [],
    maxDiffPixels: MAX_DIFF_PIXELS,
  });
  // And axe finds nothing, of any impact, in this view, theme, direction and viewport.
  await expectNoA11yViolations(page, file);
}

for (const { name: viewportName, viewport } of VIEWPORTS) {
  test.describe(`screenshots on ${viewportName}`, () => {
    test.use({ viewport, deviceScaleFactor: 1 });
    for (const variant of VARIANTS) {
      for (const view of VIEWS) {
        test(`${view.name} (${variant.name}) matches its baseline`, async ({ page }) => {
          await shoot(page, variant, view, `${view.name}-${variant.name}-${viewportName}.png`);
        });
      }
    }
  });
}
