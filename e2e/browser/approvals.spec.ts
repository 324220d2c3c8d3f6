import { expect, test, type Locator, type Page } from '@playwright/test';
import { createPublicClient, encodeFunctionData, erc20Abi, http, maxUint256, parseAbi, parseUnits, verifyTypedData, type Address, type Hex } from 'viem';
import { connectWallet, dialog, expectNoA11yViolations, freshPage } from './helpers';
import { loginThroughModal, path as emailPath, rejectInWallet, walletFrame, type PorticoWindow } from './emailLogin';

/**
 * Issue #37: an approval says what will happen. On anvil with the test tokens, through the
 * playground's wallet without a UI of its own (Portico's approval view asks) and through the
 * e-mail wallet (its frame asks): each request's decoded sentence, its warning first where it has
 * one, and what the node predicts (eth_simulateV1); a transfer from an empty wallet says so
 * before Approve, which then leads nowhere; nothing overflows at 360 px.
 */
const ACCOUNT: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const SPENDER: Address = '0x1111111254EEB25477B68fb85Ed929f73A960582';
const BOB: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const PERMIT2: Address = '0x000000000022D473030F116dDEE9F6B43aC78BA3';
const NFT_ABI = parseAbi(['function setApprovalForAll(address operator, bool approved)']);
const tokens = () => JSON.parse(process.env.PORTICO_TOKENS!) as { usd: Address; ptk: Address; ducks: Address };
const evm = () => process.env.PORTICO_EVM!.split(',')[0]!;
const evmPath = (extra = '') => `/?evm=${encodeURIComponent(process.env.PORTICO_EVM!)}${extra}`;

/** Sends `method` through the host's EIP-1193 provider without waiting; the answer lands in `window.answer`. */
async function request(page: Page, method: string, params: unknown): Promise<void> {
  await page.evaluate(
    ([m, p]) => {
      const w = window as unknown as PorticoWindow & { answer?: unknown };
      w.answer = undefined;
      void w.portico
        .adapter('eip155')
        .getProvider()
        .request({ method: m, params: p })
        .then(
          (value) => (w.answer = value),
          (error: { code?: number }) => (w.answer = { error: error.code }),
        );
    },
    [method, params] as const,
  );
}
const answer = (page: Page) => page.evaluate(() => (window as unknown as { answer?: unknown }).answer);

/** The approval view once the decoding and the simulation are on screen. */
async function approval(page: Page, simulated = true): Promise<Locator> {
  const d = dialog(page);
  await expect(d).toHaveAttribute('data-view', 'ApproveTransaction');
  await expect(d.getByTestId('approve-actions')).toBeVisible();
  if (simulated) await expect(d.getByTestId('approve-simulation')).not.toHaveAttribute('data-status', 'pending');
  return d;
}

/** Nothing in the dialog reaches past its right edge or makes it scroll sideways, with every disclosure (Details, exact values) open too. */
async function expectNoOverflow(d: Locator) {
  await d.evaluate((dialogEl) => dialogEl.querySelectorAll('details').forEach((el) => (el.open = true)));
  const overflow = await d.evaluate((dialogEl) => {
    const box = dialogEl.getBoundingClientRect();
    const wide = [...dialogEl.querySelectorAll('*')].filter((el) => {
      if (!el.checkVisibility()) return false;
      const r = el.getBoundingClientRect();
      return r.width > 0 && (r.right > box.right + 0.5 || r.left < box.left - 0.5);
    });
    const scrollers = [dialogEl, ...dialogEl.querySelectorAll('*')].filter((el) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible' && el.tagName !== 'PRE');
    return { wide: wide.map((el) => `${el.tagName}.${el.className} ${el.textContent?.slice(0, 40)} ${Math.round(el.getBoundingClientRect().left)}-${Math.round(el.getBoundingClientRect().right)}`).slice(0, 5), scrollers: scrollers.map((el) => `${el.tagName}.${el.className}`).slice(0, 5), width: box.width };
  });
  expect(overflow.wide, `elements past the dialog's ${overflow.width}px`).toEqual([]);
  expect(overflow.scrollers).toEqual([]);
  await d.evaluate((dialogEl) => dialogEl.querySelectorAll('details').forEach((el) => (el.open = false)));
}

const batchCalls = () => [
  { to: tokens().ptk, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [SPENDER, maxUint256] }) },
  { to: tokens().usd, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [BOB, parseUnits('10.5', 6)] }) },
];

test.describe('approvals that say what will happen (wallet without a UI, anvil)', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test('a batch with an unlimited approve: the warning first, each call in a sentence, the simulated change; it fits 360 px; Approve sends it', async ({ page }) => {
    await freshPage(page, evmPath());
    await connectWallet(page, 'Portico Test Wallet (no UI)');
    const client = createPublicClient({ transport: http(evm()) });
    const before = await client.readContract({ address: tokens().usd, abi: erc20Abi, functionName: 'balanceOf', args: [BOB] });
    await request(page, 'wallet_sendCalls', [{ version: '2.0.0', chainId: '0x7a69', from: ACCOUNT, calls: batchCalls() }]);
    const d = await approval(page);
    // Not "Amount 0 ETH · Contract call 0x095ea7b3": the risk, then what each call does.
    await expect(d.getByTestId('approve-risk')).toHaveText(['Unlimited allowance: 0x11…960582 could take all your PTK, now and later.']);
    await expect(d.getByTestId('approve-action-text')).toHaveText(['Allow 0x11…960582 to spend all your PTK', 'Send 10.5 tUSD to 0x70…dc79C8']);
    const riskTop = (await d.getByTestId('approve-risks').boundingBox())!.y;
    expect(riskTop).toBeLessThan((await d.getByTestId('approve-actions').boundingBox())!.y);
    await expect(d.getByTestId('approve-simulation')).toHaveAttribute('data-status', 'ok');
    // The token's address beside its symbol: a copy named "tUSD" would show another.
    await expect(d.getByTestId('approve-change')).toHaveText([/^You send 10\.5 tUSD 0x[0-9a-fA-F]{2}…[0-9a-fA-F]{6}$/]);
    // The spender shortened, whole on demand.
    const spender = d.getByTestId('approve-detail').filter({ hasText: 'Spender' });
    await spender.locator('summary').click();
    await expect(spender.getByTestId('approve-detail-full')).toHaveText(SPENDER);
    await expectNoOverflow(d);
    await expectNoA11yViolations(page, 'decoded batch approval at 360 px');
    await d.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => answer(page), { timeout: 15_000 }).toMatchObject({ id: expect.stringMatching(/^0x/) });
    await expect.poll(() => client.readContract({ address: tokens().usd, abi: erc20Abi, functionName: 'balanceOf', args: [BOB] })).toBe(before + parseUnits('10.5', 6));
  });

  test('an EIP-2612 Permit without an end and a Permit2 signature: sentences and warnings, no simulation; the permit signs', async ({ page }) => {
    await freshPage(page, evmPath());
    await connectWallet(page, 'Portico Test Wallet (no UI)');
    const permit = {
      domain: { name: 'Portico Token', version: '1', chainId: 31337, verifyingContract: tokens().ptk },
      types: { Permit: [{ name: 'owner', type: 'address' }, { name: 'spender', type: 'address' }, { name: 'value', type: 'uint256' }, { name: 'nonce', type: 'uint256' }, { name: 'deadline', type: 'uint256' }] },
      primaryType: 'Permit',
      message: { owner: ACCOUNT, spender: SPENDER, value: maxUint256, nonce: 0n, deadline: maxUint256 },
    } as const;
    const json = JSON.stringify({ ...permit, types: { EIP712Domain: [{ name: 'name', type: 'string' }, { name: 'version', type: 'string' }, { name: 'chainId', type: 'uint256' }, { name: 'verifyingContract', type: 'address' }], ...permit.types } }, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
    await request(page, 'eth_signTypedData_v4', [ACCOUNT, json]);
    let d = await approval(page, false);
    await expect(d.getByTestId('approve-risk')).toHaveText(['Unlimited allowance: 0x11…960582 could take all your PTK, now and later.', 'This permit never expires.']);
    await expect(d.getByTestId('approve-action-text')).toHaveText(['Allow 0x11…960582 to spend all your PTK']);
    await expect(d.getByTestId('approve-simulation')).toHaveCount(0);
    // The 78-digit value is under the amount's detail, not across the screen.
    await expectNoOverflow(d);
    await d.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => answer(page)).toMatch(/^0x[0-9a-f]{130}$/);
    expect(await verifyTypedData({ address: ACCOUNT, ...permit, signature: (await answer(page)) as Hex })).toBe(true);

    const hour = Math.floor(Date.now() / 1000) + 3600;
    const single = { types: { EIP712Domain: [{ name: 'name', type: 'string' }, { name: 'chainId', type: 'uint256' }, { name: 'verifyingContract', type: 'address' }], PermitSingle: [{ name: 'details', type: 'PermitDetails' }, { name: 'spender', type: 'address' }, { name: 'sigDeadline', type: 'uint256' }], PermitDetails: [{ name: 'token', type: 'address' }, { name: 'amount', type: 'uint160' }, { name: 'expiration', type: 'uint48' }, { name: 'nonce', type: 'uint48' }] }, primaryType: 'PermitSingle', domain: { name: 'Permit2', chainId: 31337, verifyingContract: PERMIT2 }, message: { details: { token: tokens().usd, amount: '25000000', expiration: String(hour), nonce: '0' }, spender: SPENDER, sigDeadline: String(hour) } };
    await request(page, 'eth_signTypedData_v4', [ACCOUNT, JSON.stringify(single)]);
    d = await approval(page, false);
    await expect(d.getByTestId('approve-risks')).toHaveCount(0);
    await expect(d.getByTestId('approve-action-text')).toHaveText([/^Sign a permit: 0x11…960582 may spend 25 tUSD until .+/]);
    await expect(d.getByTestId('approve-detail').filter({ hasText: 'Through' })).toContainText('0x00…C78BA3');
    await d.getByRole('button', { name: 'Reject' }).click();
    await expect.poll(() => answer(page)).toEqual({ error: 4001 });
  });

  test('an NFT setApprovalForAll: every NFT of the collection is said first; the node predicts no balance change', async ({ page }) => {
    await freshPage(page, evmPath());
    await connectWallet(page, 'Portico Test Wallet (no UI)');
    await request(page, 'eth_sendTransaction', [{ from: ACCOUNT, to: tokens().ducks, data: encodeFunctionData({ abi: NFT_ABI, functionName: 'setApprovalForAll', args: [SPENDER, true] }) }]);
    const d = await approval(page);
    await expect(d.getByTestId('approve-risk')).toHaveText(['0x11…960582 could move everything you hold of Portico Ducks, now and later.']);
    await expect(d.getByTestId('approve-action-text')).toHaveText(['Allow 0x11…960582 to move all your Portico Ducks']);
    await expect(d.getByTestId('approve-simulation')).toContainText('No balance changes expected');
    await expect(d.getByTestId('approve-fee')).toContainText(/≈ 0\.\d+ ETH/);
    await expectNoOverflow(d);
    await d.getByRole('button', { name: 'Reject' }).click();
    await expect.poll(() => answer(page)).toEqual({ error: 4001 });
  });

  test('a transfer the node predicts would fail: the contract’s reason, as an error, before Approve', async ({ page }) => {
    await freshPage(page, evmPath());
    await connectWallet(page, 'Portico Test Wallet (no UI)');
    await request(page, 'eth_sendTransaction', [{ from: ACCOUNT, to: tokens().usd, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [BOB, parseUnits('5000000', 6)] }) }]);
    const d = await approval(page);
    await expect(d.getByTestId('approve-simulation')).toHaveAttribute('data-status', 'revert');
    await expect(d.getByTestId('approve-simulation').getByRole('alert')).toContainText('This would fail: ERC20: transfer amount exceeds balance');
    await d.getByRole('button', { name: 'Reject' }).click();
  });
});

test.describe('Solana and Bitcoin (wallets without a UI, the local node and Esplora)', () => {
  test.use({ viewport: { width: 360, height: 780 } });
  const multichainPath = () => `/?sol=${encodeURIComponent(process.env.PORTICO_SOLANA!)}&btc=${encodeURIComponent(process.env.PORTICO_BITCOIN!)}&noui=1`;

  test('an SPL transfer: the token and the recipient in a sentence, the SOL and the tokens that leave; Approve sends it', async ({ page }) => {
    await freshPage(page, multichainPath());
    await connectWallet(page, 'Portico Solana Wallet (no UI)', 'host-status-solana');
    const recipient = '8opHzTAnfzRpPEx21XtnrVTX28YQuCpAjcn1PczScKh';
    const sending = page.evaluate(async (to) => {
      const { portico } = window as unknown as { portico: { networks: { caipNetworkId: string }[]; adapter(ns: string): { sendTransfer(t: unknown, n: unknown): Promise<string> } } };
      const network = portico.networks.find((n) => n.caipNetworkId.startsWith('solana:'));
      return portico.adapter('solana').sendTransfer({ to, amount: 1_500_000n, token: 'TUSDbYBPbpNgDkZ4gqYxtfkAWPh9wYgzsv1dTPBwv9R' }, network);
    }, recipient);
    const d = await approval(page);
    await expect(d.getByTestId('approve-action-text')).toHaveText([/^Send 1\.5 \S+ to 8opH…czScKh$/]);
    await expect(d.getByTestId('approve-simulation')).toHaveAttribute('data-status', 'ok');
    await expect(d.getByTestId('approve-change')).toHaveText([/^You send 0\.0\d+ SOL$/, /^You send 1\.5 \S+ \S{4}…\S{6}$/]);
    await expectNoOverflow(d);
    await expectNoA11yViolations(page, 'decoded SPL transfer');
    await d.getByRole('button', { name: 'Approve' }).click();
    expect(await sending).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
  });

  test('a Bitcoin transfer: the PSBT it signs read out (payment, change, inputs and fee) and what leaves the account', async ({ page }) => {
    await freshPage(page, multichainPath());
    await connectWallet(page, 'Portico Bitcoin Wallet (no UI)', 'host-status-bip122');
    const ordinals = await page.evaluate(() => (window as unknown as { porticoChainWallets: { bitcoin: { ordinalsAddress: string } } }).porticoChainWallets.bitcoin.ordinalsAddress);
    const sending = page.evaluate(([to]) => {
      const w = window as unknown as { porticoDemo: { sendBtc(p: unknown, to: string, sats: number): Promise<string> }; portico: unknown };
      return w.porticoDemo.sendBtc(w.portico, to!, 25_000);
    }, [ordinals] as const);
    const d = await approval(page);
    await expect(d.getByTestId('approve-action')).toHaveCount(3);
    await expect(d.getByTestId('approve-action-text').first()).toHaveText(`Send 0.00025 BTC to ${ordinals.slice(0, 4)}…${ordinals.slice(-6)}`);
    await expect(d.getByTestId('approve-action-text').nth(1)).toHaveText(/^Get 0\.\d+ BTC back as change$/);
    await expect(d.getByTestId('approve-action-text').nth(2)).toHaveText(/^Sign (\d+) of its \1 inputs$/);
    const feeDetail = d.getByTestId('approve-action').nth(2).getByTestId('approve-detail').filter({ hasText: 'Network fee' });
    await expect(feeDetail).toContainText(/0\.0000\d+ BTC/);
    // What leaves: the payment and its fee (the change comes back).
    const fee = Math.round(Number(/(0\.\d+) BTC/.exec((await feeDetail.textContent())!)![1]) * 1e8);
    await expect(d.getByTestId('approve-change')).toHaveText([`You send ${(25_000 + fee) / 1e8} BTC`]);
    await expectNoOverflow(d);
    await d.getByRole('button', { name: 'Approve' }).click();
    expect(await sending).toMatch(/^[0-9a-f]{64}$/);
  });
});

test.describe('the e-mail wallet’s own screen (in its frame)', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test('a transfer from an empty wallet says so before Approve, which leads nowhere; funded, a batch with an unlimited approve reads as on the modal', async ({ page, browser }) => {
    await freshPage(page, emailPath());
    const address = await loginThroughModal(page, browser, `approvals-${Date.now()}@example.com`);
    const frame = walletFrame(page);
    await page.getByRole('button', { name: 'Send 0.001 ETH (EVM)' }).click();
    await expect(frame.getByTestId('approve-action-text')).toHaveText([/^Send 0\.001 ETH to 0x70…dc79C8$/]);
    await expect(frame.getByTestId('approve-blocked')).toHaveText(/^Your balance, 0 ETH, does not cover this with the network fee: 0\.001\d* ETH\.$/);
    // Approve stays disabled however long the screen is visible.
    await page.waitForTimeout(1_000);
    await expect(frame.getByTestId('approve-approve')).toBeDisabled();
    await frame.getByTestId('approve-reject').click();
    await expect(page.getByTestId('host-result')).toHaveText('eth_sendTransaction → User rejected the request.');

    const client = createPublicClient({ transport: http(evm()) });
    await client.request({ method: 'anvil_setBalance' as 'eth_chainId', params: [address, '0xde0b6b3a7640000'] as never });
    await request(page, 'wallet_sendCalls', [{ version: '2.0.0', chainId: '0x7a69', from: address, calls: [batchCalls()[0], { to: BOB, value: '0x38d7ea4c68000' }] }]);
    await expect(frame.getByTestId('approve-risk')).toHaveText(['Unlimited allowance: 0x11…960582 could take all your PTK, now and later.']);
    await expect(frame.getByTestId('approve-action-text')).toHaveText(['Allow 0x11…960582 to spend all your PTK', 'Send 0.001 ETH to 0x70…dc79C8']);
    await expect(frame.getByTestId('approve-simulation')).toHaveAttribute('data-status', 'ok');
    await expect(frame.getByTestId('approve-change')).toHaveText(['You send 0.001 ETH']);
    await expect(frame.getByTestId('approve-blocked')).toHaveCount(0);
    const overflow = await frame.locator('body').evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await rejectInWallet(page);
    await expect.poll(() => answer(page)).toEqual({ error: 4001 });
  });
});

test.describe('screenshots of a decoded approval at 360 px', () => {
  test.use({ viewport: { width: 360, height: 780 }, deviceScaleFactor: 1 });
  for (const variant of [
    { name: 'light', query: '&theme=light', dir: 'ltr' },
    { name: 'dark', query: '&theme=dark', dir: 'ltr' },
    { name: 'rtl', query: '&theme=light&locale=ar', dir: 'rtl' },
  ] as const) {
    test(`the batch with an unlimited approve (${variant.name}) matches its baseline`, async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce', colorScheme: variant.name === 'dark' ? 'dark' : 'light' });
      await freshPage(page, evmPath(variant.query));
      await connectWallet(page, 'Portico Test Wallet (no UI)');
      await request(page, 'wallet_sendCalls', [{ version: '2.0.0', chainId: '0x7a69', from: ACCOUNT, calls: batchCalls() }]);
      const d = await approval(page);
      await expect(page.locator('.pt-root')).toHaveAttribute('dir', variant.dir);
      await expect(d.getByTestId('approve-change')).toHaveCount(1);
      await expectNoOverflow(d);
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      await expect(d).toHaveScreenshot(`approval-batch-${variant.name}-360.png`, { animations: 'disabled', caret: 'hide', mask: [d.locator('img'), d.getByTestId('approve-fee')], maxDiffPixelRatio: 0.01 });
      await expectNoA11yViolations(page, `decoded approval (${variant.name})`);
      await d.getByRole('button', { name: variant.name === 'rtl' ? /رفض/ : 'Reject' }).click();
    });
  }
});
