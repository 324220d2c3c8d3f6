import { expect, test, type Page } from '@playwright/test';
import { createWalletConnectTestWallet, type WalletConnectTestWallet } from '@portico/plugin-walletconnect/testing';
import { startRelay, type LocalService } from '@portico/tools/services';
import { recoverMessageAddress, type Hex } from 'viem';
import { dialog, freshPage } from './helpers';

// Anvil's third test key: the phone's wallet.
const PHONE_KEY: Hex = '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a';
const PHONE_ADDRESS = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
/** What the host page's "Sign message (EVM)" button signs: "Hello Portico". */
const MESSAGE: Hex = '0x48656c6c6f20506f727469636f';
const USER_SENTENCE = 'Your wallet could not be reached because the connection to it was interrupted. Please try again.';
/** The playground's `?relayTimeoutMs=`: long enough for the relay to come back, short enough to wait out. */
const RELAY_TIMEOUT_MS = 12_000;

// This test stops its relay: it starts its own (the suite's shared one stays up for the others).
let relay: LocalService | undefined;
let phone: WalletConnectTestWallet | undefined;
test.afterEach(async () => {
  await phone?.close();
  phone = undefined;
  await relay?.stop();
  relay = undefined;
});

/** Connects the phone's wallet through the QR view's copied link. */
async function connectPhone(page: Page, relayUrl: string): Promise<WalletConnectTestWallet> {
  const [a, b] = process.env.PORTICO_EVM!.split(',');
  const wallet = await createWalletConnectTestWallet({ relayUrl, projectId: 'playground-project', privateKey: PHONE_KEY, rpcUrls: { 31337: a!, 31338: b! } });
  await page.locator('button.portico-connect-button').click();
  const d = dialog(page);
  await d.locator('[data-connector-id="walletConnect"]').click();
  await expect(d.getByRole('img', { name: 'WalletConnect QR code' })).toBeVisible({ timeout: 15_000 });
  await d.getByTestId('walletconnect-copy').click();
  await wallet.pair(await page.evaluate(() => navigator.clipboard.readText()));
  await expect(page.getByTestId('host-status')).toHaveText('connected', { timeout: 15_000 });
  await expect(d).toBeHidden();
  return wallet;
}

test.describe('WalletConnect with the relay down (the host signs with the modal closed)', () => {
  test('the user sees the connection interrupted; a request goes through when the relay is back, and fails in plain words when it stays down', async ({ page, context }) => {
    test.setTimeout(120_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    relay = await startRelay({ projectIds: ['playground-project'] });
    const port = Number(new URL(relay.url).port);
    await freshPage(page, `/?evm=${encodeURIComponent(process.env.PORTICO_EVM!)}&relay=${encodeURIComponent(relay.url)}&relayTimeoutMs=${RELAY_TIMEOUT_MS}`);
    phone = await connectPhone(page, relay.url);
    const d = dialog(page);
    const sign = page.getByRole('button', { name: 'Sign message (EVM)' });
    const result = page.getByTestId('host-result');

    // The relay goes away; the host asks for a signature.
    await relay.stop();
    relay = undefined;
    await sign.click();
    await expect(d).toBeVisible({ timeout: 10_000 });
    await expect(d).toHaveAttribute('data-view', 'WalletConnectRequest');
    const alert = d.getByRole('alert').filter({ hasText: 'Connection to your wallet interrupted' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('Reconnecting…');
    await expect(d.getByTestId('walletconnect-request-view')).toHaveAttribute('data-state', 'interrupted');
    await expect(d.getByText('Waiting for your wallet')).toBeVisible();
    await expect(d.getByText('The request goes to your wallet once the connection is back.')).toBeVisible();
    // The session is kept: the host still sees the wallet connected, and has no answer yet.
    await expect(page.getByTestId('host-status')).toHaveText('connected');
    await expect(result).toHaveText('');

    // The relay is back in time: the request reaches the phone, the host gets its signature, the notice goes.
    relay = await startRelay({ port, projectIds: ['playground-project'] });
    await expect(result).toHaveText(/^personal_sign → 0x[0-9a-f]{130}$/, { timeout: 20_000 });
    const signature = (await result.textContent())!.replace('personal_sign → ', '') as Hex;
    expect(await recoverMessageAddress({ message: { raw: MESSAGE }, signature })).toBe(PHONE_ADDRESS);
    expect(phone.requests.map((r) => r.method)).toEqual(['personal_sign']);
    await expect(d).toBeHidden();

    // The relay goes away for good: the same notice, then a clear error for the user and the host.
    await relay.stop();
    relay = undefined;
    await sign.click();
    await expect(d).toBeVisible({ timeout: 10_000 });
    await expect(alert).toBeVisible();
    await expect(result).toHaveText(`personal_sign → ${USER_SENTENCE}`, { timeout: RELAY_TIMEOUT_MS + 5_000 });
    const failed = d.getByTestId('walletconnect-request-view');
    await expect(failed).toHaveAttribute('data-state', 'failed');
    await expect(failed.getByRole('alert')).toContainText('The request did not go through');
    await expect(failed.getByRole('alert')).toContainText(USER_SENTENCE);
    // "Reconnecting…" does not stay beside the failure it contradicts.
    await expect(alert).toHaveCount(0);
    // Never the protocol client's own text, anywhere on the page.
    await expect(page.getByText(/Failed to publish|tag:1108/)).toHaveCount(0);
    expect(phone.requests).toHaveLength(1);
    await failed.getByRole('button', { name: 'Close' }).click();
    await expect(d).toBeHidden();
    await expect(page.getByTestId('host-status')).toHaveText('connected');
  });
});
