import { expect, test, type Page } from '@playwright/test';
import { demoSend, dialog, expectNoSeriousA11yViolations, freshPage, openConnectView, serverSessions, solanaRpc } from './helpers';

// Addresses of the playground's test wallets (funded by the local servers at start), as the wallets report them.
type ChainWallets = { solana: { address: string }; bitcoin: { paymentAddress: string; ordinalsAddress: string } };
const walletAddresses = (page: Page) =>
  page.evaluate(() => {
    const w = (window as unknown as { porticoChainWallets: ChainWallets }).porticoChainWallets;
    return { solana: w.solana.address, payment: w.bitcoin.paymentAddress, ordinals: w.bitcoin.ordinalsAddress };
  });
const solanaUrl = () => process.env.PORTICO_SOLANA!;
const bitcoinUrl = () => process.env.PORTICO_BITCOIN!;

const path = (extra = '') =>
  `/?evm=${encodeURIComponent(process.env.PORTICO_EVM!)}&sol=${encodeURIComponent(solanaUrl())}&btc=${encodeURIComponent(bitcoinUrl())}${extra}`;

const esplora = async <T>(suffix: string): Promise<T> => (await (await fetch(`${bitcoinUrl()}${suffix}`)).json()) as T;
const btcBalance = async (address: string) => {
  const { chain_stats: c, mempool_stats: m } = await esplora<{ chain_stats: { funded_txo_sum: number; spent_txo_sum: number }; mempool_stats: { funded_txo_sum: number; spent_txo_sum: number } }>(`/address/${address}`);
  return BigInt(c.funded_txo_sum - c.spent_txo_sum + m.funded_txo_sum - m.spent_txo_sum);
};
/** The spec's balance display, computed independently: floored to 3 decimals. */
const floor3 = (value: bigint, decimals: number) => {
  const unit = 10n ** BigInt(decimals);
  return `${value / unit}.${(((value % unit) * 1000n) / unit).toString().padStart(3, '0')}`;
};

const status = (page: Page, ns: string) => page.getByTestId(`host-status-${ns}`);


async function connectVia(page: Page, walletName: string, ns: string) {
  await openConnectView(page);
  await dialog(page).getByRole('button', { name: walletName, exact: true }).click();
  await expect(status(page, ns)).toHaveText('connected');
  await expect(dialog(page)).toBeHidden();
}

test.describe('Solana (Wallet Standard) on the local LiteSVM server', () => {
  test('connects and shows the balance the server holds', async ({ page }) => {
    await freshPage(page, path());
    await connectVia(page, 'Portico Solana Test Wallet', 'solana');
    const { solana } = await walletAddresses(page);
    expect(solana).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    await expect(page.getByTestId('host-address-solana')).toHaveText(solana);
    const { value } = await solanaRpc<{ value: number }>('getBalance', [solana]);
    await page.evaluate(() => (window as unknown as { portico: { kernel: { connection: { setActiveNamespace(n: string): void } } } }).portico.kernel.connection.setActiveNamespace('solana'));
    await page.locator('button.portico-account-button').click();
    await expect(dialog(page).getByTestId('account-balance')).toHaveText(`${floor3(BigInt(value), 9)} SOL`);
  });

  test('signs a transfer in the wallet and it lands on the server', async ({ page }) => {
    await freshPage(page, path());
    await connectVia(page, 'Portico Solana Test Wallet', 'solana');
    const recipient = '8opHzTAnfzRpPEx21XtnrVTX28YQuCpAjcn1PczScKh';
    const before = (await solanaRpc<{ value: number }>('getBalance', [recipient])).value;
    const signature = await demoSend(page, 'sendSol', recipient, 2_000_000);
    expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
    const statuses = await solanaRpc<{ value: Array<{ err: unknown; confirmationStatus: string } | null> }>('getSignatureStatuses', [[signature]]);
    expect(statuses.value[0]).toMatchObject({ err: null });
    expect((await solanaRpc<{ value: number }>('getBalance', [recipient])).value - before).toBe(2_000_000);
  });

  test('a rejected connect leaves Solana disconnected and says so', async ({ page }) => {
    await freshPage(page, path());
    await page.evaluate(() => (window as unknown as { porticoChainWallets: { solana: { setMode(m: object): void } } }).porticoChainWallets.solana.setMode({ reject: true }));
    await openConnectView(page);
    await dialog(page).getByRole('button', { name: 'Portico Solana Test Wallet', exact: true }).click();
    await expect(dialog(page)).toHaveAttribute('data-view', 'Connecting');
    await expect(dialog(page).getByText('Connection declined')).toBeVisible();
    await expect(status(page, 'solana')).toHaveText('disconnected');
  });
});

test.describe('Bitcoin (Wallet Standard, bitcoin:*) on the local Esplora server', () => {
  test('connects with payment selected and ordinals kept; the balance is the UTXO sum', async ({ page }) => {
    await freshPage(page, path());
    await connectVia(page, 'Portico Bitcoin Test Wallet', 'bip122');
    const { payment, ordinals } = await walletAddresses(page);
    await expect(page.getByTestId('host-address-bip122')).toHaveText(payment);
    const accounts = await page.evaluate(() =>
      (window as unknown as { portico: { kernel: { connection: { get(n: string): { accounts: Array<{ address: string; type: string }> } } } } }).portico.kernel.connection.get('bip122').accounts.map((a) => [a.address.split(':')[2], a.type]),
    );
    expect(accounts).toEqual([
      [payment, 'payment'],
      [ordinals, 'ordinal'],
    ]);
    await page.evaluate(() => (window as unknown as { portico: { kernel: { connection: { setActiveNamespace(n: string): void } } } }).portico.kernel.connection.setActiveNamespace('bip122'));
    await page.locator('button.portico-account-button').click();
    await expect(dialog(page).getByTestId('account-balance')).toHaveText(`${floor3(await btcBalance(payment), 8)} BTC`);
  });

  test('a PSBT signed by the wallet is accepted by the server', async ({ page }) => {
    await freshPage(page, path());
    await connectVia(page, 'Portico Bitcoin Test Wallet', 'bip122');
    const { ordinals } = await walletAddresses(page);
    const txid = await demoSend(page, 'sendBtc', ordinals, 25_000);
    expect(txid).toMatch(/^[0-9a-f]{64}$/);
    const tx = await esplora<{ txid: string; vout: Array<{ scriptpubkey_address: string; value: number }> }>(`/tx/${txid}`);
    expect(tx.txid).toBe(txid);
    expect(tx.vout).toContainEqual(expect.objectContaining({ scriptpubkey_address: ordinals, value: 25_000 }));
  });
});

test.describe('three chain families at once', () => {
  test('EVM, Solana and Bitcoin connected side by side; Account lists each; one disconnects alone; reload restores the rest silently', async ({ page }) => {
    await freshPage(page, path());
    await connectVia(page, 'Portico Test Wallet', 'eip155');
    await connectVia(page, 'Portico Solana Test Wallet', 'solana');
    await connectVia(page, 'Portico Bitcoin Test Wallet', 'bip122');
    await page.locator('button.portico-account-button').click();
    const rows = dialog(page).getByTestId('account-namespaces');
    await expect(rows.locator('[data-namespace]')).toHaveCount(3);
    // Each chain's row wears its network's mark, not a letter.
    await expect(rows.locator('[data-namespace] .pt-avatar img')).toHaveCount(3);
    await expectNoSeriousA11yViolations(page, 'Account with three chains');
    await rows.locator('[data-namespace="solana"]').click();
    await expect(dialog(page).getByTestId('account-address')).toHaveText(/^[1-9A-HJ-NP-Za-km-z]{4}…/);
    await dialog(page).getByRole('button', { name: 'Disconnect Solana' }).click();
    await expect(status(page, 'solana')).toHaveText('disconnected');
    await expect(status(page, 'eip155')).toHaveText('connected');
    await expect(status(page, 'bip122')).toHaveText('connected');

    await page.reload();
    await expect(status(page, 'eip155')).toHaveText('connected');
    await expect(status(page, 'bip122')).toHaveText('connected');
    await expect(status(page, 'solana')).toHaveText('disconnected');
    await expect(dialog(page)).toBeHidden();
  });

  test('reload matrix: connected on EVM, Solana and Bitcoin at once, 20 reloads in a row restore all three silently every time', async ({ page }) => {
    test.setTimeout(120_000);
    await freshPage(page, path());
    await connectVia(page, 'Portico Test Wallet', 'eip155');
    await connectVia(page, 'Portico Solana Test Wallet', 'solana');
    await connectVia(page, 'Portico Bitcoin Test Wallet', 'bip122');
    const addresses = await Promise.all(['eip155', 'solana', 'bip122'].map((ns) => page.getByTestId(`host-address-${ns}`).textContent()));
    // Every restore is silent: the same accounts come back and the modal never opens.
    for (let i = 1; i <= 20; i++) {
      await page.reload();
      for (const [k, ns] of ['eip155', 'solana', 'bip122'].entries()) {
        await expect(status(page, ns), `reload ${i}: ${ns}`).toHaveText('connected');
        await expect(page.getByTestId(`host-address-${ns}`), `reload ${i}: ${ns} address`).toHaveText(addresses[k]!);
      }
      await expect(dialog(page), `reload ${i}: no modal`).toBeHidden();
    }
  });

  test('a multi-chain wallet is one entry and one click connects EVM and Solana', async ({ page }) => {
    await freshPage(page, path());
    await openConnectView(page);
    await expect(dialog(page).getByRole('button', { name: 'Portico Multichain Wallet', exact: true })).toHaveCount(1);
    await dialog(page).getByRole('button', { name: 'Portico Multichain Wallet', exact: true }).click();
    await expect(status(page, 'eip155')).toHaveText('connected');
    await expect(status(page, 'solana')).toHaveText('connected');
    await expect(page.getByTestId('host-address-eip155')).toHaveText('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
  });

  test('a Wallet Standard wallet with a hostile name and icon is shown as text, its icon dropped', async ({ page }) => {
    await freshPage(page, path('&hostile=1'));
    await openConnectView(page);
    const d = dialog(page);
    const evil = d.getByRole('button', { name: /Evil Solana/ });
    await expect(evil).toBeVisible();
    await expect(evil).toContainText('<img src=x onerror="window.__pwned=1">Evil Solana');
    expect(await evil.locator('img').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  });
});

test.describe('sign-in on Solana and Bitcoin (CAIP-122)', () => {
  for (const [wallet, ns, ecosystem] of [
    ['Portico Solana Test Wallet', 'solana', 'Solana'],
    ['Portico Bitcoin Test Wallet', 'bip122', 'Bitcoin'],
  ] as const) {
    test(`${ecosystem}: the message names the account; the signature verifies on the reference server; the session survives a reload`, async ({ page }) => {
      const server = process.env.PORTICO_SIWX_SERVER!;
      await freshPage(page, path(`&siwx=required&siwxServer=${encodeURIComponent(server)}`));
      await openConnectView(page);
      await dialog(page).getByRole('button', { name: wallet, exact: true }).click();
      await expect(dialog(page)).toHaveAttribute('data-view', 'SIWXSignMessage');
      const message = dialog(page).getByTestId('siwx-message');
      await expect(message).toContainText(`wants you to sign in with your ${ecosystem} account:`);
      const addresses = await walletAddresses(page);
      const address = ns === 'solana' ? addresses.solana : addresses.payment;
      await expect(message).toContainText(address);
      await dialog(page).getByRole('button', { name: 'Sign', exact: true }).click();
      await expect(dialog(page)).toBeHidden();
      await expect(status(page, ns)).toHaveText('connected');
      const chainId = await page.evaluate((n) => (window as unknown as { portico: { kernel: { connection: { get(n: string): { network?: string } } } } }).portico.kernel.connection.get(n).network, ns);
      expect((await serverSessions(page, chainId!, address)).length).toBeGreaterThan(0);

      await page.reload();
      await expect(status(page, ns)).toHaveText('connected');
      await page.waitForTimeout(500);
      await expect(dialog(page)).toBeHidden();
    });
  }
});

test.describe('the Networks view across chain families', () => {
  test('grouped by family; a switch says "Switching…" until the wallet answers; a Solana network with only EVM connected asks for a Solana wallet', async ({ page }) => {
    await freshPage(page, path());
    await connectVia(page, 'Portico Test Wallet', 'eip155');
    // The EVM test wallet now takes 1.5 s to answer each prompt.
    await page.getByRole('checkbox', { name: 'slow (1.5 s)' }).check();
    await page.locator('button.portico-account-button').click();
    const d = dialog(page);
    await d.getByTestId('account-network').click();
    await expect(d).toHaveAttribute('data-view', 'Networks');
    await expect(d.locator('h3.pt-section-label')).toHaveText(['Ethereum', 'Solana', 'Bitcoin', 'Demo']);

    const anvil2 = d.locator('[data-network-id="eip155:31338"]');
    await anvil2.click();
    await expect(anvil2).toContainText('Switching…');
    await expect(anvil2).toHaveAttribute('aria-busy', 'true');
    await expect(d.locator('[data-network-id="eip155:31337"]')).toBeDisabled();
    // Answered: back to Account, on the new network.
    await expect(d).toHaveAttribute('data-view', 'Account', { timeout: 10_000 });
    await expect(d.getByTestId('account-network')).toHaveText('Anvil 2');

    await d.getByTestId('account-network').click();
    const solana = d.locator('[data-network-id^="solana:"]').first();
    await solana.click();
    const banner = d.getByRole('status').filter({ hasText: /^Connect a Solana wallet to use .+\./ });
    await expect(banner).toBeVisible();
    await expect(d).toHaveAttribute('data-view', 'Networks');
    await expect(status(page, 'solana')).toHaveText('disconnected');
    await banner.getByRole('button', { name: 'Connect' }).click();
    await expect(d).toHaveAttribute('data-view', 'Connect');
  });
});
