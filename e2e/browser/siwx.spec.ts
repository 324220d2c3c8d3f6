import { expect, test, type Page } from '@playwright/test';
import { dialog, freshPage, serverSessions } from './helpers';

const evmPath = (mode: 'optional' | 'required') => `/?siwx=${mode}&evm=${encodeURIComponent(process.env.PORTICO_EVM!)}`;
const hostStatus = (page: Page) => page.getByTestId('host-status');

async function startConnect(page: Page) {
  await page.locator('button.portico-connect-button').click();
  await dialog(page).getByRole('button', { name: 'Portico Test Wallet', exact: true }).click();
  await expect(dialog(page)).toHaveAttribute('data-view', 'SIWXSignMessage');
}

test.describe('sign-in with Ethereum (EIP-4361) on anvil', () => {
  test('connect opens the sign-in message; signing closes the modal and the session survives a reload', async ({ page }) => {
    await freshPage(page, evmPath('optional'));
    await startConnect(page);
    const message = dialog(page).getByTestId('siwx-message');
    await expect(message).toContainText('wants you to sign in with your Ethereum account:');
    await expect(message).toContainText('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    await expect(message).toContainText('Chain ID: 31337');
    // In the 360 px card the message wraps between words, never inside one.
    const brokenWords = await message.evaluate((pre) => {
      const broken: string[] = [];
      const walker = document.createTreeWalker(pre, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        // Tokens that fit on a line (words, dates); a long one (the address, the URI) must break somewhere.
        for (const match of (node.textContent ?? '').matchAll(/(?<!\S)\S{2,24}(?!\S)/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          if (new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1) broken.push(match[0]);
        }
      }
      return broken;
    });
    expect(brokenWords).toEqual([]);
    // The wallet is connected: no Back to the Connect list, Sign or Cancel are the ways out.
    await expect(dialog(page).getByRole('button', { name: 'Back' })).toHaveCount(0);
    await dialog(page).getByRole('button', { name: 'Sign', exact: true }).click();
    await expect(dialog(page)).toBeHidden();
    await expect(hostStatus(page)).toHaveText('connected');

    await page.reload();
    await expect(hostStatus(page)).toHaveText('connected');
    await page.waitForTimeout(500);
    await expect(dialog(page)).toBeHidden();
  });

  test('with the reference server: its nonce, its verification, and the session it keeps', async ({ page }) => {
    const server = process.env.PORTICO_SIWX_SERVER!;
    await freshPage(page, `${evmPath('optional')}&siwxServer=${encodeURIComponent(server)}`);
    await startConnect(page);
    const message = (await dialog(page).getByTestId('siwx-message').textContent())!;
    const nonce = /Nonce: ([A-Za-z0-9]+)/.exec(message)![1];
    await dialog(page).getByRole('button', { name: 'Sign', exact: true }).click();
    await expect(dialog(page)).toBeHidden();
    const stored = await serverSessions<{ data: { nonce: string } }>(page, 'eip155:31337', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    expect(stored.map((s) => s.data.nonce)).toContain(nonce);
  });

  test('a declined signature keeps the view with "Signature declined"', async ({ page }) => {
    await freshPage(page, evmPath('optional'));
    await startConnect(page);
    // The user declines in the wallet (the modal covers the page's own controls).
    await page.evaluate(() => (window as unknown as { porticoTestWallets: { wallet: { setMode(m: object): void } } }).porticoTestWallets.wallet.setMode({ reject: true }));
    await dialog(page).getByRole('button', { name: 'Sign', exact: true }).click();
    await expect(dialog(page).getByText('Signature declined')).toBeVisible();
    await expect(dialog(page)).toHaveAttribute('data-view', 'SIWXSignMessage');
  });

  test('required: closing is blocked, and Cancel disconnects', async ({ page }) => {
    await freshPage(page, evmPath('required'));
    await startConnect(page);
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toHaveAttribute('data-view', 'SIWXSignMessage');
    await expect(dialog(page).getByTestId('close-blocked')).toBeVisible();
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(hostStatus(page)).toHaveText('disconnected');
  });

  test('optional: Cancel keeps the wallet connected and closes', async ({ page }) => {
    await freshPage(page, evmPath('optional'));
    await startConnect(page);
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog(page)).toBeHidden();
    await expect(hostStatus(page)).toHaveText('connected');
  });
});
