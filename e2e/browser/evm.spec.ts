import { expect, test, type Page } from '@playwright/test';
import { formatEther, verifyMessage, type Hex } from 'viem';
import { connectWallet, dialog, freshPage } from './helpers';

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const evmUrls = () => process.env.PORTICO_EVM!.split(',');
const evmPath = (extra = '') => `/?evm=${encodeURIComponent(process.env.PORTICO_EVM!)}${extra}`;

/** The spec's display, computed independently of Portico: floored (not rounded) to 3 decimals. */
const floor3 = (wei: bigint) => {
  const [whole, fraction = ''] = formatEther(wei).split('.');
  return `${whole}.${fraction.padEnd(3, '0').slice(0, 3)}`;
};

const rpc = async <T>(url: string, method: string, params: unknown[] = []): Promise<T> =>
  ((await (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })).json()) as { result: T }).result;

const connectTestWallet = (page: Page, name?: string) => connectWallet(page, name);

test.describe('EVM on a real local node (anvil) with an EIP-6963 wallet', () => {
  test('connects and shows the balance anvil holds, floored to 3 decimals', async ({ page }) => {
    await freshPage(page, evmPath());
    await connectTestWallet(page);
    await expect(page.getByTestId('host-address')).toHaveText(ACCOUNT);
    const wei = BigInt(await rpc<string>(evmUrls()[0]!, 'eth_getBalance', [ACCOUNT, 'latest']));
    await page.locator('button.portico-account-button').click();
    await expect(dialog(page).getByTestId('account-balance')).toHaveText(`${floor3(wei)} ETH`);
    await expect(dialog(page).getByTestId('account-address')).toHaveText('0xf3…b92266');
  });

  test('on Ethereum mainnet the account shows its ENS name and avatar; on another chain the address', async ({ page }) => {
    // A local mainnet (chain id 1) whose Universal Resolver holds the test account's records.
    await freshPage(page, evmPath(`&ens=${encodeURIComponent(process.env.PORTICO_ENS!)}`));
    await connectTestWallet(page);
    const accountButton = page.locator('button.portico-account-button');
    await expect(accountButton).toHaveText('portico.eth');
    await accountButton.click();
    await expect(dialog(page).getByTestId('account-name')).toHaveText('portico.eth');
    await expect(dialog(page).getByTestId('account-address')).toHaveText('0xf3…b92266');
    const avatar = dialog(page).getByTestId('account-avatar').locator('img');
    await expect(avatar).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await page.keyboard.press('Escape');
    await page.locator('button.portico-network-button').click();
    await dialog(page).locator('[data-network-id="eip155:31337"]').click();
    await expect(page.locator('button.portico-network-button')).toHaveText('Anvil');
    // Settled on the other chain: the address, with no name behind it.
    await expect(accountButton).toHaveText('0xf3…b92266');
    await expect(accountButton).not.toHaveAttribute('title');
    await page.locator('button.portico-network-button').click();
    await dialog(page).locator('[data-network-id="eip155:1"]').click();
    await expect(accountButton).toHaveText('portico.eth');
    await expect(accountButton).toHaveAttribute('title', 'portico.eth');
  });

  test('reload keeps the connection without a prompt', async ({ page }) => {
    await freshPage(page, evmPath());
    await connectTestWallet(page);
    await page.reload();
    await expect(page.getByTestId('host-status')).toHaveText('connected');
    await expect(page.getByTestId('host-address')).toHaveText(ACCOUNT);
    await expect(dialog(page)).toBeHidden();
  });

  test('switching to a chain the wallet lacks adds it, then switches', async ({ page }) => {
    await freshPage(page, evmPath());
    await connectTestWallet(page);
    await page.locator('button.portico-network-button').click();
    await dialog(page).locator('[data-network-id="eip155:31338"]').click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { portico: { kernel: { connection: { get(n: string): { network?: string } } } } }).portico.kernel.connection.get('eip155').network)).toBe('eip155:31338');
    await expect(page.locator('button.portico-network-button')).toHaveText('Anvil 2');
  });

  test('a wallet on a chain the app does not support is shown as such, also after a reload', async ({ page }) => {
    await freshPage(page, evmPath());
    await connectTestWallet(page);
    const unsupported = evmUrls()[1]!;
    await page.evaluate(async (url) => {
      const { provider } = (window as unknown as { porticoTestWallets: { wallet: { provider: { request(a: object): Promise<unknown> } } } }).porticoTestWallets.wallet;
      await provider.request({ method: 'wallet_addEthereumChain', params: [{ chainId: '0x7a6b', rpcUrls: [url] }] });
      await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6b' }] });
    }, unsupported);
    await expect(page.locator('button.portico-network-button')).toHaveText('Unsupported network');
    await page.reload();
    await expect(page.getByTestId('host-status')).toHaveText('connected');
    await expect(page.locator('button.portico-network-button')).toHaveText('Unsupported network');
    await page.locator('button.portico-account-button').click();
    await expect(dialog(page).getByTestId('account-balance')).toHaveText('0.00');
  });

  test('personal_sign and eth_sendTransaction through the host’s provider (receipt on anvil)', async ({ page }) => {
    await freshPage(page, evmPath());
    await connectTestWallet(page);
    await page.getByRole('button', { name: 'Sign message (EVM)' }).click();
    await expect(page.getByTestId('host-result')).toHaveText(/^personal_sign → 0x[0-9a-f]{130}$/);
    const signature = (await page.getByTestId('host-result').textContent())!.split(' → ')[1] as Hex;
    expect(await verifyMessage({ address: ACCOUNT, message: 'Hello Portico', signature })).toBe(true);

    await page.getByRole('button', { name: 'Send 0.001 ETH (EVM)' }).click();
    await expect(page.getByTestId('host-result')).toHaveText(/^eth_sendTransaction → 0x[0-9a-f]{64}$/);
    const hash = (await page.getByTestId('host-result').textContent())!.split(' → ')[1]!;
    await expect.poll(async () => (await rpc<{ status: string } | null>(evmUrls()[0]!, 'eth_getTransactionReceipt', [hash]))?.status).toBe('0x1');
  });

  test('a refused method (eth_sign) opens the modal and shows Action not allowed', async ({ page }) => {
    await freshPage(page, evmPath());
    await connectTestWallet(page);
    await page.getByRole('button', { name: 'eth_sign (refused)' }).click();
    await expect(dialog(page)).toBeVisible();
    await expect(dialog(page).getByText('Action not allowed')).toBeVisible();
    await expect(page.getByTestId('host-result')).toHaveText('eth_sign → Requested RPC call is not allowed');
  });

  test('a wallet without its own UI: a refused method shows Action not allowed after 300 ms and rejects the pending request', async ({ page }) => {
    await freshPage(page, evmPath());
    await connectTestWallet(page, 'Portico Test Wallet (no UI)');
    const result = await page.evaluate(async (account) => {
      type P = { request(a: { method: string; params?: unknown[] }): Promise<unknown> };
      const provider = (window as unknown as { portico: { adapter(ns: string): { getProvider(): P } } }).portico.adapter('eip155').getProvider();
      const outcome = (p: Promise<unknown>) => p.then(() => 'resolved', (e: Error) => e.message);
      const pending = outcome(provider.request({ method: 'personal_sign', params: ['0x6869', account] }));
      const start = performance.now();
      const refused = provider.request({ method: 'eth_sign', params: [account, '0x00'] }).then(
        () => ({ message: 'resolved', after: 0 }),
        (e: Error) => ({ message: e.message, after: performance.now() - start }),
      );
      const shownAt = await new Promise<number>((resolve) => {
        const check = () => {
          const text = document.querySelector('[data-portico-modal]')?.shadowRoot?.textContent ?? '';
          if (text.includes('Action not allowed')) resolve(performance.now() - start);
          else requestAnimationFrame(check);
        };
        check();
      });
      return { pending: await pending, refused: await refused, shownAt };
    }, ACCOUNT);
    expect(result.shownAt).toBeGreaterThanOrEqual(300);
    expect(result.refused).toMatchObject({ message: 'Requested RPC call is not allowed' });
    expect(result.refused.after).toBeGreaterThanOrEqual(300);
    expect(result.pending).toBe('Request was aborted');
    await expect(dialog(page).getByText('Action not allowed')).toBeVisible();
  });

  test('a wallet without its own UI: signing opens ApproveTransaction, reads pass silently', async ({ page }) => {
    await freshPage(page, evmPath());
    await connectTestWallet(page, 'Portico Test Wallet (no UI)');
    const chainId = await page.evaluate(() =>
      (window as unknown as { portico: { adapter(ns: string): { getProvider(): { request(a: { method: string }): Promise<unknown> } } } }).portico.adapter('eip155').getProvider().request({ method: 'eth_chainId' }),
    );
    expect(chainId).toBe('0x7a69');
    await expect(dialog(page)).toBeHidden();
    await page.getByRole('button', { name: 'Sign message (EVM)' }).click();
    await expect(dialog(page)).toHaveAttribute('data-view', 'ApproveTransaction');
    await expect(dialog(page).getByTestId('approve-method')).toHaveText('personal_sign');
    // The user reads the message itself, not its hex, under a title that says it is a signature.
    await expect(dialog(page).getByRole('heading', { name: 'Sign message' })).toBeVisible();
    await expect(dialog(page).getByTestId('approve-message')).toHaveText('Hello Portico');
    await expect(dialog(page).getByTestId('approve-message')).toHaveAttribute('dir', 'ltr');
    await dialog(page).getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByTestId('host-result')).toHaveText(/^personal_sign → 0x[0-9a-f]{130}$/);
  });

  test('a transaction to approve reads as a sentence with its recipient’s ENS name, the amount in ETH and a fee estimated on the node', async ({ page }) => {
    const ens = process.env.PORTICO_ENS!;
    await freshPage(page, evmPath(`&ens=${encodeURIComponent(ens)}`));
    await connectTestWallet(page, 'Portico Test Wallet (no UI)');
    await expect(page.locator('button.portico-account-button')).toHaveText('portico.eth');
    // A payment to the test account itself, whose reverse record is portico.eth.
    await page.evaluate((account) => {
      const w = window as unknown as { portico: { adapter(ns: string): { getProvider(): { request(a: { method: string; params: unknown[] }): Promise<unknown> } } }; sent?: unknown };
      void w.portico.adapter('eip155').getProvider().request({ method: 'eth_sendTransaction', params: [{ from: account, to: account, value: '0x38d7ea4c68000' }] }).then((r) => (w.sent = r));
    }, ACCOUNT);
    const d = dialog(page);
    await expect(d).toHaveAttribute('data-view', 'ApproveTransaction');
    // The chain plugin's reading: one sentence naming the recipient by ENS, the exact address a click away.
    await expect(d.getByTestId('approve-action-text')).toHaveText(['Send 0.001 ETH to portico.eth']);
    const to = d.getByTestId('approve-detail').filter({ hasText: 'To' });
    await expect(to).toContainText('portico.eth');
    await expect(to.getByTestId('approve-detail-full')).toHaveText(ACCOUNT);
    // The request's own fields stay under Details.
    await expect(d.getByTestId('approve-to')).toContainText('0xf3');
    await expect(d.getByTestId('approve-amount')).toContainText('0.001 ETH');
    // 21 000 gas × the node's gas price, floored to 6 decimals.
    const gasPrice = BigInt(await rpc<string>(ens, 'eth_gasPrice'));
    const wei = 21_000n * gasPrice;
    const expected = `≈ ${wei / 10n ** 18n}.${((wei % 10n ** 18n) / 10n ** 12n).toString().padStart(6, '0')} ETH`;
    await expect(d.getByTestId('approve-fee')).toContainText(expected);
    await d.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { sent?: unknown }).sent)).toMatch(/^0x[0-9a-f]{64}$/);
  });

  test('a declining wallet leaves the user on Connecting with the error', async ({ page }) => {
    await freshPage(page, evmPath());
    await page.getByLabel('declines every prompt').check();
    await page.locator('button.portico-connect-button').click();
    await dialog(page).getByRole('button', { name: 'Portico Test Wallet', exact: true }).click();
    await expect(dialog(page).getByText('Connection declined')).toBeVisible();
    await expect(dialog(page).getByText('You declined the request.')).toBeVisible();
    await expect(page.getByTestId('host-status')).toHaveText('disconnected');
  });

  test('a second provider announcing the test wallet\'s rdns: no silent reconnect, both listed with a warning, connecting takes an explicit choice', async ({ page }) => {
    await freshPage(page, evmPath());
    await connectTestWallet(page);
    // From the next load on, a page script announces its own provider as dev.portico.testwallet,
    // before the real wallet does (its listener is added first).
    await page.addInitScript(() => {
      const calls: string[] = [];
      (window as unknown as { __impostorCalls: string[] }).__impostorCalls = calls;
      const provider = {
        request: async ({ method }: { method: string }) => (calls.push(method), method === 'eth_chainId' ? '0x7a69' : ['0x000000000000000000000000000000000000dEaD']),
      };
      const icon = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg"/>')}`;
      const detail = Object.freeze({ info: Object.freeze({ uuid: crypto.randomUUID(), name: 'Portico Test Wallet', icon, rdns: 'dev.portico.testwallet' }), provider });
      window.addEventListener('eip6963:requestProvider', () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail })));
    });
    await page.reload();
    await expect(page.getByTestId('host-status')).toHaveText('disconnected');
    await page.locator('button.portico-connect-button').click();
    const twins = dialog(page).getByRole('button', { name: 'Portico Test Wallet Possible impostor', exact: true });
    await expect(twins).toHaveCount(2);
    const real = dialog(page).locator('[data-connector-id="dev.portico.testwallet#2"]');
    await real.click();
    await expect(dialog(page).getByRole('alert')).toHaveText(/More than one installed wallet claims to be Portico Test Wallet\. Connect only if you trust this one\./);
    await expect(page.getByTestId('host-status')).toHaveText('disconnected');
    await dialog(page).getByRole('button', { name: 'Connect anyway' }).click();
    await expect(page.getByTestId('host-status')).toHaveText('connected');
    await expect(page.getByTestId('host-address')).toHaveText(ACCOUNT);
    expect(await page.evaluate(() => (window as unknown as { __impostorCalls: string[] }).__impostorCalls)).toEqual([]);
  });

  test('hostile wallet names render as text, script icons never run, javascript: icons are refused', async ({ page }) => {
    await freshPage(page, evmPath('&hostile=1'));
    await page.locator('button.portico-connect-button').click();
    const evil = dialog(page).getByRole('button', { name: '<img src=x onerror="window.__pwned=1">Evil Wallet' });
    await expect(evil).toBeVisible();
    await expect(evil.locator('img')).toHaveAttribute('src', /^data:image\/svg\+xml,/);
    await expect(dialog(page).getByRole('button', { name: 'Script Icon Wallet' })).toHaveCount(0);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  });
});
