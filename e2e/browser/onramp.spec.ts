import { expect, test, type Page } from '@playwright/test';
import { createPublicClient, http, parseEther } from 'viem';
import { allServicesQuery, connectWallet, dialog, expectNoSeriousA11yViolations, freshPage, onrampQuery } from './helpers';

/** Anvil's sixth dev account: the onramp tests' own (the purchases credit it). */
const BUYER = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc';
const onrampPath = () => `/?${allServicesQuery()}&evmAccount=5&${onrampQuery()}&meldKey=${process.env.PORTICO_MELD_KEY!}`;
const balance = () => createPublicClient({ transport: http(process.env.PORTICO_EVM!.split(',')[0]!) }).getBalance({ address: BUYER });

async function openAccount(page: Page) {
  await freshPage(page, onrampPath());
  await connectWallet(page);
  await expect(page.getByTestId('host-address')).toHaveText(BUYER);
  await page.locator('button.portico-account-button').click();
  const d = dialog(page);
  await expect(d).toHaveAttribute('data-view', 'Account');
  return d;
}

const featureButtons = (page: Page) => dialog(page).locator('ul.pt-actions button');

test.describe('Buy (onramp) in Europe/Paris', () => {
  test.use({ timezoneId: 'Europe/Paris' });

  test('the wallet-feature buttons come in the spec’s order: Buy, Swap, Receive, Send', async ({ page }) => {
    await openAccount(page);
    await expect(featureButtons(page)).toHaveText(['Buy', 'Swap', 'Receive', 'Send']);
  });

  test('Coinbase: quotes with fees, its widget opened with a session token and the order in its URL; buy in progress until the funds arrive, then the new balance', async ({ page, context }) => {
    const d = await openAccount(page);
    await d.getByRole('button', { name: 'Buy', exact: true }).click();
    await expect(d).toHaveAttribute('data-view', 'OnRampProviders');
    // The header follows the order: choosing a provider, the buy in progress, what arrived.
    const title = d.locator('h2.pt-title');
    await expect(title).toHaveText('Choose provider');
    // 100 USD at the reference price of 3,000 USD per ETH, less each provider's fee (1.5 % and 1 %): Coinbase's
    // buy quote and Meld's best service provider's, asked by the site's onramp server in each one's own shape.
    await expect(d.getByTestId('onramp-quote-coinbase')).toHaveText('≈ 0.032833 ETH · Fee $1.50');
    await expect(d.getByTestId('onramp-quote-meld')).toHaveText('≈ 0.033 ETH · Fee $1.00');
    // Each provider with its logo (Coinbase's mark; Meld, without one configured, its initial); the most crypto for the money is marked.
    await expect(d.getByTestId('onramp-provider-coinbase').locator('.pt-avatar img')).toHaveAttribute('src', /^data:image\/svg\+xml/);
    await expect(d.getByTestId('onramp-provider-meld').locator('.pt-avatar')).toHaveText('M');
    await expect(d.getByTestId('onramp-best-meld')).toHaveText('Best rate');
    await expect(d.getByTestId('onramp-best-coinbase')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, 'Buy (providers)');
    const before = await balance();
    const popupOpened = context.waitForEvent('page');
    await d.getByTestId('onramp-provider-coinbase').click();
    const popup = await popupOpened;
    await popup.waitForURL(/\/buy\/select-asset\?/);
    const url = new URL(popup.url());
    // The provider's widget (the stand-in for pay.coinbase.com), with a session token the site's onramp server
    // made with its CDP key for this browser's IP: single use, 5 minutes.
    expect(url.origin).toBe(process.env.PORTICO_ONRAMP_WIDGETS);
    expect(url.searchParams.get('sessionToken')).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(Object.fromEntries([...url.searchParams].filter(([k]) => k !== 'sessionToken'))).toEqual({ defaultAsset: 'ETH', defaultNetwork: 'ethereum', presetFiatAmount: '100', fiatCurrency: 'USD', redirectUrl: new URL(page.url()).origin });
    // Once: the same widget URL opened again (another tab, a replay) is refused.
    expect((await page.request.get(url.href)).status()).toBe(401);
    await expect(d.getByTestId('onramp-buying')).toContainText('Buy in progress');
    await expect(title).toHaveText('Buy in progress');
    await expect(d).toHaveAccessibleName('Buy in progress');
    await expectNoSeriousA11yViolations(page, 'Buy (in progress)');
    // The provider's page (the local stand-in) completes the purchase: the ETH reaches the account.
    await expect(popup.getByTestId('order-address')).toHaveText(BUYER);
    await popup.getByRole('button', { name: 'Complete purchase' }).click();
    await expect(popup.getByTestId('order-complete')).toBeVisible();
    await expect(d.getByTestId('onramp-arrived')).toHaveText(/0\.032 ETH arrived/);
    await expect(title).toHaveText('0.032 ETH arrived');
    expect((await balance()) - before).toBe(parseEther('0.032833'));
    await d.getByRole('button', { name: 'Done' }).click();
    await expect(d).toHaveAttribute('data-view', 'Account');
    await expect(d.getByTestId('account-balance')).toContainText('10000.032');
  });

  test('Meld: its best service provider’s quote; its widget opened with the public key, currency code, wallet address, amount and currency; the funds arrive', async ({ page, context }) => {
    const d = await openAccount(page);
    await d.getByRole('button', { name: 'Buy', exact: true }).click();
    await d.getByRole('textbox', { name: 'Amount' }).fill('50');
    await d.getByTestId('onramp-currency').selectOption('EUR');
    await expect(d.getByTestId('onramp-quote-meld')).toHaveText('≈ 0.01782 ETH · Fee €0.50');
    const popupOpened = context.waitForEvent('page');
    await d.getByTestId('onramp-provider-meld').click();
    const popup = await popupOpened;
    await popup.waitForURL(/\/widget\/meld\?/);
    const url = new URL(popup.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({ publicKey: process.env.PORTICO_MELD_KEY, destinationCurrencyCode: 'ETH', walletAddress: BUYER, sourceAmount: '50', sourceCurrencyCode: 'EUR', redirectUrl: new URL(page.url()).origin });
    // The purchase at Meld's best service provider's quote reaches the account.
    const before = await balance();
    await popup.getByRole('button', { name: 'Complete purchase' }).click();
    await expect(popup.getByTestId('order-complete')).toBeVisible();
    await expect(d.getByTestId('onramp-arrived')).toHaveText(/0\.017 ETH arrived/);
    expect((await balance()) - before).toBe(parseEther('0.01782'));
    await popup.close();
    await d.getByRole('button', { name: 'Done' }).click();
    await d.getByRole('button', { name: 'Buy', exact: true }).click();
    await expect(d.getByTestId('onramp-form')).toBeVisible();
    // A bad amount is refused before any provider opens.
    await d.getByRole('textbox', { name: 'Amount' }).fill('0');
    await expect(d.getByRole('textbox', { name: 'Amount' })).toHaveAccessibleDescription('Enter an amount above 0 with at most 2 decimals.');
    await expect(d.getByRole('textbox', { name: 'Amount' })).toHaveAttribute('aria-invalid', 'true');
    await expect(d.getByTestId('onramp-provider-meld')).toBeDisabled();
  });
});

test.describe('Buy on a network the providers are not told about', () => {
  test.use({ timezoneId: 'Europe/Paris' });

  test('says so instead of sending the funds to another chain', async ({ page }) => {
    await openAccount(page);
    await page.keyboard.press('Escape');
    await page.locator('button.portico-network-button').click();
    await dialog(page).locator('[data-network-id="eip155:31338"]').click();
    await expect(page.locator('button.portico-network-button')).toHaveText('Anvil 2');
    await page.locator('button.portico-account-button').click();
    const d = dialog(page);
    await d.getByRole('button', { name: 'Buy', exact: true }).click();
    await expect(d.getByTestId('onramp-unavailable')).toHaveText('Buying crypto is not available on Anvil 2.');
    await expectNoSeriousA11yViolations(page, 'Buy (unavailable network)');
  });
});

for (const timezoneId of ['Asia/Shanghai', 'Asia/Hong_Kong', 'Asia/Macau']) {
  test.describe(`Buy in ${timezoneId}`, () => {
    test.use({ timezoneId });

    test('is not offered: no Buy button; the other wallet features stay', async ({ page }) => {
      await openAccount(page);
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(timezoneId);
      await expect(featureButtons(page)).toHaveText(['Swap', 'Receive', 'Send']);
    });
  });
}
