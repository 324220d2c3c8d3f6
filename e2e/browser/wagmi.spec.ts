import { expect, test, type Page } from '@playwright/test';
import { createWalletConnectTestWallet, type WalletConnectTestWallet } from '@portico/plugin-walletconnect/testing';
import { createPublicClient, http, parseEther, recoverMessageAddress, type Hex } from 'viem';
import { approveInWallet, loginThroughModal, path as emailPath, rejectInWallet, walletFrame } from './emailLogin';
import { dialog, freshPage } from './helpers';

// @portico/wagmi in the playground (`?wagmi`: a panel written with wagmi 3's hooks) with the two
// connections a registry host's test wallet cannot stand for: the embedded e-mail wallet (no
// confirmation UI of its own: wagmi's requests wait on Portico's approval view) and a phone over
// WalletConnect (the local relay). The injected wallet is the registry test's (registry.spec.ts).

const PHONE_KEY: Hex = '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a';
const PHONE_ADDRESS = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const rpc = () => process.env.PORTICO_EVM!.split(',')[0]!;

async function expectWagmiConnected(page: Page, address: string) {
  await expect(page.getByTestId('wagmi-status')).toHaveText('connected', { timeout: 15_000 });
  await expect(page.getByTestId('wagmi-address')).toHaveText(address);
}

test.describe('@portico/wagmi: wagmi hooks over the embedded wallet and WalletConnect', () => {
  test('the e-mail wallet: wagmi sees its account; its signature and transaction wait on the wallet’s approval screen; a refusal reaches wagmi as the user’s', async ({ page, browser }) => {
    await freshPage(page, `${emailPath()}&wagmi`);
    await expect(page.getByTestId('wagmi-status')).toHaveText('disconnected');
    const address = await loginThroughModal(page, browser, `wagmi-${Date.now()}@example.com`);
    await expectWagmiConnected(page, address);
    const d = dialog(page);

    await page.getByRole('button', { name: 'Sign with wagmi' }).click();
    await expect(d).toHaveAttribute('data-view', 'ApproveTransaction');
    await expect(walletFrame(page).getByText('Hello from wagmi')).toBeVisible();
    await approveInWallet(page, 'personal_sign');
    await expect(page.getByTestId('wagmi-signature')).toHaveText(/^0x[0-9a-f]+$/, { timeout: 15_000 });
    expect(await recoverMessageAddress({ message: 'Hello from wagmi', signature: (await page.getByTestId('wagmi-signature').textContent()) as Hex })).toBe(address);

    await fetch(rpc(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_setBalance', params: [address, '0xde0b6b3a7640000'] }) });
    const client = createPublicClient({ transport: http(rpc()) });
    const before = await client.getBalance({ address: RECIPIENT });
    await page.getByRole('button', { name: 'Send with wagmi' }).click();
    await expect(d).toHaveAttribute('data-view', 'ApproveTransaction');
    await expect(walletFrame(page).getByTestId('approve-amount')).toContainText('0.001 ETH');
    await approveInWallet(page, 'eth_sendTransaction');
    await expect(page.getByTestId('wagmi-receipt')).toHaveText('success', { timeout: 20_000 });
    expect((await client.getBalance({ address: RECIPIENT })) - before).toBe(parseEther('0.001'));

    // The user refuses on the wallet's screen: wagmi's mutation fails as a user rejection.
    await page.getByRole('button', { name: 'Sign with wagmi' }).click();
    await rejectInWallet(page);
    await expect(page.getByTestId('wagmi-error')).toHaveText('UserRejectedRequestError');
  });

  test('a phone over WalletConnect: wagmi sees the session’s account, and its signature comes from the phone', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const [a, b] = process.env.PORTICO_EVM!.split(',');
    const phone: WalletConnectTestWallet = await createWalletConnectTestWallet({ relayUrl: process.env.PORTICO_RELAY!, projectId: 'playground-project', privateKey: PHONE_KEY, rpcUrls: { 31337: a!, 31338: b! } });
    try {
      await freshPage(page, `/?evm=${encodeURIComponent(process.env.PORTICO_EVM!)}&relay=${encodeURIComponent(process.env.PORTICO_RELAY!)}&wagmi`);
      await page.locator('button.portico-connect-button').click();
      const d = dialog(page);
      await d.locator('[data-connector-id="walletConnect"]').click();
      await expect(d.getByRole('img', { name: 'WalletConnect QR code' })).toBeVisible({ timeout: 15_000 });
      await d.getByTestId('walletconnect-copy').click();
      await phone.pair(await page.evaluate(() => navigator.clipboard.readText()));
      await expectWagmiConnected(page, PHONE_ADDRESS);
      await page.getByRole('button', { name: 'Sign with wagmi' }).click();
      await expect(page.getByTestId('wagmi-signature')).toHaveText(/^0x[0-9a-f]+$/, { timeout: 15_000 });
      expect(await recoverMessageAddress({ message: 'Hello from wagmi', signature: (await page.getByTestId('wagmi-signature').textContent()) as Hex })).toBe(PHONE_ADDRESS);
      // Disconnecting with wagmi ends Portico's session too.
      await page.getByRole('button', { name: 'Disconnect with wagmi' }).click();
      await expect(page.getByTestId('host-status')).toHaveText('disconnected');
    } finally {
      await phone.close();
    }
  });
});
