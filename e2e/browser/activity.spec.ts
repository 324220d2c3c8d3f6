import { expect, test, type Page } from '@playwright/test';
import { createPublicClient, createWalletClient, defineChain, http, parseEther } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { installMulticall3, startAnvil, type AnvilNode } from '@portico/chain-eip155/testing/node';
import { allServicesQuery, connectWallet, demoSend, dialog, expectNoSeriousA11yViolations, freshPage, openConnectView, saturate, solanaRpc } from './helpers';

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
/** Anvil's tenth dev key: a sender no other browser test uses. */
const SENDER_KEY = '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6';
const indexer = () => process.env.PORTICO_INDEXER!;
const evmUrl = () => process.env.PORTICO_EVM!.split(',')[0]!;
const path = (extra = '') => `/?${allServicesQuery()}${extra}`;

/** Waits until the local indexer (strict, as Etherscan V2: the tests' own key) lists `hash` for `address` (it follows anvil every 100 ms). */
async function indexed(address: string, hash: string): Promise<void> {
  await expect
    .poll(async () => {
      const body = (await (await fetch(`${indexer()}/v2/api?chainid=31337&apikey=${process.env.PORTICO_INDEXER_TEST_KEY!}&module=account&action=txlist&address=${address}&sort=desc&page=1&offset=50`)).json()) as { result: { hash: string }[] | string };
      // A refusal (the key's rate) is "not yet".
      return Array.isArray(body.result) && body.result.some((row) => row.hash === hash);
    })
    .toBe(true);
}

async function openActivity(page: Page, namespace?: string, shown = 'activity') {
  if (namespace) await page.evaluate((ns) => (window as unknown as { portico: { kernel: { connection: { setActiveNamespace(n: string): void } } } }).portico.kernel.connection.setActiveNamespace(ns), namespace);
  await page.locator('button.portico-account-button').click();
  const d = dialog(page);
  await expect(d).toHaveAttribute('data-view', 'Account');
  await d.getByRole('tab', { name: 'Activity' }).click();
  await expect(d.getByTestId(shown)).toBeVisible();
  return d;
}

test.describe('the Activity tab', () => {
  test('EVM: a send from the wallet shows first, today, with the amount, the recipient and a link to the explorer; the token deployments below it', async ({ page }) => {
    // With the chain's token list, as `npm start` gives it (tUSD's and PTK's marks).
    await freshPage(page, path(`&tokens=${encodeURIComponent(process.env.PORTICO_TOKENS!)}`));
    await connectWallet(page);
    await page.getByRole('button', { name: 'Send 0.001 ETH (EVM)' }).click();
    await expect(page.getByTestId('host-result')).toHaveText(/^eth_sendTransaction → 0x[0-9a-f]{64}$/);
    const hash = (await page.getByTestId('host-result').textContent())!.split(' → ')[1]!;
    await indexed(ACCOUNT, hash);
    const d = await openActivity(page);
    const first = d.getByTestId('activity-row').first();
    await expect(first).toContainText('Sent');
    await expect(first).toContainText('To 0x70…dc79c8');
    await expect(first.getByTestId('activity-amount')).toHaveText('−0.001 ETH');
    await expect(first).toHaveAttribute('href', `${indexer()}/tx/${hash}`);
    await expect(first).toHaveAttribute('target', '_blank');
    await expect(first).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(d.locator('section[aria-label="Today"]')).toBeVisible();
    // The test tokens were deployed from this account: each minted its supply to it.
    const deployed = d.getByTestId('activity-row').filter({ hasText: 'Contract deployed' });
    await expect(deployed).toHaveCount(5);
    await expect(deployed.last().getByTestId('activity-amount')).toHaveText('+1000000.000 tUSD');
    await expect(d.getByTestId('activity-row').filter({ hasText: 'Portico Ducks' }).first()).toBeVisible();
    // Images, not letters: Ether has the network's mark, tUSD its token list's, each NFT its metadata's picture;
    // a creation names what was made; the ERC-1155 badges their metadata's name, not the contract's address.
    await expect(first.locator('.pt-avatar img')).toHaveAttribute('src', /^data:image\/svg\+xml/);
    await expect(deployed.last().getByTestId('activity-created')).toHaveText('Test USD (tUSD)');
    await expect(deployed.last().locator('.pt-avatar img')).toHaveAttribute('src', /^data:image\/svg\+xml/);
    const ducks = deployed.filter({ has: page.getByTestId('activity-created').filter({ hasText: 'Portico Ducks (DUCK)' }) });
    await expect(ducks.getByTestId('activity-amount')).toHaveText(['+Portico Ducks #3', '+Portico Ducks #2']);
    await expect(ducks.locator('.pt-avatar img')).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
    await expect(d.getByTestId('activity-amount').filter({ hasText: /0x[0-9a-f]{8} #/ })).toHaveCount(0);
    await expect(d.getByTestId('activity-amount').filter({ hasText: '+5 × Portico Badge' })).toHaveCount(1);
    // Dust is in no token list and has no image: its letter stays.
    await expect(deployed.locator('.pt-avatar img')).toHaveCount(4);
    await expect(deployed.filter({ hasText: 'Portico Token (PTK)' }).locator('.pt-avatar img')).toHaveAttribute('src', /^data:image\/svg\+xml/);
    await expect(deployed.filter({ hasText: 'Dust (DUST)' }).locator('.pt-avatar')).toHaveText('D');
    // Keyboard: the rows are links in the tab order.
    await first.focus();
    await page.keyboard.press('Tab');
    await expect(d.getByTestId('activity-row').nth(1)).toBeFocused();
    await expectNoSeriousA11yViolations(page, 'Activity (EVM)');
  });

  test('EVM: older transactions load on request, each once', async ({ page }) => {
    // 26 payments to the test account from another one, so its activity has more than one page.
    const chain = defineChain({ id: 31337, name: 'anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [evmUrl()] } } });
    const sender = createWalletClient({ account: privateKeyToAccount(SENDER_KEY), chain, transport: http(evmUrl()) });
    const reader = createPublicClient({ chain, transport: http(evmUrl()) });
    let last = '';
    for (let i = 0; i < 26; i++) last = await sender.sendTransaction({ to: ACCOUNT, value: parseEther('0.0001') });
    await reader.waitForTransactionReceipt({ hash: last as `0x${string}`, pollingInterval: 50 });
    await indexed(ACCOUNT, last);
    await freshPage(page, path());
    await connectWallet(page);
    const d = await openActivity(page);
    // A page of 25 rows per list, cut where every list has passed: at most 25 transactions.
    await expect(d.getByTestId('activity-row').first()).toContainText('From 0xa0…a79720');
    const firstPage = await d.getByTestId('activity-row').count();
    expect(firstPage).toBeGreaterThanOrEqual(20);
    expect(firstPage).toBeLessThanOrEqual(25);
    await expect(d.getByTestId('activity-row').first().getByTestId('activity-amount')).toHaveText('+<0.001 ETH');
    // From the keyboard: Load more, and focus lands on the first new row.
    await d.getByTestId('activity-more').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => d.getByTestId('activity-row').count()).toBeGreaterThan(firstPage);
    await expect(d.getByTestId('activity-row').nth(firstPage)).toBeFocused();
    const links = await d.getByTestId('activity-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('href')));
    expect(new Set(links).size).toBe(links.length);
  });

  test('EVM: a malformed row from the API is left out with a logged reason; a failing API says so and Try again recovers', async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (message) => void (message.type() === 'warning' && warnings.push(message.text())));
    await freshPage(page, path());
    await connectWallet(page);
    let mode: 'garble' | 'fail' | 'pass' = 'fail';
    await page.route(`${indexer()}/v2/api?*`, async (route) => {
      if (mode === 'fail') return route.fulfill({ status: 502, body: 'Bad gateway' });
      const response = await route.fetch();
      const body = (await response.json()) as { result: Record<string, string>[] };
      if (mode === 'garble' && route.request().url().includes('action=txlist')) body.result[0] = { ...body.result[0], hash: '<img src=x onerror=alert(1)>' };
      return route.fulfill({ response, json: body });
    });
    const d = await openActivity(page, undefined, 'activity-error');
    await expect(d.getByTestId('activity-error')).toContainText('Activity could not be loaded.');
    mode = 'garble';
    await d.getByRole('button', { name: 'Try again' }).click();
    await expect(d.getByTestId('activity')).toBeVisible();
    await expect(d.getByTestId('activity-row').first()).toBeVisible();
    await expect.poll(() => warnings.join('\n')).toMatch(/Ignored an activity entry: txlist row 0: .*hash/);
    expect(await page.evaluate(() => (window as unknown as { alerted?: boolean }).alerted)).toBeUndefined();
  });

  test('EVM: a key the API refuses (strict, as Etherscan V2): Activity says it could not be loaded and why', async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (message) => void (message.type() === 'warning' && warnings.push(message.text())));
    await freshPage(page, path().replace(/indexerKey=[^&]*/, 'indexerKey=not-a-key'));
    await connectWallet(page);
    const d = await openActivity(page, undefined, 'activity-error');
    await expect(d.getByTestId('activity-error')).toContainText('Activity could not be loaded.');
    await expect(d.getByTestId('activity-error-detail')).toHaveText('Etherscan refused the API key for Anvil: it is missing or invalid');
    await expect.poll(() => warnings.join('\n')).toContain('Etherscan refused the API key for Anvil: it is missing or invalid');
  });

  test('EVM: over the key’s rate (strict: Etherscan’s refusal, HTTP 200 status "0"): asked once more after a second, then "Etherscan is busy"; Try again loads it once the rate allows', async ({ page }) => {
    // Another client of the page's key takes every call its plan allows (3 a second).
    const busy = saturate(`${indexer()}/v2/api?chainid=31337&apikey=${process.env.PORTICO_INDEXER_KEY!}&module=account&action=txlist&address=${ACCOUNT}&page=1&offset=1`);
    // What the page asks the indexer, and when.
    const asked: Array<{ action: string; at: number }> = [];
    page.on('request', (request) => void (request.url().startsWith(`${indexer()}/v2/api`) && asked.push({ action: new URL(request.url()).searchParams.get('action') ?? '', at: Date.now() })));
    let d;
    try {
      await freshPage(page, path());
      await connectWallet(page);
      d = await openActivity(page, undefined, 'activity-error');
      await expect(d.getByTestId('activity-error')).toContainText('Activity could not be loaded.');
      await expect(d.getByTestId('activity-error-detail')).toContainText('Etherscan is busy (too many requests for this API key): try again in a moment');
    } finally {
      await busy.stop();
    }
    // A refused list was asked once more, a second or more later.
    const again = asked.some((a, i) => asked.slice(i + 1).some((b) => b.action === a.action && b.at - a.at >= 900));
    expect(again, JSON.stringify(asked)).toBe(true);
    await d.getByRole('button', { name: 'Try again' }).click();
    await expect(d.getByTestId('activity-row').first()).toBeVisible();
  });

  test('Solana: a transfer shows as sent, with the SOL amount and the recipient', async ({ page }) => {
    await freshPage(page, path());
    await openConnectView(page);
    await dialog(page).getByRole('button', { name: 'Portico Solana Test Wallet', exact: true }).click();
    await expect(page.getByTestId('host-status-solana')).toHaveText('connected');
    const recipient = '8opHzTAnfzRpPEx21XtnrVTX28YQuCpAjcn1PczScKh';
    await demoSend(page, 'sendSol', recipient, 2_000_000);
    const d = await openActivity(page, 'solana');
    const first = d.getByTestId('activity-row').first();
    await expect(first).toContainText('Sent');
    await expect(first).toContainText('To 8opH…czScKh');
    await expect(first.getByTestId('activity-amount')).toHaveText('−0.002 SOL');
    // SOL wears the network's mark (the source gives none).
    await expect(first.locator('.pt-avatar img')).toHaveAttribute('src', /^(data:image\/|https:)/);
    await expectNoSeriousA11yViolations(page, 'Activity (Solana)');
  });

  test('Bitcoin: a transfer shows under Pending until it is mined, its change left out', async ({ page }) => {
    await freshPage(page, path());
    await openConnectView(page);
    await dialog(page).getByRole('button', { name: 'Portico Bitcoin Test Wallet', exact: true }).click();
    await expect(page.getByTestId('host-status-bip122')).toHaveText('connected');
    const ordinals = await page.evaluate(() => (window as unknown as { porticoChainWallets: { bitcoin: { ordinalsAddress: string } } }).porticoChainWallets.bitcoin.ordinalsAddress);
    await demoSend(page, 'sendBtc', ordinals, 200_000);
    const d = await openActivity(page, 'bip122');
    const pending = d.locator('section[aria-label="Pending"]');
    await expect(pending.getByTestId('activity-row').first()).toContainText('Sent');
    await expect(pending.getByTestId('activity-row').first().getByTestId('activity-amount')).toHaveText('−0.002 BTC');
    await expect(pending.getByTestId('activity-row').first().locator('.pt-avatar img')).toHaveAttribute('src', /^(data:image\/|https:)/);
    await expectNoSeriousA11yViolations(page, 'Activity (Bitcoin)');
  });
});

test.describe('the Tokens tab without EIP-7811', () => {
  test('EVM: the native balance and the ERC-20s the account holds, read through Multicall3; the zero-decimal token is not listed', async ({ page }) => {
    await freshPage(page, path());
    await connectWallet(page);
    await page.locator('button.portico-account-button').click();
    const d = dialog(page);
    await expect(d).toHaveAttribute('data-view', 'Account');
    const rows = d.getByTestId('token-list').locator('li');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText('Ether');
    await expect(rows.nth(1)).toContainText('Portico Token');
    await expect(rows.nth(1)).toContainText('1000000.000 PTK');
    await expect(rows.nth(2)).toContainText('Test USD');
    await expect(rows.nth(2)).toContainText('1000000.000 tUSD');
    await expect(d.getByTestId('token-list')).not.toContainText('DUST');
    await expectNoSeriousA11yViolations(page, 'Tokens (EVM, through Multicall3)');
  });
});

test.describe('the NFTs tab', () => {
  test('EVM: the ERC-721s and ERC-1155s the account holds, with their images (data: URLs) and counts', async ({ page }) => {
    await freshPage(page, path());
    await connectWallet(page);
    await page.locator('button.portico-account-button').click();
    const d = dialog(page);
    await d.getByRole('tab', { name: 'NFTs' }).click();
    const nfts = d.getByTestId('nft');
    await expect(nfts).toHaveCount(5);
    await expect(nfts.locator('.pt-nft-name')).toHaveText(['Portico Badge', 'Portico Badge', 'Portico Ducks #1', 'Portico Ducks #2', 'Portico Ducks #3']);
    await expect(nfts.first().getByTestId('nft-quantity')).toHaveText('×5');
    const image = nfts.nth(2).locator('img');
    await expect(image).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expectNoSeriousA11yViolations(page, 'NFTs (EVM)');
  });
});

test.describe('the Tokens tab on Solana', () => {
  test('SOL and the SPL tokens the account holds, named from the network’s token list; the zero-decimal token is not listed', async ({ page }) => {
    await freshPage(page, path());
    await openConnectView(page);
    await dialog(page).getByRole('button', { name: 'Portico Solana Test Wallet', exact: true }).click();
    await expect(page.getByTestId('host-status-solana')).toHaveText('connected');
    await page.evaluate(() => (window as unknown as { portico: { kernel: { connection: { setActiveNamespace(n: string): void } } } }).portico.kernel.connection.setActiveNamespace('solana'));
    await page.locator('button.portico-account-button').click();
    const rows = dialog(page).getByTestId('token-list').locator('li');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('Solana');
    await expect(rows.nth(1)).toContainText('Test USD');
    await expect(rows.nth(1)).toContainText('1250.000 tUSD');
    await expectNoSeriousA11yViolations(page, 'Tokens (Solana)');
  });
});

test.describe('Send', () => {
  test('EVM: an ERC-20 transfer — bad amounts and recipients are refused before the wallet is asked; a declined one says so; then it lands and shows in Activity', async ({ page }) => {
    await freshPage(page, path());
    await connectWallet(page);
    await page.locator('button.portico-account-button').click();
    const d = dialog(page);
    await d.getByRole('button', { name: 'Send' }).click();
    await expect(d).toHaveAttribute('data-view', 'Send');
    // The token's pill opens the picker: the three tokens with their balances; Ether wears its network's mark (no token list here: the others their letters).
    await expect(d.getByTestId('send-token')).toHaveAccessibleName('Token: ETH');
    await d.getByTestId('send-token').click();
    const options = d.getByTestId('send-token-option');
    await expect(options).toHaveCount(3);
    await expect(options.filter({ hasText: 'ETH · ' }).locator('img')).toHaveAttribute('src', /^data:image\/svg\+xml/);
    await expectNoSeriousA11yViolations(page, 'Send (token picker)');
    await d.getByRole('searchbox', { name: 'Search name, symbol or address' }).fill('usd');
    await expect(options).toHaveCount(1);
    await options.click();
    await expect(d.getByTestId('send-token')).toHaveAccessibleName('Token: tUSD');
    const amount = d.getByRole('textbox', { name: 'Amount' });
    const to = d.getByRole('textbox', { name: 'To' });
    // Refused here, not by the wallet.
    await amount.fill('2000000');
    await to.fill('0x1234');
    await d.getByRole('button', { name: 'Review' }).click();
    await expect(d.getByText('Insufficient tUSD balance.')).toBeVisible();
    await expect(d.getByText('Invalid recipient: not a valid address on Anvil.')).toBeVisible();
    await amount.fill('1.2345678');
    await expect(d.getByRole('button', { name: 'Review' })).toBeEnabled();
    await d.getByRole('button', { name: 'Review' }).click();
    await expect(d.getByText('Enter an amount above 0 with at most 6 decimals.')).toBeVisible();
    await amount.fill('12.5');
    await to.fill('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
    await d.getByRole('button', { name: 'Review' }).click();
    await expect(d.getByTestId('send-review-amount')).toHaveText('12.500 tUSD');
    // The review replaced the focused button: focus is on its first control, not lost.
    await expect(d.getByTestId('send-review').getByRole('button', { name: 'Back' })).toBeFocused();
    await expect(d.getByTestId('send-review-to')).toHaveText('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
    await expect(d.getByTestId('send-review-fee')).toContainText('ETH');
    await expectNoSeriousA11yViolations(page, 'Send (review)');
    // Declined in the wallet: the review stays, with the reason.
    await page.evaluate(() => (window as unknown as { porticoTestWallets: { wallet: { setMode(m: object): void } } }).porticoTestWallets.wallet.setMode({ reject: true }));
    await d.getByTestId('send-confirm').click();
    await expect(d.getByTestId('send-error')).toHaveText('The transfer was rejected in the wallet.');
    await page.evaluate(() => (window as unknown as { porticoTestWallets: { wallet: { setMode(m: object): void } } }).porticoTestWallets.wallet.setMode({}));
    await d.getByTestId('send-confirm').click();
    await expect(d.getByTestId('send-sent')).toContainText('Sent 12.500 tUSD');
    await expect(d.getByTestId('send-status')).toHaveText('Confirmed.');
    await expectNoSeriousA11yViolations(page, 'Send (sent)');
    const hash = (await d.getByTestId('send-id').getAttribute('data-id'))!;
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    await expect(d.getByTestId('send-explorer')).toHaveAttribute('href', `${indexer()}/tx/${hash}`);
    await indexed(ACCOUNT, hash);
    await d.getByRole('button', { name: 'Done' }).click();
    await expect(d).toHaveAttribute('data-view', 'Account');
    await d.getByRole('tab', { name: 'Activity' }).click();
    const first = d.getByTestId('activity-row').first();
    await expect(first).toHaveAttribute('href', `${indexer()}/tx/${hash}`);
    await expect(first.getByTestId('activity-amount')).toHaveText('−12.500 tUSD');
  });
});

test.describe('Send on Bitcoin', () => {
  test('BTC from the payment account: the fee of the PSBT it builds, sent, and pending first in Activity', async ({ page }) => {
    await freshPage(page, path());
    await openConnectView(page);
    await dialog(page).getByRole('button', { name: 'Portico Bitcoin Test Wallet', exact: true }).click();
    await expect(page.getByTestId('host-status-bip122')).toHaveText('connected');
    const ordinals = await page.evaluate(() => (window as unknown as { porticoChainWallets: { bitcoin: { ordinalsAddress: string } } }).porticoChainWallets.bitcoin.ordinalsAddress);
    await page.evaluate(() => (window as unknown as { portico: { kernel: { connection: { setActiveNamespace(n: string): void } } } }).portico.kernel.connection.setActiveNamespace('bip122'));
    await page.locator('button.portico-account-button').click();
    const d = dialog(page);
    await d.getByRole('button', { name: 'Send' }).click();
    await d.getByTestId('send-token').click();
    await expect(d.getByTestId('send-token-option')).toHaveCount(1);
    // The header's Back returns to the form, as the picker's own does.
    await d.locator('.pt-header').getByRole('button', { name: 'Back' }).click();
    await expect(d).toHaveAttribute('data-view', 'Send');
    await d.getByRole('textbox', { name: 'Amount' }).fill('0.0031');
    await d.getByRole('textbox', { name: 'To' }).fill(ordinals);
    await d.getByRole('button', { name: 'Review' }).click();
    // To its last digit: what is confirmed is what goes.
    await expect(d.getByTestId('send-review-amount')).toHaveText('0.0031 BTC');
    await expect(d.getByTestId('send-review-fee')).toContainText('BTC');
    await d.getByTestId('send-confirm').click();
    await expect(d.getByTestId('send-sent')).toContainText('Sent 0.0031 BTC');
    await d.getByRole('button', { name: 'Done' }).click();
    await d.getByRole('tab', { name: 'Activity' }).click();
    const pending = d.locator('section[aria-label="Pending"]').getByTestId('activity-row').first();
    await expect(pending.getByTestId('activity-amount')).toHaveText('−0.003 BTC');
  });
});

test.describe('Send on Solana', () => {
  test('an SPL token to a new holder: its associated account is created on the way; the balance and Activity follow', async ({ page }) => {
    await freshPage(page, path());
    await openConnectView(page);
    await dialog(page).getByRole('button', { name: 'Portico Solana Test Wallet', exact: true }).click();
    await expect(page.getByTestId('host-status-solana')).toHaveText('connected');
    await page.evaluate(() => (window as unknown as { portico: { kernel: { connection: { setActiveNamespace(n: string): void } } } }).portico.kernel.connection.setActiveNamespace('solana'));
    await page.locator('button.portico-account-button').click();
    const d = dialog(page);
    const before = await d.getByTestId('token-list').locator('li').nth(1).textContent();
    const held = Number(/([\d.]+) tUSD/.exec(before ?? '')![1]);
    await d.getByRole('button', { name: 'Send' }).click();
    await d.getByTestId('send-token').click();
    await d.getByTestId('send-token-option').filter({ hasText: 'tUSD · ' }).click();
    await d.getByRole('textbox', { name: 'Amount' }).fill('2.5');
    const recipient = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
    await d.getByRole('textbox', { name: 'To' }).fill(recipient);
    await d.getByRole('button', { name: 'Review' }).click();
    await expect(d.getByTestId('send-review-fee')).toContainText('0.000005 SOL');
    await d.getByTestId('send-confirm').click();
    await expect(d.getByTestId('send-sent')).toContainText('Sent 2.500 tUSD');
    const holdings = await solanaRpc<{ value: { account: { data: { parsed: { info: { tokenAmount: { uiAmountString: string } } } } } }[] }>('getTokenAccountsByOwner', [recipient, { mint: 'TUSDbYBPbpNgDkZ4gqYxtfkAWPh9wYgzsv1dTPBwv9R' }, { encoding: 'jsonParsed' }]);
    expect(holdings.value.map((a) => a.account.data.parsed.info.tokenAmount.uiAmountString)).toContain('2.5');
    await d.getByRole('button', { name: 'Done' }).click();
    await expect(d.getByTestId('token-list').locator('li').nth(1)).toContainText(`${(held - 2.5).toFixed(3)} tUSD`);
    await d.getByRole('tab', { name: 'Activity' }).click();
    const first = d.getByTestId('activity-row').first();
    await expect(first).toContainText('Sent');
    await expect(first.getByTestId('activity-amount').nth(1)).toHaveText('−2.500 tUSD');
  });
});

test.describe('account-data views in dark and right to left', () => {
  for (const [name, query] of [
    ['dark', '&theme=dark'],
    ['Arabic (RTL)', '&locale=ar'],
  ] as const) {
    test(`${name}: Tokens, NFTs, Activity and Send (form and review) have no serious or critical axe issue`, async ({ page }) => {
      await freshPage(page, path(query));
      await connectWallet(page);
      await page.locator('button.portico-account-button').click();
      const d = dialog(page);
      await expect(d.getByTestId('token-list')).toBeVisible();
      await expectNoSeriousA11yViolations(page, `Tokens (${name})`);
      const tabs = d.getByRole('tab');
      await tabs.nth(1).click();
      await expect(d.getByTestId('nft-grid')).toBeVisible();
      await expectNoSeriousA11yViolations(page, `NFTs (${name})`);
      await tabs.nth(2).click();
      await expect(d.getByTestId('activity-row').first()).toBeVisible();
      await expectNoSeriousA11yViolations(page, `Activity (${name})`);
      await d.locator('[data-wallet-button="send"]').click();
      await expect(d.getByTestId('send-form')).toBeVisible();
      await expectNoSeriousA11yViolations(page, `Send form (${name})`);
      await d.getByTestId('send-amount').fill('0.01');
      await d.getByTestId('send-to').fill('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
      await d.getByTestId('send-review-button').click();
      await expect(d.getByTestId('send-review')).toBeVisible();
      await expectNoSeriousA11yViolations(page, `Send review (${name})`);
    });
  }
});

test.describe('the NFTs tab on Solana', () => {
  test('the Metaplex NFT the account holds, with its name and image', async ({ page }) => {
    await freshPage(page, path());
    await openConnectView(page);
    await dialog(page).getByRole('button', { name: 'Portico Solana Test Wallet', exact: true }).click();
    await expect(page.getByTestId('host-status-solana')).toHaveText('connected');
    await page.evaluate(() => (window as unknown as { portico: { kernel: { connection: { setActiveNamespace(n: string): void } } } }).portico.kernel.connection.setActiveNamespace('solana'));
    await page.locator('button.portico-account-button').click();
    const d = dialog(page);
    await d.getByRole('tab', { name: 'NFTs' }).click();
    const nft = d.getByTestId('nft');
    await expect(nft).toHaveCount(1);
    await expect(nft.locator('.pt-nft-name')).toHaveText('Portico Comet #1');
    await expect(nft.locator('img')).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
  });
});

test.describe('Send: a transfer the network drops', () => {
  // A node of its own: automining off on the shared chain would hold whatever else is sent to it meanwhile.
  let node: AnvilNode | undefined;
  test.afterEach(async () => {
    await node?.stop();
    node = undefined;
  });

  test('EVM: waiting for confirmation, then "dropped" when the node evicts it before a block takes it', async ({ page }) => {
    node = await startAnvil({ chainId: 31337 });
    await installMulticall3(node.url);
    const url = node.url;
    const rpc = (method: string, params: unknown[] = []) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) }).then((r) => r.json());
    await freshPage(page, `/?evm=${encodeURIComponent(url)}`);
    await connectWallet(page);
    await page.locator('button.portico-account-button').click();
    const d = dialog(page);
    await d.getByRole('button', { name: 'Send' }).click();
    await d.getByRole('textbox', { name: 'Amount' }).fill('0.001');
    await d.getByRole('textbox', { name: 'To' }).fill('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
    await d.getByRole('button', { name: 'Review' }).click();
    await rpc('evm_setAutomine', [false]);
    try {
      await d.getByTestId('send-confirm').click();
      await expect(d.getByTestId('send-status')).toHaveText('Waiting for confirmation…');
      const hash = (await d.getByTestId('send-id').getAttribute('data-id'))!;
      await rpc('anvil_dropTransaction', [hash]);
      await expect(d.getByTestId('send-status')).toHaveText('The transfer was dropped before it was confirmed.');
    } finally {
      await rpc('evm_setAutomine', [true]);
    }
  });
});
