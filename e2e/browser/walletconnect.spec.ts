import { expect, test, type Page } from '@playwright/test';
import { SOLANA_LOCALNET_GENESIS_HASH } from '@portico/chain-solana/testing';
import { createWalletConnectTestWallet, type WalletConnectTestWallet } from '@portico/plugin-walletconnect/testing';
import { createPublicClient, http, recoverMessageAddress, type Hex } from 'viem';
import { demoSend, dialog, expectNoSeriousA11yViolations, freshPage, serverSessions, solanaRpc } from './helpers';

// Anvil's third test key: the phone's wallet, distinct from the in-page test wallet's account.
const PHONE_KEY: Hex = '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a';
const PHONE_ADDRESS = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const RECIPIENT = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';

const evmUrls = () => process.env.PORTICO_EVM!.split(',');
const path = (extra = '') => `/?evm=${encodeURIComponent(process.env.PORTICO_EVM!)}&relay=${encodeURIComponent(process.env.PORTICO_RELAY!)}${extra}`;

const phones: WalletConnectTestWallet[] = [];
/** The phone's wallet; with `solanaChain` it has a Solana account on that chain (the local node) too; `oneClick`: it signs in as it approves. */
async function phone(solanaChain?: string, oneClick = false): Promise<WalletConnectTestWallet> {
  const [a, b] = evmUrls();
  const wallet = await createWalletConnectTestWallet({
    relayUrl: process.env.PORTICO_RELAY!,
    projectId: 'playground-project',
    privateKey: PHONE_KEY,
    rpcUrls: { 31337: a!, 31338: b! },
    ...(solanaChain ? { solana: { seed: '55'.repeat(32), rpcUrls: { [solanaChain]: process.env.PORTICO_SOLANA! } } } : {}),
    oneClick,
  });
  phones.push(wallet);
  return wallet;
}
test.afterEach(async () => {
  for (const wallet of phones.splice(0)) await wallet.close();
});

/** Opens the QR view from the Connect view and returns the pairing URI, read through the copy button as a user would paste it. */
async function openQr(page: Page): Promise<string> {
  await page.locator('button.portico-connect-button').click();
  const d = dialog(page);
  const walletConnect = d.locator('[data-connector-id="walletConnect"]');
  await expect(walletConnect).toBeVisible();
  // Its group comes first: it is the first wallet button.
  await expect(d.locator('[data-connector-id]').first()).toHaveAttribute('data-connector-id', 'walletConnect');
  await walletConnect.click();
  await expect(d).toHaveAttribute('data-view', 'ConnectingWalletConnect');
  await expect(d.getByRole('img', { name: 'WalletConnect QR code' })).toBeVisible({ timeout: 15_000 });
  await d.getByTestId('walletconnect-copy').click();
  await expect(d.getByTestId('walletconnect-copy')).toHaveText('Link copied');
  return page.evaluate(() => navigator.clipboard.readText());
}

test.describe('WalletConnect: QR view, a wallet on the real protocol through the local relay, anvil', () => {
  test.beforeEach(async ({ context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  });

  test('WalletConnect is listed first; scanning the copied URI connects the phone’s account', async ({ page }) => {
    await freshPage(page, path());
    const uri = await openQr(page);
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/);
    await expectNoSeriousA11yViolations(page, 'WalletConnect QR view');
    const wallet = await phone();
    await wallet.pair(uri);
    await expect(page.getByTestId('host-status')).toHaveText('connected', { timeout: 15_000 });
    await expect(page.getByTestId('host-address')).toHaveText(PHONE_ADDRESS);
    await expect(dialog(page)).toBeHidden();
  });

  test('a phone that declines the connection: the QR view says so in words, with a retry, and nothing connects', async ({ page }) => {
    await freshPage(page, path());
    const wallet = await phone();
    wallet.setMode('reject');
    await wallet.pair(await openQr(page));
    const d = dialog(page);
    await expect(d.getByRole('alert')).toContainText('Connection declined', { timeout: 15_000 });
    await expect(d.getByRole('alert')).toContainText('You declined the request.');
    await expect(d.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(page.getByTestId('host-status')).toHaveText('disconnected');
  });

  test('signs and sends through the session (the wallet confirms on its side; the receipt is on anvil), and stays connected after a reload', async ({ page }) => {
    await freshPage(page, path());
    const wallet = await phone();
    await wallet.pair(await openQr(page));
    await expect(page.getByTestId('host-status')).toHaveText('connected', { timeout: 15_000 });

    type P = { request(a: { method: string; params?: unknown[] }): Promise<unknown> };
    const request = (method: string, params: unknown[]) =>
      page.evaluate(([m, p]) => (window as unknown as { portico: { adapter(ns: string): { getProvider(): P } } }).portico.adapter('eip155').getProvider().request({ method: m as string, params: p as unknown[] }), [method, params] as const);
    const signature = (await request('personal_sign', ['0x68656c6c6f', PHONE_ADDRESS])) as Hex;
    expect(await recoverMessageAddress({ message: { raw: '0x68656c6c6f' }, signature })).toBe(PHONE_ADDRESS);
    const hash = (await request('eth_sendTransaction', [{ from: PHONE_ADDRESS, to: RECIPIENT, value: '0x2386f26fc10000' }])) as Hex;
    const receipt = await createPublicClient({ transport: http(evmUrls()[0]) }).waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');

    await page.reload();
    await expect(page.getByTestId('host-status')).toHaveText('connected', { timeout: 15_000 });
    await expect(page.getByTestId('host-address')).toHaveText(PHONE_ADDRESS);
    await expect(dialog(page)).toBeHidden();
    const again = (await request('personal_sign', ['0x6869', PHONE_ADDRESS])) as Hex;
    expect(await recoverMessageAddress({ message: { raw: '0x6869' }, signature: again })).toBe(PHONE_ADDRESS);
  });

  test('the wallet ending the session shows disconnected; the app disconnecting deletes it on the wallet too', async ({ page }) => {
    await freshPage(page, path());
    const wallet = await phone();
    await wallet.pair(await openQr(page));
    await expect(page.getByTestId('host-status')).toHaveText('connected', { timeout: 15_000 });
    await wallet.disconnectAll();
    await expect(page.getByTestId('host-status')).toHaveText('disconnected');

    await wallet.pair(await openQr(page));
    await expect(page.getByTestId('host-status')).toHaveText('connected', { timeout: 15_000 });
    await page.evaluate(() => (window as unknown as { portico: { disconnect(): Promise<void> } }).portico.disconnect());
    await expect(page.getByTestId('host-status')).toHaveText('disconnected');
    await expect.poll(() => wallet.sessions().length).toBe(0);
  });

  test('a pairing near its end is replaced by a new URI in the QR view', async ({ page }) => {
    await freshPage(page, path('&pairingMs=4000'));
    await openQr(page);
    const copy = dialog(page).getByTestId('walletconnect-copy');
    const first = await copy.getAttribute('data-uri');
    await expect.poll(() => copy.getAttribute('data-uri'), { timeout: 10_000 }).not.toBe(first);
    const second = (await copy.getAttribute('data-uri'))!;
    const wallet = await phone();
    await wallet.pair(second);
    await expect(page.getByTestId('host-status')).toHaveText('connected', { timeout: 15_000 });
  });

  // (Bitcoin over the session is covered by e2e/spec/walletconnect.test.ts: chain-bip122's test
  // wallet cannot load in Playwright's test process, whose transform rejects the kernel's decorators.)
  test('with Solana enabled, one scan connects eip155 and solana; a Solana transfer signed on the phone lands on the local node', async ({ page }) => {
    const sol = `&sol=${encodeURIComponent(process.env.PORTICO_SOLANA!)}`;
    await freshPage(page, path(sol));
    // The playground's local Solana network (CAIP-2: the first 32 characters of its genesis hash).
    const solanaChain = `solana:${SOLANA_LOCALNET_GENESIS_HASH.slice(0, 32)}`;
    const wallet = await phone(solanaChain);
    await wallet.pair(await openQr(page));
    await expect(page.getByTestId('host-status-solana')).toHaveText('connected', { timeout: 15_000 });
    await expect(page.getByTestId('host-status-eip155')).toHaveText('connected');
    await expect(page.getByTestId('host-address-solana')).toHaveText(wallet.solanaAddress!);
    await expect(dialog(page)).toBeHidden();
    expect(wallet.sessions()).toHaveLength(1);

    await solanaRpc('requestAirdrop', [wallet.solanaAddress, 1_000_000_000]);
    const recipient = '8opHzTAnfzRpPEx21XtnrVTX28YQuCpAjcn1PczScKh';
    const before = (await solanaRpc<{ value: number }>('getBalance', [recipient])).value;
    const signature = await demoSend(page, 'sendSol', recipient, 4_000_000);
    expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
    expect((await solanaRpc<{ value: number }>('getBalance', [recipient])).value - before).toBe(4_000_000);
    expect(wallet.requests.map((r) => r.method)).toContain('solana_signAndSendTransaction');

    await page.reload();
    await expect(page.getByTestId('host-status-solana')).toHaveText('connected', { timeout: 15_000 });
    await expect(page.getByTestId('host-status-eip155')).toHaveText('connected');
  });

  test('with Solana enabled, a phone without a Solana account connects eip155 only', async ({ page }) => {
    await freshPage(page, path(`&sol=${encodeURIComponent(process.env.PORTICO_SOLANA!)}`));
    const wallet = await phone();
    await wallet.pair(await openQr(page));
    await expect(page.getByTestId('host-status-eip155')).toHaveText('connected', { timeout: 15_000 });
    await expect(dialog(page)).toBeHidden();
    await expect(page.getByTestId('host-status-solana')).toHaveText('disconnected');
  });
});

test.describe('WalletConnect and the relay’s project check (#42: the local relay serves the playground’s project only, as the hosted relay serves the projects of its cloud)', () => {
  test('a project id the relay refuses: the QR view says WalletConnect is not enabled within seconds, with the Invalid Project ID alert and no retry; nothing hangs; axe clean', async ({ page }) => {
    await freshPage(page, path('&projectId=not-a-cloud-project'));
    await page.locator('button.portico-connect-button').click();
    const d = dialog(page);
    await d.locator('[data-connector-id="walletConnect"]').click();
    await expect(d).toHaveAttribute('data-view', 'ConnectingWalletConnect');
    // Within seconds (sign-client alone would retry for ever): WalletConnect is off for this site, no retry to offer, and the spec's alert says what to fix.
    await expect(d.getByTestId('walletconnect-view')).toHaveAttribute('data-state', 'refused', { timeout: 5_000 });
    await expect(d.getByTestId('walletconnect-view')).toHaveText('WalletConnect is not enabled');
    await expect(d.getByText('Invalid Project ID')).toBeVisible();
    await expect(d.getByText('The projectId was not accepted. Check it in your dashboard.')).toBeVisible();
    await expect(d.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await expect(d.getByRole('img', { name: 'WalletConnect QR code' })).toHaveCount(0);
    await expect(page.getByTestId('host-status')).toHaveText('disconnected');
    await expectNoSeriousA11yViolations(page, 'WalletConnect refused project');
  });
});

test.describe('WalletConnect one-click sign-in (sign-in required, the reference server)', () => {
  test.beforeEach(async ({ context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  });
  const withSignIn = () => path(`&siwx=required&siwxServer=${encodeURIComponent(process.env.PORTICO_SIWX_SERVER!)}`);

  test('one approval on the phone connects and signs in: no sign-in view, no second request, and the server keeps the CACAO', async ({ page }) => {
    await freshPage(page, withSignIn());
    const wallet = await phone(undefined, true);
    await wallet.pair(await openQr(page));
    await expect(page.getByTestId('host-status')).toHaveText('connected', { timeout: 15_000 });
    await expect(dialog(page)).toBeHidden();
    expect(wallet.signIns[0]?.message).toContain(`wants you to sign in with your Ethereum account:\n${PHONE_ADDRESS}`);
    expect(wallet.requests.map((r) => r.method)).not.toContain('personal_sign');
    const kept = await serverSessions<{ cacao?: { p: { iss: string } } }>(page, 'eip155:31337', PHONE_ADDRESS);
    expect(kept.map((s) => s.cacao?.p.iss)).toContain(`did:pkh:eip155:31337:${PHONE_ADDRESS}`);

    await page.reload();
    await expect(page.getByTestId('host-status')).toHaveText('connected', { timeout: 15_000 });
    await page.waitForTimeout(500);
    await expect(dialog(page)).toBeHidden();
  });

  test('a phone without one-click sign-in connects, then signs the message the sign-in view shows', async ({ page }) => {
    await freshPage(page, withSignIn());
    const wallet = await phone();
    await wallet.pair(await openQr(page));
    const d = dialog(page);
    await expect(d).toHaveAttribute('data-view', 'SIWXSignMessage', { timeout: 15_000 });
    expect(wallet.signIns).toEqual([]);
    await d.getByRole('button', { name: 'Sign', exact: true }).click();
    await expect(d).toBeHidden({ timeout: 15_000 });
    await expect(page.getByTestId('host-status')).toHaveText('connected');
    expect(wallet.requests.map((r) => r.method)).toEqual(['personal_sign']);
  });
});
