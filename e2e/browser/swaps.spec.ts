import { expect, test, type Locator, type Page } from '@playwright/test';
import { createPublicClient, createWalletClient, defineChain, http, parseAbi, parseEther, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { allServicesQuery, connectWallet, dialog, expectNoSeriousA11yViolations, freshPage, onrampQuery, saturate } from './helpers';

/** Anvil's fifth dev account: the swap tests' own (no other browser test moves its balances). */
const TRADER = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65';
/** Anvil's eighth dev key: someone else on the chain, who moves the pools' price. */
const OTHER_KEY = '0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356';
const ERC20 = parseAbi(['function mint(address to, uint256 value)', 'function balanceOf(address) view returns (uint256)', 'function allowance(address owner, address spender) view returns (uint256)']);
const ROUTER = parseAbi(['function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)', 'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)']);

const rpc = () => process.env.PORTICO_EVM!.split(',')[0]!;
const tokens = () => JSON.parse(process.env.PORTICO_TOKENS!) as { usd: Hex; ptk: Hex };
const uniswap = () => JSON.parse(process.env.PORTICO_UNISWAP!) as { router: Hex; weth: Hex };
const chain = () => defineChain({ id: 31337, name: 'Anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpc()] } } });
const reader = () => createPublicClient({ chain: chain(), transport: http(rpc()) });
const balanceOf = (token: Hex, owner: Hex = TRADER) => reader().readContract({ address: token, abi: ERC20, functionName: 'balanceOf', args: [owner] });

/** The playground with the local swap references, the test wallet on the trader's account, `swapProviders` one adapter path. */
const swapPath = (providers: 'v2' | '1inch', extra = '') =>
  `/?${allServicesQuery()}&tokens=${encodeURIComponent(process.env.PORTICO_TOKENS!)}&uniswap=${encodeURIComponent(process.env.PORTICO_UNISWAP!)}` +
  `&aggregator=${encodeURIComponent(process.env.PORTICO_AGGREGATOR!)}&evmAccount=4&swapProviders=${providers}${extra}`;

/** Picks a side's token through its pill and the picker (the row whose label starts with `label`). */
async function pickToken(d: Locator, side: 'sell' | 'buy', label: string): Promise<void> {
  await d.getByTestId(`swap-${side}-token`).click();
  await d.getByTestId('swap-token-option').filter({ hasText: label }).click();
  await expect(d.getByTestId('swap-form')).toBeVisible();
}

/** Sends from the other account and waits for its receipt. */
async function asOther(send: (wallet: ReturnType<typeof createWalletClient>) => Promise<Hex>): Promise<void> {
  const wallet = createWalletClient({ account: privateKeyToAccount(OTHER_KEY), chain: chain(), transport: http(rpc()) });
  const receipt = await reader().waitForTransactionReceipt({ hash: await send(wallet), pollingInterval: 50 });
  expect(receipt.status).toBe('success');
}

async function openSwap(page: Page, path: string): Promise<Locator> {
  await freshPage(page, path);
  await connectWallet(page);
  await expect(page.getByTestId('host-address')).toHaveText(TRADER);
  await page.locator('button.portico-account-button').click();
  const d = dialog(page);
  await d.getByRole('button', { name: 'Swap', exact: true }).click();
  await expect(d).toHaveAttribute('data-view', 'Swap');
  await expect(d.getByTestId('swap-form')).toBeVisible();
  return d;
}

const setMode = (page: Page, mode: object) => page.evaluate((m) => (window as unknown as { porticoTestWallets: { wallet: { setMode(m: object): void } } }).porticoTestWallets.wallet.setMode(m), mode);

test.describe('Swap', () => {
  test.beforeAll(async () => {
    // The trader holds tUSD from the token's faucet (Ether it has from anvil).
    await asOther((w) => w.writeContract({ account: w.account!, chain: chain(), address: tokens().usd, abi: ERC20, functionName: 'mint', args: [TRADER, 10_000_000_000n] }));
  });

  test('with a wallet that prices Ether (EIP-7811 metadata): Swap and Send show what the amount is worth; nothing for a token it does not price', async ({ page }) => {
    const d = await openSwap(page, swapPath('v2', '&nativePrice=3000'));
    const amount = d.getByRole('textbox', { name: 'Amount' });
    await amount.fill('0.5');
    // Read with the field, as its description.
    await expect(amount).toHaveAccessibleDescription('≈ $1500.00');
    await pickToken(d, 'buy', 'tUSD · Test USD');
    await expect(d.getByTestId('swap-rate')).toBeVisible();
    await expect(d.getByTestId('swap-buy-fiat')).toHaveCount(0);
    // A figure that does not read as an amount has no worth.
    await amount.fill('0.5.');
    await expect(amount).not.toHaveAccessibleDescription(/\$/);
    await page.getByRole('button', { name: 'Back' }).first().click();
    await d.locator('[data-wallet-button="send"]').click();
    await d.getByTestId('send-amount').fill('0.25');
    await expect(d.getByTestId('send-amount')).toHaveAccessibleDescription('≈ $750.00');
    await expectNoSeriousA11yViolations(page, 'Send with a priced token');
  });

  test('ETH → tUSD through the Uniswap V2 router: quote with rate, price impact, fee and minimum; an expired quote is asked again; the balances move by the quote; Activity shows it', async ({ page }) => {
    const d = await openSwap(page, swapPath('v2', '&swapTtl=1500'));
    await expectNoSeriousA11yViolations(page, 'Swap (form)');
    // Refused before any wallet prompt: more than the account holds.
    await pickToken(d, 'buy', 'tUSD · Test USD');
    await d.getByRole('textbox', { name: 'Amount' }).fill('20000');
    await expect(d.getByTestId('swap-rate')).toBeVisible();
    await d.getByRole('button', { name: 'Review swap' }).click();
    await expect(d.getByText('Insufficient ETH balance.')).toBeVisible();
    await d.getByRole('textbox', { name: 'Amount' }).fill('1');
    await expect(d.getByRole('textbox', { name: 'Slippage tolerance (%)' })).toHaveValue('1');
    const quote = d.getByTestId('swap-quote');
    await expect(quote.getByTestId('swap-provider')).toHaveText('Uniswap V2 (local)');
    // The pools were set at 1 ETH = 3,000 tUSD: 1 ETH of 100 moves the price about 1 %.
    await expect(quote.getByTestId('swap-rate')).toHaveText(/^1 ETH ≈ 29\d\d\.\d{3} tUSD$/);
    await expect(quote.getByTestId('swap-price-impact')).toHaveText(/^0\.9\d %$/);
    await expect(quote.getByTestId('swap-fee')).toHaveText(/^≈ 0\.\d{6} ETH$/);
    const expectedOut = async () => (await reader().readContract({ address: uniswap().router, abi: ROUTER, functionName: 'getAmountsOut', args: [parseEther('1'), [uniswap().weth, tokens().usd]] }))[1]!;
    const out = await expectedOut();
    const floor3 = (units: bigint) => (Number(units / 1_000n) / 1_000).toFixed(3);
    await expect(quote.getByTestId('swap-buy-amount')).toHaveText(`${floor3(out)} tUSD`);
    await expect(quote.getByTestId('swap-min-received')).toHaveText(`${floor3((out * 99n) / 100n)} tUSD`);
    await d.getByRole('button', { name: 'Review swap' }).click();
    await expect(d.getByTestId('swap-review')).toBeVisible();
    await expect(d.getByTestId('swap-review-sell')).toHaveText('You pay: 1.000 ETH');
    await expectNoSeriousA11yViolations(page, 'Swap (review)');
    // The quote lives 1.5 s here: past it, Swap asks again and shows the new quote first.
    await page.waitForTimeout(1_700);
    await d.getByTestId('swap-confirm').click();
    await expect(d.getByTestId('swap-requoted')).toHaveText('The quote expired, so here is a new one. Check it before you swap.');
    const [usdBefore, ethBefore] = [await balanceOf(tokens().usd), await reader().getBalance({ address: TRADER })];
    const quoted = await expectedOut();
    await d.getByTestId('swap-confirm').click();
    await expect(d.getByTestId('swap-done')).toBeVisible();
    const got = (await balanceOf(tokens().usd)) - usdBefore;
    expect(got).toBe(quoted);
    const spent = ethBefore - (await reader().getBalance({ address: TRADER }));
    expect(spent > parseEther('1') && spent < parseEther('1.01')).toBe(true);
    await expect(d.getByTestId('swap-done')).toContainText(`Swapped 1.000 ETH for ${floor3(got)} tUSD`);
    const hash = (await d.getByTestId('swap-hash').getAttribute('data-id'))!;
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    // Shown short, as wallets show it; Copy puts the whole hash on the clipboard and says so.
    await expect(d.getByTestId('swap-hash')).toHaveText(`${hash.slice(0, 8)}…${hash.slice(-6)}`);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await d.getByRole('button', { name: 'Copy transaction ID' }).click();
    await expect(d.getByRole('button', { name: 'Transaction ID copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(hash);
    await expectNoSeriousA11yViolations(page, 'Swap (done)');
    await d.getByRole('button', { name: 'Done' }).click();
    await expect(d).toHaveAttribute('data-view', 'Account');
    await d.getByRole('tab', { name: 'Activity' }).click();
    const row = d.getByTestId('activity-row').first();
    await expect(row).toHaveAttribute('href', `${process.env.PORTICO_INDEXER}/tx/${hash}`);
    // A trade: Ether out, tUSD in.
    await expect(row).toContainText('Swapped');
    await expect(row.getByTestId('activity-amount')).toHaveCount(2);
    await expect(row.getByTestId('activity-amount').filter({ hasText: 'ETH' })).toHaveText('−1.000 ETH');
    await expect(row.getByTestId('activity-amount').filter({ hasText: 'tUSD' })).toHaveText(`+${floor3(got)} tUSD`);
  });

  test('tUSD → PTK through the 1inch API (the local aggregator): approval of exactly the amount, then the swap; balances move by the quote', async ({ page }) => {
    // Through the site's proxy: no request of the page carries the API key.
    const sent: string[] = [];
    page.on('request', (request) => sent.push(`${request.url()} ${JSON.stringify(request.headers())}`));
    const d = await openSwap(page, swapPath('1inch'));
    await pickToken(d, 'sell', 'tUSD · Test USD');
    await pickToken(d, 'buy', 'PTK · Portico Token');
    await d.getByRole('textbox', { name: 'Amount' }).fill('300');
    await expect(d.getByTestId('swap-provider')).toHaveText('1inch');
    // 1inch tells no price impact.
    await expect(d.getByTestId('swap-price-impact')).toHaveText('Unknown');
    await expect(d.getByTestId('swap-rate')).toHaveText(/^1 tUSD ≈ 0\.33\d{4} PTK$/);
    await d.getByRole('button', { name: 'Review swap' }).click();
    await expect(d.getByTestId('swap-approve-note')).toHaveText('Your wallet asks twice: first to let the exchange take 300.000 tUSD, then for the swap.');
    const [usdBefore, ptkBefore] = [await balanceOf(tokens().usd), await balanceOf(tokens().ptk)];
    const path = [tokens().usd, tokens().ptk];
    const direct = (await reader().readContract({ address: uniswap().router, abi: ROUTER, functionName: 'getAmountsOut', args: [300_000_000n, path] }))[1]!;
    const viaWeth = (await reader().readContract({ address: uniswap().router, abi: ROUTER, functionName: 'getAmountsOut', args: [300_000_000n, [tokens().usd, uniswap().weth, tokens().ptk]] }))[2]!;
    await d.getByRole('button', { name: 'Approve tUSD and swap' }).click();
    await expect(d.getByTestId('swap-done')).toBeVisible();
    expect(usdBefore - (await balanceOf(tokens().usd))).toBe(300_000_000n);
    expect((await balanceOf(tokens().ptk)) - ptkBefore).toBe(direct > viaWeth ? direct : viaWeth);
    // Exactly the amount was approved: nothing is left for the router to take.
    expect(await reader().readContract({ address: tokens().usd, abi: ERC20, functionName: 'allowance', args: [TRADER, uniswap().router] })).toBe(0n);
    expect(sent.filter((line) => line.startsWith(process.env.PORTICO_AGGREGATOR!)).length).toBeGreaterThanOrEqual(4);
    expect(sent.filter((line) => line.includes(process.env.PORTICO_AGGREGATOR_KEY!))).toEqual([]);
  });

  test('straight at the 1inch API (no proxy, as the real one: no CORS) the page gets no quote and says so, with Retry; the view is not stuck', async ({ page }) => {
    const direct = swapPath('1inch').replace(encodeURIComponent(process.env.PORTICO_AGGREGATOR!), encodeURIComponent(process.env.PORTICO_AGGREGATOR_API!));
    const d = await openSwap(page, direct);
    await d.getByRole('textbox', { name: 'Amount' }).fill('0.1');
    await expect(d.getByTestId('swap-error')).toHaveText(/^No quote: /);
    await expect(d.getByTestId('swap-retry')).toBeVisible();
    await expect(d.getByTestId('swap-review-button')).toBeDisabled();
  });

  test('over the key’s rate (the strict API answers 429 through the proxy): asked once more after a second, then said plainly; Retry quotes once the rate allows', async ({ page }) => {
    const d = await openSwap(page, swapPath('1inch'));
    await pickToken(d, 'sell', 'tUSD · Test USD');
    await pickToken(d, 'buy', 'PTK · Portico Token');
    // What the page asks the proxy, and when.
    const asked: Array<{ path: string; at: number }> = [];
    page.on('request', (request) => void (request.url().startsWith(process.env.PORTICO_AGGREGATOR!) && asked.push({ path: new URL(request.url()).pathname, at: Date.now() })));
    // Another client of the site's key takes every slot the key's rate has (the API's own 429s, passed back by the proxy).
    const busy = saturate(`${process.env.PORTICO_AGGREGATOR_API!}/swap/v6.0/31337/approve/spender`, { authorization: `Bearer ${process.env.PORTICO_AGGREGATOR_KEY!}` });
    try {
      await d.getByRole('textbox', { name: 'Amount' }).fill('300');
      await expect(d.getByTestId('swap-error')).toHaveText('No quote: The request did not go through: 1inch is busy (too many requests): try again in a moment', { timeout: 15_000 });
      await expect(d.getByTestId('swap-review-button')).toBeDisabled();
    } finally {
      await busy.stop();
    }
    // The refused request went once more, a second later, before the message.
    const last = asked.at(-1)!;
    const before = asked.filter((a) => a.path === last.path && a !== last).at(-1);
    expect(before, JSON.stringify(asked)).toBeDefined();
    expect(last.at - before!.at).toBeGreaterThanOrEqual(900);
    await d.getByTestId('swap-retry').click();
    await expect(d.getByTestId('swap-provider')).toHaveText('1inch');
    await expect(d.getByTestId('swap-rate')).toHaveText(/^1 tUSD ≈ 0\.33\d{4} PTK$/);
  });

  test('the token picker: pills with images, a search by symbol, name or address, the keyboard (↓ from the search, Enter takes the first match), no match said, picking the other side swaps the pair; axe clean', async ({ page }) => {
    const d = await openSwap(page, swapPath('v2'));
    const sellPill = d.getByTestId('swap-sell-token');
    await expect(sellPill).toHaveAccessibleName('You pay: ETH');
    await expect(sellPill.locator('img')).toHaveAttribute('src', /^data:image\/svg\+xml/);
    await d.getByTestId('swap-buy-token').click();
    await expect(d.locator('.pt-title')).toHaveText('Select a token');
    const options = d.getByTestId('swap-token-option');
    await expect(options).toHaveText([/^ETH · Ether/, /^tUSD · Test USD/, /^PTK · Portico Token/]);
    // The list's marks, not letters; and the balances read on chain.
    await expect(options.filter({ hasText: 'tUSD' }).locator('img')).toHaveAttribute('src', /^data:image\/svg\+xml/);
    await expect(options.filter({ hasText: 'tUSD' })).toContainText(/\d+\.\d{3}$/);
    await expectNoSeriousA11yViolations(page, 'Swap (token picker)');
    const search = d.getByRole('searchbox', { name: 'Search name, symbol or address' });
    await expect(search).toBeFocused();
    await search.fill('portico');
    await expect(options).toHaveText([/^PTK · Portico Token/]);
    await search.fill(tokens().usd.toLowerCase());
    await expect(options).toHaveText([/^tUSD · Test USD/]);
    await search.fill('zzz');
    await expect(d.getByTestId('swap-no-match')).toHaveText('No token matches “zzz”.');
    // The header's Back returns to the form (the picker closes, the Swap view stays); the pill opens it again.
    await d.locator('.pt-header').getByRole('button', { name: 'Back' }).click();
    await expect(d).toHaveAttribute('data-view', 'Swap');
    await expect(d.getByTestId('swap-form')).toBeVisible();
    await d.getByTestId('swap-buy-token').click();
    await search.press('ArrowDown');
    await expect(options.first()).toBeFocused();
    await page.keyboard.press('End');
    await expect(options.last()).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(d.getByTestId('swap-buy-token')).toHaveAccessibleName('You receive: PTK');
    // Enter in the search takes the first match; picking what the other side holds swaps the two.
    await sellPill.click();
    await d.getByRole('searchbox').fill('ptk');
    await d.getByRole('searchbox').press('Enter');
    await expect(sellPill).toHaveAccessibleName('You pay: PTK');
    await expect(d.getByTestId('swap-buy-token')).toHaveAccessibleName('You receive: ETH');
    await pickToken(d, 'sell', 'tUSD · Test USD');
    await expect(d.getByTestId('swap-buy-token')).toHaveAccessibleName('You receive: ETH');
    await expect(d.locator('.pt-title')).toHaveText('Swap');
    // Max (inside the amount field) fills the whole tUSD balance read on chain; the quote's amount shows on the receive side.
    const held = await balanceOf(tokens().usd);
    await d.getByTestId('swap-max').click();
    await expect(d.getByRole('textbox', { name: 'Amount' })).toHaveValue(String(Number(held) / 1e6));
    await expect(d.getByTestId('swap-receive')).toHaveText(/^\d[\d,]*\.\d{3}$/);
  });

  test('a swap the wallet signs after the price moved reverts on chain, and the view says so', async ({ page }) => {
    const d = await openSwap(page, swapPath('v2'));
    await pickToken(d, 'buy', 'PTK · Portico Token');
    await d.getByRole('textbox', { name: 'Amount' }).fill('0.5');
    await expect(d.getByTestId('swap-provider')).toHaveText('Uniswap V2 (local)');
    await d.getByRole('button', { name: 'Review swap' }).click();
    const ptkBefore = await balanceOf(tokens().ptk);
    // The wallet holds its prompt; meanwhile someone buys PTK for 20 ETH, moving the price far past 1 %.
    await setMode(page, { hold: true });
    await d.getByTestId('swap-confirm').click();
    await expect(d.getByTestId('swap-status')).toHaveAttribute('data-phase', 'swap');
    // The prompt has reached the wallet and is held (the phase is set before the request leaves the view: a
    // release before it arrives answered nothing, and the prompt stayed held in one CI run).
    await expect.poll(() => page.evaluate(() => (window as unknown as { porticoTestWallets: { wallet: { heldPrompts: number } } }).porticoTestWallets.wallet.heldPrompts)).toBe(1);
    await asOther((w) => w.writeContract({ account: w.account!, chain: chain(), address: uniswap().router, abi: ROUTER, functionName: 'swapExactETHForTokens', args: [0n, [uniswap().weth, tokens().ptk], w.account!.address, BigInt(Math.floor(Date.now() / 1000) + 600)], value: parseEther('20') }));
    await page.evaluate(() => (window as unknown as { porticoTestWallets: { wallet: { setMode(m: object): void; release(): void } } }).porticoTestWallets.wallet.release());
    await setMode(page, {});
    await expect(d.getByTestId('swap-error')).toHaveText('The price moved beyond your slippage tolerance of 1 %, so the swap reverted on chain. Nothing was swapped; only the network fee was paid.');
    expect(await balanceOf(tokens().ptk)).toBe(ptkBefore);
    await expectNoSeriousA11yViolations(page, 'Swap (reverted)');
  });

  test('as lazy plugins (loaded after start), Swap and Buy join the Account view and the Swap view quotes', async ({ page }) => {
    const d = await openSwap(page, swapPath('v2', `&lazyPlugins=swaps,onramp&${onrampQuery()}`));
    await pickToken(d, 'buy', 'PTK · Portico Token');
    await d.getByRole('textbox', { name: 'Amount' }).fill('0.1');
    await expect(d.getByTestId('swap-provider')).toHaveText('Uniswap V2 (local)');
    await d.getByRole('button', { name: 'Back' }).first().click();
    await expect(d).toHaveAttribute('data-view', 'Account');
    await expect(d.locator('ul.pt-actions button')).toHaveText(['Buy', 'Swap', 'Receive', 'Send']);
    expect(await page.evaluate(() => (window as unknown as { portico: { kernel: { plugins: { get(id: string): { status: string } | undefined } } } }).portico.kernel.plugins.get('swaps')?.status)).toBe('active');
  });

  test("listed as { load, when: 'connected' }, Swap and Buy load only once an account is connected: not at idle, not at an open, then they join the Account view", async ({ page }) => {
    const status = (id: string) => page.evaluate((pluginId) => (window as unknown as { portico: { kernel: { plugins: { get(id: string): { status: string } | undefined } } } }).portico.kernel.plugins.get(pluginId)?.status ?? 'not loaded', id);
    await freshPage(page, swapPath('v2', `&lazyPlugins=receive&connectedPlugins=swaps,onramp&${onrampQuery()}`));
    // Receive, a plain lazy plugin, loads when the browser is first idle: by then the others would have too.
    await expect.poll(() => status('receive')).toBe('active');
    expect([await status('swaps'), await status('onramp')]).toEqual(['not loaded', 'not loaded']);
    await page.locator('button.portico-connect-button').click();
    await expect(dialog(page)).toHaveAttribute('data-view', 'Connect');
    expect([await status('swaps'), await status('onramp')]).toEqual(['not loaded', 'not loaded']);
    await dialog(page).getByRole('button', { name: 'Portico Test Wallet', exact: true }).click();
    await expect(page.getByTestId('host-status')).toHaveText('connected');
    await expect.poll(() => Promise.all([status('swaps'), status('onramp')])).toEqual(['active', 'active']);
    await page.locator('button.portico-account-button').click();
    await expect(dialog(page).locator('ul.pt-actions button')).toHaveText(['Buy', 'Swap', 'Receive', 'Send']);
  });

  test('on a network the host did not enable for swaps, the view says so instead of quoting', async ({ page }) => {
    await freshPage(page, swapPath('v2'));
    await connectWallet(page);
    await page.locator('button.portico-network-button').click();
    await dialog(page).locator('[data-network-id="eip155:31338"]').click();
    await expect(page.locator('button.portico-network-button')).toHaveText('Anvil 2');
    await page.locator('button.portico-account-button').click();
    const d = dialog(page);
    await d.getByRole('button', { name: 'Swap', exact: true }).click();
    await expect(d.getByTestId('swap-unavailable')).toContainText('Swaps are not available on Anvil 2.');
    await expect(d.getByTestId('swap-form')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, 'Swap (unavailable)');
  });
});
