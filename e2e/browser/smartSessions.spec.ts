import { expect, test, type Page } from '@playwright/test';
import { createPublicClient, http, parseEther, type Hex } from 'viem';
import { approveInWallet, loginThroughModal, path, rejectInWallet, walletFrame, type PorticoWindow } from './emailLogin';
import { dialog, expectNoSeriousA11yViolations, freshPage, openAccount } from './helpers';

// The smartSessions flag (ERC-7715, plugin-smart-sessions) with the embedded wallet's smart
// account on anvil: off, grants are refused and there is no Permissions button; on, the user
// approves a grant read field by field, batches under it go through without a prompt and stop
// at its limit, and the Account view lists and revokes it.

const request = (page: Page, method: string, params?: unknown) =>
  page.evaluate(([m, p]) => (window as unknown as PorticoWindow).portico.adapter('eip155').getProvider().request({ method: m, params: p }), [method, params] as const);
/** What a rejected request says (its message and code), or the answer. */
const outcome = (page: Page, method: string, params?: unknown) =>
  page.evaluate(
    ([m, p]) =>
      (window as unknown as PorticoWindow).portico
        .adapter('eip155')
        .getProvider()
        .request({ method: m, params: p })
        .then(
          (result) => ({ result }),
          (error: { code?: number; message?: string }) => ({ code: error.code, message: error.message }),
        ),
    [method, params] as const,
  );

const RECIPIENT = '0x00000000000000000000000000000000000c0ffe';
/** A grant as viem's `grantPermissions` sends it for a JSON-RPC account: 0.01 ETH for an hour. */
const ethGrant = () => ({
  expiry: Math.floor(Date.now() / 1000) + 3600,
  permissions: [{ type: 'native-token-transfer', data: { ticker: 'ETH' }, policies: [{ type: 'token-allowance', data: { allowance: '0x2386f26fc10000' } }], required: true }],
  signer: { type: 'wallet' },
});
const batch = (address: string, value: string, context?: string) => [
  { version: '2.0.0', chainId: '0x7a69', from: address, calls: [{ to: RECIPIENT, value }], ...(context ? { capabilities: { permissions: { context } } } : {}) },
];

async function fund(address: string) {
  const client = createPublicClient({ transport: http(process.env.PORTICO_EVM!.split(',')[0]!) });
  await client.request({ method: 'anvil_setBalance' as 'eth_chainId', params: [address, '0xde0b6b3a7640000'] as never });
  return client;
}

test.describe('smartSessions (ERC-7715 permissions)', () => {
  test('off (the default): a grant is refused as a method no policy allows, and the Account view has no Permissions button', async ({ page, browser }) => {
    await freshPage(page, path());
    const address = await loginThroughModal(page, browser, `sessions-off-${Date.now()}@example.com`);
    const refused = await outcome(page, 'wallet_grantPermissions', [ethGrant()]);
    expect(refused).toEqual({ code: 4200, message: expect.stringMatching(/not allowed/i) });
    await expect(dialog(page).getByText('Action not allowed')).toBeVisible();
    await page.keyboard.press('Escape');
    // A batch naming a grant's context skips the approval view only while smart sessions are on: off, it is refused, nothing sent.
    expect(await outcome(page, 'wallet_sendCalls', batch(address, '0x1', `0x${'ab'.repeat(32)}`))).toEqual({ code: 4200, message: expect.stringContaining('smartSessions') });
    const d = await openAccount(page);
    await expect(d.getByRole('button', { name: 'Email', exact: true })).toBeVisible();
    await expect(d.getByRole('button', { name: 'Permissions' })).toHaveCount(0);
  });

  test('on: the grant is approved once, read field by field; batches under it need no prompt and stop at the limit; the Account view lists it with what is spent and revokes it', async ({ page, browser }) => {
    await freshPage(page, `${path()}&features=smartSessions`);
    const address = await loginThroughModal(page, browser, `sessions-on-${Date.now()}@example.com`);
    const client = await fund(address);
    const d = dialog(page);

    // Nothing granted yet.
    await openAccount(page);
    await d.getByRole('button', { name: 'Permissions' }).click();
    await expect(d).toHaveAttribute('data-view', 'Permissions');
    await expect(d.getByTestId('permissions-none')).toHaveText('This site holds no permissions.');
    await expectNoSeriousA11yViolations(page, 'Permissions, none');
    await page.keyboard.press('Escape');
    await expect(d).toBeHidden();

    // The grant: the wallet's approval screen says what the site may do, and until when.
    const granting = request(page, 'wallet_grantPermissions', [ethGrant()]);
    await expect(d).toHaveAttribute('data-view', 'ApproveTransaction');
    const frame = walletFrame(page);
    await expect(frame.getByTestId('approve-permission')).toContainText('native-token-transfer');
    await expect(frame.getByTestId('approve-limit')).toContainText('Spend limit0.01 ETH');
    await expect(frame.getByTestId('approve-expiry')).toContainText('Until');
    await expectNoSeriousA11yViolations(page, 'approval of a grant');
    await approveInWallet(page, 'wallet_grantPermissions');
    const { permissionsContext: context } = (await granting) as { permissionsContext: Hex };
    expect(context).toMatch(/^0x[0-9a-f]{64}$/);
    await expect(d).toBeHidden();

    // Not a grant's shape (capabilities an array carrying a `permissions` key, a short context): the approval view as for any batch.
    for (const junk of ['array', 'short'] as const) {
      const pending = page.evaluate(
        ([kind, from, ctx]) => {
          const capabilities = kind === 'array' ? Object.assign([], { permissions: { context: ctx } }) : { permissions: { context: '0x1234' } };
          return (window as unknown as PorticoWindow).portico.adapter('eip155').getProvider().request({ method: 'wallet_sendCalls', params: [{ version: '2.0.0', chainId: '0x7a69', from, calls: [{ to: '0x00000000000000000000000000000000000c0ffe', value: '0x1' }], capabilities }] }).catch((e: Error) => e.message);
        },
        [junk, address, context] as const,
      );
      await expect(walletFrame(page).getByTestId('frame-approval')).toHaveAttribute('data-method', 'wallet_sendCalls');
      await rejectInWallet(page);
      await pending;
      await expect(d).toBeHidden();
    }

    // Under the grant: no approval view, the batch lands.
    const before = await client.getBalance({ address: RECIPIENT });
    const { id } = (await request(page, 'wallet_sendCalls', batch(address, '0xe35fa931a0000', context))) as { id: string };
    await expect(d).toBeHidden();
    await expect.poll(async () => ((await request(page, 'wallet_getCallsStatus', [id])) as { status: number }).status, { timeout: 15_000 }).toBe(200);
    expect((await client.getBalance({ address: RECIPIENT })) - before).toBe(parseEther('0.004'));
    // 0.01 more is beyond what is left of the 0.01 ETH: refused by the wallet, nothing sent, no prompt.
    const beyond = await outcome(page, 'wallet_sendCalls', batch(address, '0x2386f26fc10000', context));
    expect(beyond).toMatchObject({ code: 4100, message: expect.stringContaining('beyond the ETH allowance') });
    await expect(d).toBeHidden();

    // The Account view lists the grant with what is spent, and revokes it.
    await openAccount(page);
    await d.getByRole('button', { name: 'Permissions' }).click();
    const grant = d.getByTestId('permission');
    await expect(grant).toHaveCount(1);
    await expect(grant).toContainText('Send ETH');
    await expect(grant.getByTestId('permission-spent')).toHaveText('0.004 ETH of 0.01 ETH spent');
    await expect(grant.getByTestId('permission-until')).toContainText('Until');
    await expectNoSeriousA11yViolations(page, 'Permissions, one grant');
    await d.getByRole('button', { name: 'Revoke “Send ETH”' }).click();
    await expect(d.getByTestId('permissions-none')).toBeVisible();
    // Revoked: the wallet signs nothing more under it, after a reload too.
    await page.keyboard.press('Escape');
    expect(await outcome(page, 'wallet_sendCalls', batch(address, '0x1', context))).toMatchObject({ code: 4100, message: expect.stringContaining('No live permission') });
    await page.reload();
    await expect(page.getByTestId('host-address')).toHaveText(address, { timeout: 15_000 });
    expect(await request(page, 'wallet_getGrantedExecutionPermissions')).toEqual([]);
  });
});
