import { expect, test, type Page } from '@playwright/test';
import { startAnvil } from '@portico/chain-eip155/testing/node';
import { connectWallet, dialog, freshPage } from './helpers';

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const evmPath = (url = process.env.PORTICO_EVM!, extra = '') => `/?evm=${encodeURIComponent(url)}${extra}`;
const hostStatus = (page: Page) => page.getByTestId('host-status');

/** The test wallets' modes, set the way the wallet's own UI would (the modal covers the page's controls). */
async function setWalletMode(page: Page, which: 'wallet' | 'noUi', mode: object) {
  await page.evaluate(
    ([w, m]) => (window as unknown as { porticoTestWallets: Record<string, { setMode(m: object): void }> }).porticoTestWallets[w as string]!.setMode(m as object),
    [which, mode] as const,
  );
}

const connectNoUiWallet = (page: Page) => connectWallet(page, 'Portico Test Wallet (no UI)');

/** Clicks the host's "Send 0.001 ETH" and approves it on Portico's approval view. */
async function sendAndApprove(page: Page) {
  await page.getByRole('button', { name: 'Send 0.001 ETH (EVM)' }).click();
  await expect(dialog(page)).toHaveAttribute('data-view', 'ApproveTransaction');
  await expect(dialog(page).getByTestId('approve-method')).toHaveText('eth_sendTransaction');
  // What the user decides on: the amount in ETH on the named network, not the raw hex value.
  await expect(dialog(page).getByRole('heading', { name: 'Approve transaction' })).toBeVisible();
  await expect(dialog(page).getByTestId('approve-amount')).toContainText('0.001 ETH');
  await expect(dialog(page).getByTestId('approve-network')).not.toBeEmpty();
  await expect(dialog(page).getByTestId('approve-raw')).toBeHidden();
  await dialog(page).getByText('Details', { exact: true }).click();
  await expect(dialog(page).getByTestId('approve-raw')).toContainText('0x38d7ea4c68000');
  await dialog(page).getByRole('button', { name: 'Approve' }).click();
}

test.describe('what the user reads when something fails', () => {
  test('a wallet that rejects with a plain object: words in the modal, never "[object Object]"; the host gets an EIP-1193 error', async ({ page }) => {
    await freshPage(page, evmPath());
    // Connecting: the wallet throws a plain object, not an Error.
    await setWalletMode(page, 'wallet', { rejectWith: { code: 4001, message: 'User denied account access', data: { deep: { object: true } } } });
    await page.locator('button.portico-connect-button').click();
    await dialog(page).getByRole('button', { name: 'Portico Test Wallet', exact: true }).click();
    await expect(dialog(page).getByRole('alert')).toBeVisible();
    await expect(dialog(page)).not.toContainText('[object Object]');
    await expect(hostStatus(page)).toHaveText('disconnected');
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();

    // Sending through the wallet without its own UI: approved in Portico, then the wallet throws an object.
    await connectNoUiWallet(page);
    await setWalletMode(page, 'noUi', { rejectWith: { code: -32002, message: "Request of type 'eth_sendTransaction' already pending. Please wait.", data: { id: 7 } } });
    await sendAndApprove(page);
    await expect(dialog(page)).toHaveAttribute('data-view', 'ApproveTransaction');
    const alert = dialog(page).getByRole('alert');
    await expect(alert).toContainText('Request already waiting');
    await expect(alert).toContainText('Open your wallet: a request is already waiting');
    await expect(dialog(page)).not.toContainText('[object Object]');
    await expect(page.getByTestId('host-result')).toHaveText("eth_sendTransaction → Request of type 'eth_sendTransaction' already pending. Please wait.");

    // An object with neither code nor message: a generic sentence, and still a clear error (-32603) for the host.
    await dialog(page).getByRole('button', { name: 'Close' }).click();
    await expect(dialog(page)).toBeHidden();
    await setWalletMode(page, 'noUi', { rejectWith: { nested: { reason: 42 } } });
    await sendAndApprove(page);
    await expect(dialog(page).getByRole('alert')).toContainText('Something went wrong');
    await expect(dialog(page).getByRole('alert')).toContainText('The request did not go through. Try again.');
    await expect(dialog(page)).not.toContainText('[object Object]');
    await expect(page.getByTestId('host-result')).toHaveText('eth_sendTransaction → The wallet request failed without saying why.');
  });

  test('a connect that yields no account: the user is told to unlock or add one, not "No ActiveCaipAddress found"', async ({ page }) => {
    await freshPage(page, evmPath());
    await setWalletMode(page, 'wallet', { noAccounts: true });
    await page.locator('button.portico-connect-button').click();
    await dialog(page).getByRole('button', { name: 'Portico Test Wallet', exact: true }).click();
    await expect(dialog(page).getByRole('alert')).toContainText('The wallet shared no account. Unlock it or add an account, then try again.');
    await expect(dialog(page)).not.toContainText('No ActiveCaipAddress found');
    await expect(hostStatus(page)).toHaveText('disconnected');
  });

  test('sign-in: an error, then a successful sign-in shows no stale banner (?siwx=required)', async ({ page }) => {
    const server = process.env.PORTICO_SIWX_SERVER!;
    // The server's first nonce request fails (the server itself stays up for the retry).
    await page.route(`${server}/nonce**`, (route) => route.fulfill({ status: 503, body: 'unavailable' }), { times: 1 });
    await freshPage(page, `${evmPath(process.env.PORTICO_EVM!, `&siwx=required&siwxServer=${encodeURIComponent(server)}`)}`);
    await page.locator('button.portico-connect-button').click();
    await dialog(page).getByRole('button', { name: 'Portico Test Wallet', exact: true }).click();
    await expect(dialog(page).getByText('A problem occurred while trying initialize authentication')).toBeVisible();
    await expect(hostStatus(page)).toHaveText('disconnected');

    // Next attempt (the wallet is listed under Recent now): the signing view, without the earlier failure's banner.
    await dialog(page).locator('[data-connector-id="dev.portico.testwallet"]').first().click();
    await expect(dialog(page)).toHaveAttribute('data-view', 'SIWXSignMessage');
    await expect(dialog(page).getByTestId('siwx-message')).toContainText('wants you to sign in with your Ethereum account:');
    await expect(dialog(page).getByText('A problem occurred while trying initialize authentication')).toBeHidden();
    await expect(dialog(page).getByRole('alert')).toHaveCount(0);

    // A declined signature (a plain object from the wallet), then a signature that goes through.
    await setWalletMode(page, 'wallet', { rejectWith: { code: 4001, message: 'User denied message signature' } });
    await dialog(page).getByRole('button', { name: 'Sign', exact: true }).click();
    await expect(dialog(page).getByRole('alert')).toContainText('Signature declined');
    await expect(dialog(page).getByRole('alert')).toContainText('You declined the request.');
    await expect(dialog(page)).not.toContainText('[object Object]');
    await setWalletMode(page, 'wallet', {});
    await dialog(page).getByRole('button', { name: 'Sign', exact: true }).click();
    await expect(dialog(page)).toBeHidden();
    await expect(hostStatus(page)).toHaveText('connected');
    await expect(page.getByTestId('host-address')).toHaveText(ACCOUNT);
  });

  test('a host send on a dead RPC through the wallet without its own UI: the modal says the network isn’t answering, the host gets a clear EIP-1193 error', async ({ page }) => {
    const node = await startAnvil();
    try {
      await freshPage(page, evmPath(node.url));
      await connectNoUiWallet(page);
      await node.stop();
      await sendAndApprove(page);
      await expect(dialog(page)).toHaveAttribute('data-view', 'ApproveTransaction', { timeout: 15_000 });
      const alert = dialog(page).getByRole('alert');
      await expect(alert).toContainText("The network isn't answering", { timeout: 15_000 });
      await expect(dialog(page)).not.toContainText('HTTP request failed');
      await expect(dialog(page)).not.toContainText('Failed to fetch');
      await expect(page.getByTestId('host-result')).toHaveText("eth_sendTransaction → The network's RPC endpoint did not answer");
      await dialog(page).getByRole('button', { name: 'Close' }).click();
      await expect(dialog(page)).toBeHidden();

      // The host's error itself: EIP-1193-shaped, with the wallet's original as its cause.
      await page.evaluate((from) => {
        type P = { request(a: { method: string; params?: unknown[] }): Promise<unknown> };
        const w = window as unknown as { portico: { adapter(ns: string): { getProvider(): P } }; __sent?: Promise<unknown> };
        w.__sent = w.portico
          .adapter('eip155')
          .getProvider()
          .request({ method: 'eth_sendTransaction', params: [{ from, to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: '0x1' }] })
          .then(
            () => ({ resolved: true }),
            (error: { code?: unknown; message?: unknown; cause?: unknown }) => ({
              isError: error instanceof Error,
              code: error.code,
              message: error.message,
              cause: error.cause instanceof Error ? error.cause.message.split('\n')[0] : typeof error.cause,
            }),
          );
      }, ACCOUNT);
      await dialog(page).getByRole('button', { name: 'Approve' }).click();
      const hostError = await page.evaluate(() => (window as unknown as { __sent: Promise<unknown> }).__sent);
      expect(hostError).toEqual({ isError: true, code: -32603, message: "The network's RPC endpoint did not answer", cause: 'HTTP request failed.' });
    } finally {
      await node.stop();
    }
  });
});
