import { expect, test, type Page } from '@playwright/test';
import { connectWallet, dialog, freshPage } from './helpers';

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const path = () => `/?evm=${encodeURIComponent(process.env.PORTICO_EVM!)}`;
const status = (page: Page) => page.getByTestId('host-status-eip155');

/** A host call through Portico's EIP-1193 provider in the page: its result, or the error's code and message. */
const hostRequest = (page: Page, method: string) =>
  page.evaluate(async (m) => {
    const portico = (window as unknown as { portico: { adapter(ns: string): { getProvider(): { request(a: { method: string; params?: unknown[] }): Promise<unknown> } } } }).portico;
    try {
      return { result: await portico.adapter('eip155').getProvider().request({ method: m, params: ['0x48656c6c6f', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'] }) };
    } catch (error) {
      const e = error as { code?: unknown; message?: unknown };
      return { code: e.code, message: String(e.message) };
    }
  }, method);

const connect = (page: Page) => connectWallet(page, 'Portico Test Wallet', 'host-status-eip155');

async function disconnect(page: Page) {
  await page.locator('button.portico-account-button').click();
  await dialog(page).getByRole('button', { name: 'Disconnect', exact: true }).click();
  await expect(status(page)).toHaveText('disconnected');
}

test.describe('two tabs of one site', () => {
  test('connect in one tab and the other follows silently; disconnect in one and the other disconnects, refuses to sign, and writes nothing back', async ({ page, context }) => {
    await freshPage(page, path());
    const other = await context.newPage();
    await other.goto(path());
    await expect(status(other)).toHaveText('disconnected');

    await connect(page);
    // The other tab restores the same wallet without a prompt.
    await expect(status(other)).toHaveText('connected');
    await expect(other.getByTestId('host-address')).toHaveText(ACCOUNT);

    await disconnect(page);
    await expect(status(other)).toHaveText('disconnected');
    await expect(other.locator('button.portico-connect-button')).toBeVisible();
    expect(await hostRequest(other, 'personal_sign')).toMatchObject({ code: 4900 });

    // A write in the other tab (choosing a network) does not put "connected" back.
    await other.evaluate(() => (window as unknown as { portico: { switchNetwork(id: string): Promise<void> } }).portico.switchNetwork('eip155:31337'));
    await page.reload();
    await expect(page.getByTestId('host-status')).toHaveText('disconnected');
    await expect(status(page)).toHaveText('disconnected');
    await other.reload();
    await expect(status(other)).toHaveText('disconnected');
    await other.close();
  });

  test('a tab that was in the background when the other disconnected has followed it when it comes to the front', async ({ page, context }) => {
    await freshPage(page, path());
    await connect(page);
    const other = await context.newPage();
    await other.goto(path());
    await expect(status(other)).toHaveText('connected');
    await page.bringToFront();
    await disconnect(page);
    await other.bringToFront();
    await expect(status(other)).toHaveText('disconnected');
    await other.close();
  });
});
