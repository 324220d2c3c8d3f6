import { expect, test, type Locator, type Page } from '@playwright/test';
import { createPublicClient, createWalletClient, defineChain, http, parseAbi, parseEther, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { allServicesQuery, connectDemoWallet, connectWallet, dialog, expectNoA11yViolations, freshPage, onrampQuery, openAccount, openConnect } from './helpers';

/**
 * Visual baselines and axe (no violation of any impact): every view of the modal in light, dark and right-to-left (Arabic), on a
 * desktop and a 360 px phone (the narrowest common Android width), against PNGs stored beside this file, so a visual regression fails
 * `npm test`. Update on purpose with `npx playwright test -c e2e/playwright.config.ts
 * e2e/browser/screenshots.spec.ts --update-snapshots` and review the new images.
 *
 * What changes from run to run is masked, not the layout under test: the WalletConnect QR code (a
 * new pairing URI each time), the sign-in message (its nonce and timestamps) and Activity's times
 * and day heading (its history is made when the chain starts). Images are not:
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
  { name: 'phone', viewport: { width: 360, height: 800 } },
] as const;

type Variant = (typeof VARIANTS)[number];

/**
 * Anvil's seventh dev account: the screenshots' own, which no other browser test touches. Its
 * history is made once per chain (`makeHistory`): tUSD and PTK received from the deployer, Ether sent
 * on, so its Activity and Tokens look the same on every run (only the times of day are masked).
 */
const SHOT_KEY: Hex = '0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e';
const SHOT_ACCOUNT = privateKeyToAccount(SHOT_KEY).address;
const DEPLOYER_KEY: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
/** Anvil's ninth dev account: where the Ether goes. */
const PAYEE = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720';

async function listed(address: string, action: 'txlist' | 'tokentx' = 'txlist'): Promise<string[]> {
  const url = `${process.env.PORTICO_INDEXER!}/v2/api?chainid=31337&apikey=${process.env.PORTICO_INDEXER_TEST_KEY!}&module=account&action=${action}&address=${address}&sort=desc&page=1&offset=50`;
  const body = (await (await fetch(url)).json()) as { result: { hash: string }[] | string };
  return Array.isArray(body.result) ? body.result.map((row) => row.hash) : [];
}

/** The screenshot account's history: each of its three steps made unless the chain already has it (a run stopped half way included). */
async function makeHistory(): Promise<void> {
  const rpcUrl = process.env.PORTICO_EVM!.split(',')[0]!;
  const chain = defineChain({ id: 31337, name: 'anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } });
  const reader = createPublicClient({ chain, transport: http(rpcUrl) });
  const erc20 = parseAbi(['function transfer(address to, uint256 amount) returns (bool)', 'function balanceOf(address owner) view returns (uint256)']);
  const tokens = JSON.parse(process.env.PORTICO_TOKENS!) as { usd: Hex; ptk: Hex };
  const deployer = createWalletClient({ account: privateKeyToAccount(DEPLOYER_KEY), chain, transport: http(rpcUrl) });
  const shot = createWalletClient({ account: privateKeyToAccount(SHOT_KEY), chain, transport: http(rpcUrl) });
  const holds = async (token: Hex) => (await reader.readContract({ address: token, abi: erc20, functionName: 'balanceOf', args: [SHOT_ACCOUNT] })) > 0n;
  const steps = [
    { done: () => holds(tokens.usd), send: () => deployer.writeContract({ address: tokens.usd, abi: erc20, functionName: 'transfer', args: [SHOT_ACCOUNT, 12_500_000n] }) },
    { done: () => holds(tokens.ptk), send: () => deployer.writeContract({ address: tokens.ptk, abi: erc20, functionName: 'transfer', args: [SHOT_ACCOUNT, parseEther('250')] }) },
    { done: async () => (await reader.getTransactionCount({ address: SHOT_ACCOUNT })) > 0, send: () => shot.sendTransaction({ to: PAYEE, value: parseEther('0.25') }) },
  ];
  for (const step of steps) if (!(await step.done())) await reader.waitForTransactionReceipt({ hash: await step.send(), pollingInterval: 50 });
  // The indexer has all three.
  await expect.poll(async () => [(await listed(SHOT_ACCOUNT)).length, (await listed(SHOT_ACCOUNT, 'tokentx')).length], { timeout: 15_000 }).toEqual([1, 2]);
}

/** The screenshot account connected through the test wallet, with the chain's token list and Buy's providers, and its Account view. */
async function shotAccount(page: Page, query: string): Promise<Locator> {
  const swaps = `&uniswap=${encodeURIComponent(process.env.PORTICO_UNISWAP!)}&swapProviders=v2`;
  await freshPage(page, `/?${query}&${allServicesQuery()}&evmAccount=6&tokens=${encodeURIComponent(process.env.PORTICO_TOKENS!)}&${onrampQuery()}&meldKey=${process.env.PORTICO_MELD_KEY!}${swaps}`);
  await connectWallet(page);
  await expect(page.getByTestId('host-address')).toHaveText(SHOT_ACCOUNT);
  return openAccount(page);
}

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
    name: 'tokens',
    view: 'Account',
    reach: async (page, query) => {
      const d = await shotAccount(page, query);
      // ETH, tUSD and PTK, each with its image.
      await expect(d.getByTestId('token-list').locator('li img')).toHaveCount(3);
      return d;
    },
  },
  {
    name: 'activity',
    view: 'Account',
    reach: async (page, query) => {
      const d = await shotAccount(page, query);
      // The third tab (Tokens, NFTs, Activity) in any language.
      await d.getByRole('tab').nth(2).click();
      await expect(d.getByTestId('activity-row')).toHaveCount(3);
      await expect(d.getByTestId('activity-row').locator('.pt-avatar img')).toHaveCount(3);
      return d;
    },
    // The times of day and the day's heading: the history was made when this chain started (a run may cross midnight).
    mask: (d) => [d.locator('[data-testid="activity-row"] .pt-token-value .pt-muted'), d.locator('[data-testid="activity"] .pt-section-label')],
  },
  {
    name: 'buy',
    view: 'OnRampProviders',
    reach: async (page, query) => {
      const d = await shotAccount(page, query);
      await d.locator('[data-wallet-button="onramp"]').click();
      await expect(d.getByTestId('onramp-quote-coinbase')).toContainText('0.032833');
      await expect(d.getByTestId('onramp-quote-meld')).toContainText('0.033');
      return d;
    },
  },
  {
    name: 'swap',
    view: 'Swap',
    reach: async (page, query) => {
      const d = await shotAccount(page, query);
      await d.locator('[data-wallet-button="swaps"]').click();
      await expect(d.getByTestId('swap-form')).toBeVisible();
      // No amount: the pool's price moves with the other tests' swaps, the empty form does not.
      await expect(d.getByTestId('swap-sell-token').locator('img')).toHaveCount(1);
      await expect(d.getByTestId('swap-sell-token')).toContainText('ETH');
      return d;
    },
  },
  {
    name: 'send',
    view: 'Send',
    reach: async (page, query) => {
      const d = await shotAccount(page, query);
      await d.locator('[data-wallet-button="send"]').click();
      await expect(d.getByTestId('send-form')).toBeVisible();
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

/**
 * Reaches `view` once, loading the page at the first of `viewports`, then for each of them: the page resized to it, its
 * screenshot against that viewport's baseline, and axe. Both images are compared even when the first differs (soft), so
 * one run names every image that changed. The modal's layout follows the window by CSS: the only reads of the window
 * (Connect's and WalletConnect's `isMobile`: a coarse pointer and at most 768 px) are false on both viewports here,
 * which have a fine pointer, so a resized page must match the baseline a page loaded at that size made.
 */
async function shoot(page: Page, variant: Variant, view: (typeof VIEWS)[number], viewports: readonly (typeof VIEWPORTS)[number][]) {
  await page.setViewportSize(viewports[0]!.viewport);
  await page.emulateMedia({ reducedMotion: 'reduce', colorScheme: variant.name === 'dark' ? 'dark' : 'light' });
  const d = await view.reach(page, variant.query);
  await expect(d).toHaveAttribute('data-view', view.view);
  await expect(page.locator('.pt-root')).toHaveAttribute('dir', variant.dir);
  await expect(page.locator('.pt-root')).toHaveAttribute('data-theme', variant.name === 'dark' ? 'dark' : 'light');
  // Fonts and lazily loaded view chunks have settled.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  for (const { name: viewportName, viewport } of viewports) {
    const file = `${view.name}-${variant.name}-${viewportName}.png`;
    await page.setViewportSize(viewport);
    await expect.soft(d).toHaveScreenshot(file, {
      animations: 'disabled',
      caret: 'hide',
      mask: view.mask?.(d) ?? [],
      maxDiffPixels: MAX_DIFF_PIXELS,
    });
    // And axe finds nothing, of any impact, in this view, theme, direction and viewport.
    await expectNoA11yViolations(page, file);
  }
}

test.beforeAll(async () => {
  await makeHistory();
});

// One page per view and variant, shot on each viewport in turn: a page load, a connection and the way to the view once
// instead of once per viewport (42 fewer of each in the suite). The dark variant loads on the phone and is resized to the
// desktop, the others the other way round, so every view is still shot loaded at each size, and resized to each.
test.describe('screenshots on desktop and phone', () => {
  // One time zone wherever the suite runs (Buy is not offered in some).
  test.use({ deviceScaleFactor: 1, timezoneId: 'UTC' });
  for (const variant of VARIANTS) {
    const viewports = variant.name === 'dark' ? [...VIEWPORTS].reverse() : VIEWPORTS;
    for (const view of VIEWS) {
      test(`${view.name} (${variant.name}) matches its baselines on ${viewports.map((v) => v.name).join(', then ')}`, async ({ page }) => {
        await shoot(page, variant, view, viewports);
      });
    }
  }
});
