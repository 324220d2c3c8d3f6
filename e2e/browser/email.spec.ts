import { expect, test, type Page } from '@playwright/test';
import { createPublicClient, http, parseEther, recoverMessageAddress, verifyTypedData, type Hex } from 'viem';
import { ed25519 } from '@noble/curves/ed25519';
import { base58 } from '@scure/base';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedWallet } from '@portico/tools/services';
import { approveInWallet, codeFor, loginThroughModal, mails, newDeviceLogin, path, startEmailLogin, typeCode, walletFrame, type PorticoWindow } from './emailLogin';
import { demoSend, dialog, expectNoSeriousA11yViolations, focusInsideDialog, freshPage, openAccount, serverSessions, solanaRpc } from './helpers';

// E-mail login through the modal: the AUTH connector, its views and the wallet frame on its own
// origin, the auth service (PGlite) and the SMTP catcher, all local; anvil for the chain.

type SolanaWindow = { portico: { adapter(ns: 'solana'): { getProvider(): { request(a: { method: string; params?: unknown }): Promise<unknown> } } } };

test.describe('e-mail login (AUTH connector, wallet frame, auth service, SMTP catcher)', () => {
  test('a new device: the e-mail first in Connect, the device link, a wrong then the right code; connected; signing asks for approval; a reload reconnects; disconnect clears the login', async ({ page, browser }) => {
    // A whole journey (two logins, four accessibility scans, a reload, the 3 s mail cooldown): about 30 s on this machine kind.
    test.setTimeout(60_000);
    const email = `modal-${Date.now()}@example.com`;
    await freshPage(page, path());
    await page.locator('button.portico-connect-button').click();
    const d = dialog(page);
    await expect(d).toHaveAttribute('data-view', 'Connect');
    // The e-mail method comes first (spec: email, social, wallet), and is not listed again among the wallets.
    const emailButton = d.getByRole('button', { name: 'Email', exact: true });
    const firstWallet = d.locator('[data-connector-id]').first();
    expect((await emailButton.boundingBox())!.y).toBeLessThan((await firstWallet.boundingBox())!.y);
    await expect(d.locator('[data-connector-id="email"]')).toHaveCount(0);
    await emailButton.click();
    await expect(d).toHaveAttribute('data-view', 'EmailLogin');
    await expectNoSeriousA11yViolations(page, 'EmailLogin');
    await d.getByLabel('Email').fill('not-an-address');
    await d.getByRole('button', { name: 'Continue' }).click();
    await expect(d.getByText('Enter a valid e-mail address.')).toBeVisible();
    await d.getByLabel('Email').fill(email);
    await d.getByRole('button', { name: 'Continue' }).click();

    await expect(d).toHaveAttribute('data-view', 'EmailVerifyDevice', { timeout: 15_000 });
    await expect(d.getByText(`We sent a link to ${email}.`, { exact: false })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'EmailVerifyDevice');
    const link = /(http:\/\/127\.0\.0\.1:\d+\/device\/confirm\?token=[A-Za-z0-9_-]+)/.exec((await mails(email))[0]!.text)![1]!;
    const mailApp = await browser.newPage();
    // Opening the link (as a mail scanner or a link preview does) confirms nothing: the page asks.
    await mailApp.goto(link);
    await expect(mailApp.getByRole('heading', { name: 'Confirm this device' })).toBeVisible();
    await expect(d).toHaveAttribute('data-view', 'EmailVerifyDevice');
    await mailApp.getByRole('button', { name: 'Confirm this device' }).click();
    await expect(mailApp.getByRole('heading', { name: 'Device confirmed' })).toBeVisible();
    await mailApp.close();

    await expect(d).toHaveAttribute('data-view', 'EmailVerifyOtp', { timeout: 10_000 });
    await expectNoSeriousA11yViolations(page, 'EmailVerifyOtp');
    const code = await codeFor(email);
    await typeCode(page, code === '000000' ? '111111' : '000000');
    await expect(d.getByText('That code is not right. 4 attempts left.')).toBeVisible();
    await typeCode(page, code);
    await expect(page.getByTestId('host-status')).toHaveText('connected', { timeout: 15_000 });
    await expect(d).toBeHidden();
    const address = (await page.getByTestId('host-address').textContent()) as Hex;
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);

    // Signing opens ApproveTransaction, which shows the frame's own approval screen; Approve is clicked inside the frame.
    await page.getByRole('button', { name: 'Sign message (EVM)' }).click();
    await expect(d).toHaveAttribute('data-view', 'ApproveTransaction');
    await expect(walletFrame(page).getByTestId('approve-message')).toHaveText('Hello Portico');
    await expect(walletFrame(page).getByTestId('approve-intro')).toHaveText(`${new URL(page.url()).host} asks you to approve this request.`);
    await expectNoSeriousA11yViolations(page, 'ApproveTransaction showing the wallet frame');
    await approveInWallet(page, 'personal_sign');
    await expect(page.getByTestId('host-result')).toHaveText(/^personal_sign → 0x[0-9a-f]{130}$/);
    const signature = (await page.getByTestId('host-result').textContent())!.split(' → ')[1] as Hex;
    expect(await recoverMessageAddress({ message: 'Hello Portico', signature })).toBe(address);

    await page.reload();
    await expect(page.getByTestId('host-status')).toHaveText('connected', { timeout: 15_000 });
    await expect(page.getByTestId('host-address')).toHaveText(address);
    const cached = () => page.evaluate(() => Object.keys(localStorage).filter((k) => k.endsWith('/plugin/email/login')));
    expect(await cached()).toHaveLength(1);

    const account = await openAccount(page);
    await account.getByRole('button', { name: 'Disconnect' }).click();
    await expect(page.getByTestId('host-status')).toHaveText('disconnected');
    expect(await cached()).toEqual([]);
    // Next time on this device: straight to the passcode (after the 3 s mail cooldown of these tests).
    await page.waitForTimeout(3_100);
    await page.locator('button.portico-connect-button').click();
    await d.getByRole('button', { name: 'Email', exact: true }).click();
    await d.getByLabel('Email').fill(email);
    await d.getByRole('button', { name: 'Continue' }).click();
    await expect(d).toHaveAttribute('data-view', 'EmailVerifyOtp', { timeout: 15_000 });
    await typeCode(page, await codeFor(email));
    await expect(page.getByTestId('host-address')).toHaveText(address, { timeout: 15_000 });
  });

  test('keyboard: Tab from the modal goes into the wallet’s screen, Tab past it comes back, Enter on its Approve signs; Escape in it rejects', async ({ page, browser }) => {
    await freshPage(page, path());
    const address = await loginThroughModal(page, browser, `keys-${Date.now()}@example.com`);
    const d = dialog(page);
    const frame = walletFrame(page);
    const sign = (text: string) =>
      page.evaluate(([from, message]) => (window as unknown as PorticoWindow).portico.adapter('eip155').getProvider().request({ method: 'personal_sign', params: [message, from] }).catch((e: { code?: number }) => e.code), [address, text] as const);
    const signing = sign('Signed from the keyboard');
    await expect(frame.getByTestId('approve-approve')).toBeEnabled();
    // The dialog's focus goes to its slot, which hands it to the wallet's screen: the request first, not Approve.
    await expect(frame.getByTestId('approve-message')).toBeFocused();
    // Tab past the frame's last control comes back to the dialog; Tab again goes into the frame again.
    await frame.getByTestId('approve-approve').focus();
    await page.keyboard.press('Tab');
    await expect.poll(() => focusInsideDialog(page)).toBe(true);
    await page.keyboard.press('Tab');
    await expect(frame.getByTestId('approve-message')).toBeFocused();
    // On the frame's Approve, Enter (a key press inside the frame) signs.
    await frame.getByTestId('approve-approve').focus();
    await page.keyboard.press('Enter');
    expect(await recoverMessageAddress({ message: 'Signed from the keyboard', signature: (await signing) as Hex })).toBe(address);
    await expect(d).toBeHidden();
    // Escape inside the frame is the user's no.
    const refused = sign('Not this one');
    await expect(frame.getByTestId('approve-approve')).toBeEnabled();
    await frame.getByTestId('approve-reject').focus();
    await page.keyboard.press('Escape');
    expect(await refused).toBe(4001);
    await expect(d).toBeHidden();
  });

  test('typed data and a transfer on anvil, each approved in the modal first', async ({ page, browser }) => {
    await freshPage(page, path());
    const address = await loginThroughModal(page, browser, `typed-${Date.now()}@example.com`);
    const d = dialog(page);
    const typed = {
      domain: { name: 'Portico', version: '1', chainId: 31337 },
      types: { Mail: [{ name: 'contents', type: 'string' }] },
      primaryType: 'Mail',
      message: { contents: 'Hello from the e-mail wallet' },
    } as const;
    const signing = page.evaluate(
      ([from, json]) => (window as unknown as PorticoWindow).portico.adapter('eip155').getProvider().request({ method: 'eth_signTypedData_v4', params: [from, json] }),
      [address, JSON.stringify({ ...typed, types: { EIP712Domain: [{ name: 'name', type: 'string' }, { name: 'version', type: 'string' }, { name: 'chainId', type: 'uint256' }], ...typed.types } })] as const,
    );
    await expect(walletFrame(page).getByTestId('approve-primaryType')).toContainText('Mail');
    await approveInWallet(page, 'eth_signTypedData_v4');
    expect(await verifyTypedData({ address, ...typed, signature: (await signing) as Hex })).toBe(true);

    const rpc = process.env.PORTICO_EVM!.split(',')[0]!;
    await fetch(rpc, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_setBalance', params: [address, '0xde0b6b3a7640000'] }) });
    const client = createPublicClient({ transport: http(rpc) });
    const recipient = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
    const before = await client.getBalance({ address: recipient });
    await page.getByRole('button', { name: 'Send 0.001 ETH (EVM)' }).click();
    await expect(d).toHaveAttribute('data-view', 'ApproveTransaction');
    await expect(walletFrame(page).getByTestId('approve-amount')).toContainText('0.001 ETH');
    await expect(walletFrame(page).getByTestId('approve-network')).toContainText('Anvil');
    await expect(walletFrame(page).getByTestId('approve-fee')).toContainText(/^Network fee≈ 0\.\d+ ETH$/);
    await approveInWallet(page, 'eth_sendTransaction');
    await expect(page.getByTestId('host-result')).toHaveText(/^eth_sendTransaction → 0x[0-9a-f]{64}$/, { timeout: 15_000 });
    const hash = (await page.getByTestId('host-result').textContent())!.split(' → ')[1] as Hex;
    const receipt = await client.waitForTransactionReceipt({ hash });
    expect(receipt.from.toLowerCase()).toBe(address.toLowerCase());
    expect((await client.getBalance({ address: recipient })) - before).toBe(parseEther('0.001'));
  });

  test('the smart account: a batch through wallet_sendCalls lands atomically by EIP-7702 delegation; the Account view switches to the EOA and back', async ({ page, browser }) => {
    await freshPage(page, path());
    const email = `smart-${Date.now()}@example.com`;
    const address = await loginThroughModal(page, browser, email);
    const rpc = process.env.PORTICO_EVM!.split(',')[0]!;
    const client = createPublicClient({ transport: http(rpc) });
    await client.request({ method: 'anvil_setBalance' as 'eth_chainId', params: [address, '0xde0b6b3a7640000'] as never });
    const request = (method: string, params: unknown) =>
      page.evaluate(([m, p]) => (window as unknown as PorticoWindow).portico.adapter('eip155').getProvider().request({ method: m, params: p }), [method, params] as const);
    // The spec's default on eip155: a smart account (ready to delegate on first use), shown in the Account view.
    const d = await openAccount(page);
    await expect(d.getByTestId('account-user')).toHaveText(`Signed in as ${email}`);
    await expect(d.getByTestId('account-type')).toHaveAttribute('data-type', 'smartAccount');
    await expect(d.getByTestId('account-type')).toContainText('Account type: Smart account');
    await expectNoSeriousA11yViolations(page, 'Account view with the account type');
    // Ready to delegate; ERC-7715 permissions too (the smart account's, see smartSessions.spec).
    expect(await request('wallet_getCapabilities', [address, ['0x7a69']])).toEqual({ '0x7a69': { atomic: { status: 'ready' }, permissions: expect.objectContaining({ supported: true }) } });

    const [a, b] = ['0x000000000000000000000000000000000000dEaD', '0x00000000000000000000000000000000000beef1'] as const;
    const sent = request('wallet_sendCalls', [{ version: '2.0.0', chainId: '0x7a69', from: address, atomicRequired: true, calls: [{ to: a, value: '0x38d7ea4c68000' }, { to: b, value: '0x71afd498d0000' }] }]);
    // What is approved: the batch, call by call, on the frame's own screen.
    await expect(d).toHaveAttribute('data-view', 'ApproveTransaction');
    await expect(walletFrame(page).getByTestId('approve-calls')).toContainText('Calls in this batch2');
    await expect(walletFrame(page).getByTestId('approve-amount').first()).toContainText('0.001 ETH');
    await expect(walletFrame(page).getByTestId('approve-amount').nth(1)).toContainText('0.002 ETH');
    await approveInWallet(page, 'wallet_sendCalls');
    const { id } = (await sent) as { id: string };
    let status: { status: number; atomic: boolean; receipts?: Array<{ transactionHash: Hex }> } | undefined;
    await expect.poll(async () => (status = (await request('wallet_getCallsStatus', [id])) as typeof status)?.status, { timeout: 15_000 }).toBe(200);
    expect(status!.atomic).toBe(true);
    expect(status!.receipts).toHaveLength(1);
    // One transaction from the account to itself, both transfers in it; the account now delegates to Simple7702Account.
    const tx = await client.getTransaction({ hash: status!.receipts![0]!.transactionHash });
    expect([tx.from.toLowerCase(), tx.to?.toLowerCase(), tx.type]).toEqual([address.toLowerCase(), address.toLowerCase(), 'eip7702']);
    expect(await client.getBalance({ address: a })).toBeGreaterThanOrEqual(parseEther('0.001'));
    expect(await client.getBalance({ address: b })).toBeGreaterThanOrEqual(parseEther('0.002'));
    expect((await client.getCode({ address }))?.toLowerCase()).toBe('0xef0100e6cae83bde06e4c305530e199d7217f42808555b');
    expect(await request('wallet_getCapabilities', [address, ['0x7a69']])).toEqual({ '0x7a69': { atomic: { status: 'supported' }, permissions: expect.objectContaining({ supported: true }) } });

    // Switch to the EOA: no batching any more, and the choice survives a reload; then back.
    if (await d.isVisible()) await page.keyboard.press('Escape');
    await expect(d).toBeHidden();
    await openAccount(page);
    await d.getByRole('button', { name: 'Switch to your EOA' }).click();
    await expect(d.getByTestId('account-type')).toHaveAttribute('data-type', 'eoa', { timeout: 10_000 });
    expect(await request('wallet_getCapabilities', [address, ['0x7a69']])).toEqual({ '0x7a69': {} });
    await page.reload();
    await expect(page.getByTestId('host-address')).toHaveText(address, { timeout: 15_000 });
    await openAccount(page);
    await expect(d.getByTestId('account-type')).toHaveAttribute('data-type', 'eoa', { timeout: 10_000 });
    await d.getByRole('button', { name: 'Switch to your Smart Account' }).click();
    await expect(d.getByTestId('account-type')).toHaveAttribute('data-type', 'smartAccount', { timeout: 10_000 });
  });

  test('the same login on Solana: the account connects with the EVM one; a message and a SOL transfer on the local node, each approved in the modal first; a reload reconnects both', async ({ page, browser }) => {
    await freshPage(page, `${path()}&sol=${encodeURIComponent(process.env.PORTICO_SOLANA!)}`);
    await loginThroughModal(page, browser, `solana-${Date.now()}@example.com`);
    await expect(page.getByTestId('host-status-solana')).toHaveText('connected', { timeout: 15_000 });
    const address = (await page.getByTestId('host-address-solana').textContent())!;
    expect(address).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    const d = dialog(page);

    // A message: the approval view shows it as text, the signature is the account's ed25519 signature.
    const text = 'Hello from the e-mail wallet on Solana';
    const signing = page.evaluate(
      (message) => (window as unknown as SolanaWindow).portico.adapter('solana').getProvider().request({ method: 'solana_signMessage', params: { message } }),
      base58.encode(new TextEncoder().encode(text)),
    );
    await expect(d).toHaveAttribute('data-view', 'ApproveTransaction');
    await expect(walletFrame(page).getByTestId('approve-message')).toHaveText(text);
    await approveInWallet(page, 'solana_signMessage');
    const { signature } = (await signing) as { signature: string };
    expect(ed25519.verify(base58.decode(signature), new TextEncoder().encode(text), base58.decode(address))).toBe(true);

    // A transfer: funded by the local node's faucet, signed in the frame and sent through its RPC.
    await solanaRpc('requestAirdrop', [address, 2_000_000_000]);
    const recipient = base58.encode(ed25519.getPublicKey(ed25519.utils.randomPrivateKey()));
    const sent = demoSend(page, 'sendSol', recipient, 1_000_000);
    // The frame's screen reads the transaction (the Solana plugin's decoder) and what the node predicts: the SOL and its fee leave.
    await expect(walletFrame(page).getByTestId('approve-action-text')).toHaveText([`Send 0.001 SOL to ${recipient.slice(0, 4)}…${recipient.slice(-6)}`]);
    await expect(walletFrame(page).getByTestId('approve-change')).toHaveText([/^You send 0\.001\d* SOL$/]);
    await approveInWallet(page, 'solana_signAndSendTransaction');
    const txSignature = await sent;
    expect(txSignature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
    await expect.poll(async () => (await solanaRpc<{ value: number }>('getBalance', [recipient, { commitment: 'confirmed' }])).value, { timeout: 10_000 }).toBe(1_000_000);
    const tx = await solanaRpc<{ transaction: { message: { accountKeys: string[] } } }>('getTransaction', [txSignature, { encoding: 'json', commitment: 'confirmed' }]);
    expect(tx.transaction.message.accountKeys[0]).toBe(address);

    await page.reload();
    await expect(page.getByTestId('host-status-solana')).toHaveText('connected', { timeout: 15_000 });
    await expect(page.getByTestId('host-address-solana')).toHaveText(address);
    await expect(page.getByTestId('host-status')).toHaveText('connected');
  });

  test('an expired code: the view says so and offers a new one, which works', async ({ page, browser, baseURL }) => {
    // Starting its own stack and waiting out a code's life take ~25 s idle, more on a loaded machine.
    test.setTimeout(60_000);
    // A stack of its own whose passcodes live 6 s (the default is 10 minutes), no mail cooldown.
    const dataDir = mkdtempSync(join(tmpdir(), 'portico-e2e-expiry-'));
    const stack = await startEmbeddedWallet({ projects: { 'playground-project': [baseURL!] }, dataDir, cooldownMs: 0, codeTtlMs: 6_000, build: false });
    try {
      const email = `expiry-${Date.now()}@example.com`;
      const mailUrl = stack.mail.url;
      await freshPage(page, `/?frame=${encodeURIComponent(stack.frame.url)}&evm=${encodeURIComponent(process.env.PORTICO_EVM!)}`);
      const d = await startEmailLogin(page, email);
      await expect(d).toHaveAttribute('data-view', 'EmailVerifyDevice', { timeout: 15_000 });
      const mailApp = await browser.newPage();
      await mailApp.goto(/(http:\/\/127\.0\.0\.1:\d+\/device\/confirm\?token=[A-Za-z0-9_-]+)/.exec((await mails(email, mailUrl))[0]!.text)![1]!);
      await mailApp.getByRole('button', { name: 'Confirm this device' }).click();
      await expect(mailApp.getByRole('heading', { name: 'Device confirmed' })).toBeVisible();
      await mailApp.close();
      await expect(d).toHaveAttribute('data-view', 'EmailVerifyOtp', { timeout: 10_000 });
      await expect.poll(async () => (await mails(email, mailUrl)).find((m) => /Your code/.test(m.subject)), { timeout: 10_000 }).toBeTruthy();
      const stale = /\b(\d{6})\b/.exec((await mails(email, mailUrl)).find((m) => /Your code/.test(m.subject))!.subject)![1]!;
      await page.waitForTimeout(6_500);
      await typeCode(page, stale);
      await expect(d.getByText('This code has expired. Send a new one.')).toBeVisible({ timeout: 10_000 });
      await expect(page.getByTestId('host-status')).not.toHaveText('connected');
      // A new code: mailed at once, and it logs in.
      const before = (await mails(email, mailUrl)).length;
      await d.getByRole('button', { name: 'Send a new code' }).click();
      await expect.poll(async () => (await mails(email, mailUrl)).length, { timeout: 10_000 }).toBeGreaterThan(before);
      const fresh = /\b(\d{6})\b/.exec((await mails(email, mailUrl))[0]!.subject)![1]!;
      expect(fresh).not.toBe(stale);
      await typeCode(page, fresh);
      await expect(page.getByTestId('host-status')).toHaveText('connected', { timeout: 15_000 });
    } finally {
      await stack.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('the e-mail change from the Account view: a code to the current address, then one to the new; the next login uses the new address and reaches the same wallet', async ({ page, browser }) => {
    // Three codes by mail, each after the 3 s cooldown, and a second login: about 30 s on this machine kind.
    test.setTimeout(60_000);
    await freshPage(page, path());
    const stamp = Date.now();
    const [before, after] = [`change-${stamp}@example.com`, `changed-${stamp}@example.com`];
    const address = await loginThroughModal(page, browser, before);
    const d = await openAccount(page);
    await d.locator('[data-wallet-button="email"]').click();
    await expect(d).toHaveAttribute('data-view', 'UpdateEmail');
    await expect(d.getByTestId('email-update-current')).toHaveText(`Your e-mail address is ${before}.`);
    await d.getByLabel('New e-mail address').fill(before.toUpperCase());
    await d.getByRole('button', { name: 'Continue' }).click();
    await expect(d.getByText('That is already your e-mail address.')).toBeVisible();
    await d.getByLabel('New e-mail address').fill(after);
    const mailed = (await mails(before)).length;
    // The login's code went to this address moments ago: the mail cooldown (3 s here) first.
    await page.waitForTimeout(3_000);
    await d.getByRole('button', { name: 'Continue' }).click();
    await expect(d).toHaveAttribute('data-view', 'UpdateEmailPrimaryOtp', { timeout: 15_000 });
    await expect(d.getByText(`To change it, enter the 6-digit code we sent to ${before}.`)).toBeVisible();
    await expect.poll(async () => (await mails(before)).length, { timeout: 10_000 }).toBeGreaterThan(mailed);
    await expectNoSeriousA11yViolations(page, 'UpdateEmailPrimaryOtp');
    await typeCode(page, await codeFor(before));
    await expect(d).toHaveAttribute('data-view', 'UpdateEmailSecondaryOtp', { timeout: 15_000 });
    await expect(d.getByText(`Now enter the 6-digit code we sent to ${after}.`)).toBeVisible();
    await expect.poll(async () => (await mails(after)).length, { timeout: 10_000 }).toBeGreaterThan(0);
    await typeCode(page, await codeFor(after));
    await expect(d.getByTestId('email-update-done')).toContainText(`Your e-mail address is now ${after}.`, { timeout: 15_000 });
    await d.getByRole('button', { name: 'Back to your account' }).click();
    await expect(d).toHaveAttribute('data-view', 'Account');

    // Log out, then in with the new address: this device is known (no link), and the wallet is the same.
    await d.getByRole('button', { name: 'Disconnect' }).click();
    await expect(page.getByTestId('host-status')).toHaveText('disconnected');
    await page.waitForTimeout(3_000);
    const again = await startEmailLogin(page, after);
    await expect(again).toHaveAttribute('data-view', 'EmailVerifyOtp', { timeout: 15_000 });
    await typeCode(page, await codeFor(after));
    await expect(page.getByTestId('host-address')).toHaveText(address, { timeout: 15_000 });
  });

  test('a new device: without a recovery password the wallet stays where it was made; with one, the new device opens the same wallet', async ({ page, browser }) => {
    // Two devices, three logins, two mail cooldowns and three signatures: about 30 s of steps on this machine kind, none of them waiting on another.
    test.slow();
    await freshPage(page, path());
    const stamp = Date.now();
    const email = `recover-${stamp}@example.com`;
    const address = await loginThroughModal(page, browser, email);
    const sign = (on: Page, message: string) =>
      on.evaluate(([from, text]) => (window as unknown as PorticoWindow).portico.adapter('eip155').getProvider().request({ method: 'personal_sign', params: [text, from] }), [address, message] as const);
    const approve = async (on: Page, message: string) => {
      const signing = sign(on, message);
      await approveInWallet(on, 'personal_sign');
      return recoverMessageAddress({ message, signature: (await signing) as Hex });
    };

    // A second device before any recovery password: it cannot have the wallet, and says why.
    const other = await browser.newContext();
    const second = await other.newPage();
    try {
      await freshPage(second, path());
      await page.waitForTimeout(3_000); // the mail cooldown (3 s here)
      let d2 = await newDeviceLogin(second, browser, email);
      await expect(d2.getByText('Your wallet is on the device where you made it, and no recovery password was set. Log in there and set one from your account.')).toBeVisible({ timeout: 15_000 });
      await expect(second.getByTestId('host-status')).not.toHaveText('connected');

      // The first device sets one (from the Account view's Email settings); its key is the same after.
      const d = await openAccount(page);
      await d.locator('[data-wallet-button="email"]').click();
      await expect(d.getByTestId('email-recovery-status')).toHaveAttribute('data-set', 'false', { timeout: 10_000 });
      await expect(d.getByTestId('email-recovery-status')).toContainText('No recovery password is set: if you lose this device, you lose this wallet.');
      await d.getByRole('button', { name: 'Set a recovery password' }).click();
      await expect(d).toHaveAttribute('data-view', 'EmailRecoveryPassword');
      await d.getByLabel('Recovery password').fill('too short');
      await d.getByLabel('Repeat the password').fill('too short');
      await d.getByRole('button', { name: 'Set a recovery password' }).click();
      await expect(d.getByText('Use at least 10 characters.')).toBeVisible();
      const password = `correct horse battery ${stamp}`;
      await d.getByLabel('Recovery password').fill(password);
      await d.getByLabel('Repeat the password').fill(`${password}!`);
      await d.getByRole('button', { name: 'Set a recovery password' }).click();
      await expect(d.getByText('The two passwords differ.')).toBeVisible();
      await d.getByLabel('Repeat the password').fill(password);
      await d.getByRole('button', { name: 'Set a recovery password' }).click();
      await expect(d.getByTestId('email-recovery-saved')).toContainText('Your recovery password is set.', { timeout: 15_000 });
      await d.getByRole('button', { name: 'Back to your account' }).click();
      await page.keyboard.press('Escape');
      expect(await approve(page, 'Still the same key on the first device')).toBe(address);

      // The second device logs in again: the recovery password brings the wallet there (a wrong one first).
      await second.reload();
      await second.waitForTimeout(3_000);
      d2 = await startEmailLogin(second, email);
      await expect(d2).toHaveAttribute('data-view', 'EmailVerifyOtp', { timeout: 15_000 });
      await typeCode(second, await codeFor(email));
      await expect(d2).toHaveAttribute('data-view', 'EmailRecover', { timeout: 15_000 });
      await expectNoSeriousA11yViolations(second, 'EmailRecover');
      await d2.getByLabel('Recovery password').fill('not the password');
      await d2.getByRole('button', { name: 'Continue' }).click();
      await expect(d2.getByText('That recovery password is not right.')).toBeVisible({ timeout: 15_000 });
      await d2.getByLabel('Recovery password').fill(password);
      await d2.getByRole('button', { name: 'Continue' }).click();
      await expect(second.getByTestId('host-address')).toHaveText(address, { timeout: 15_000 });
      expect(await approve(second, 'The same wallet on the second device')).toBe(address);
      // And both devices keep working.
      expect(await approve(page, 'And on the first one')).toBe(address);
    } finally {
      await other.close();
    }
  });

  test('sign-in (SIWX) with the e-mail wallet: the sign-in message after the passcode, signed by the smart account, verified and kept by the reference server', async ({ page, browser }) => {
    const server = process.env.PORTICO_SIWX_SERVER!;
    await freshPage(page, `${path()}&siwx=optional&siwxServer=${encodeURIComponent(server)}`);
    const d = await newDeviceLogin(page, browser, `siwx-${Date.now()}@example.com`);
    await expect(d).toHaveAttribute('data-view', 'SIWXSignMessage', { timeout: 15_000 });
    const address = (await page.getByTestId('host-address').textContent()) as Hex;
    await expect(d.getByTestId('siwx-message')).toContainText(address);
    // The embedded wallet asks in its own frame, even for the sign-in message: the approval view shows it over the sign-in view.
    await d.getByRole('button', { name: 'Sign', exact: true }).click();
    await expect(walletFrame(page).getByTestId('approve-message')).toContainText(`wants you to sign in with your Ethereum account:\n${address}`);
    await approveInWallet(page, 'personal_sign');
    await expect(d).toBeHidden({ timeout: 15_000 });
    await expect(page.getByTestId('host-status')).toHaveText('connected');
    const stored = await serverSessions<{ data: { accountAddress: string }; signature: Hex; message: string }>(page, 'eip155:31337', address);
    expect(stored).toHaveLength(1);
    expect(await recoverMessageAddress({ message: stored[0]!.message, signature: stored[0]!.signature })).toBe(address);
  });

  test('asking again within the cooldown says how long to wait; the playground shows the caught mail', async ({ page }) => {
    const email = `cooldown-${Date.now()}@example.com`;
    await freshPage(page, `${path()}&mail=${encodeURIComponent(process.env.PORTICO_MAIL!)}`);
    const d = await startEmailLogin(page, email);
    await expect(d).toHaveAttribute('data-view', 'EmailVerifyDevice', { timeout: 15_000 });
    await d.getByRole('button', { name: 'Send the link again' }).click();
    await expect(d.getByText(/^Please try again after [1-3] seconds$/)).toBeVisible();
    // A person trying the playground reads the link in the caught mail.
    await page.keyboard.press('Escape');
    await expect(d).toBeHidden();
    await page.getByText('Caught mail (local SMTP)').click();
    const caught = page.getByTestId('caught-mail');
    await expect(caught).toContainText(`Confirm this device to ${email}`);
    await expect(caught).toContainText('/device/confirm?token=');
  });

  test('a project the auth service does not know: the Invalid Project ID alert', async ({ page }) => {
    await freshPage(page, `${path()}&projectId=unknown-project`);
    const d = await startEmailLogin(page, 'someone@example.com');
    await expect(d.getByText('Invalid Project ID', { exact: true })).toBeVisible({ timeout: 10_000 });
  });

  test('the frame failing to load: "Unable to load email login dependency" and the Invalid App Configuration alert', async ({ page }) => {
    // A frame address that serves nothing: no READY.
    await freshPage(page, `/?frame=${encodeURIComponent('http://127.0.0.1:9/')}&evm=${encodeURIComponent(process.env.PORTICO_EVM!)}&frameLoadMs=1500`);
    const d = await startEmailLogin(page, 'nobody@example.com');
    await expect(d.getByText('Unable to load email login dependency')).toBeVisible({ timeout: 10_000 });
    await expect(d.getByText('Invalid App Configuration')).toBeVisible();
  });
});
