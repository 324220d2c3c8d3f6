import { createServer } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { deployTestTokens, installMulticall3, startAnvil, type AnvilNode } from '@portico/chain-eip155/testing/node';
import { formatEther } from 'viem';
import { dialog, freshPage } from './helpers';

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const UNREACHABLE = 'Couldn’t load the balance: the network isn’t answering. Retrying…';
/** What the account holds once the node is back: a balance the first node never had. */
const RECOVERED_WEI = 1_234_567_800_000_000_000_000n;

/** The spec's display, computed independently of Portico: floored (not rounded) to 3 decimals. */
const floor3 = (wei: bigint) => {
  const [whole, fraction = ''] = formatEther(wei).split('.');
  return `${whole}.${fraction.padEnd(3, '0').slice(0, 3)} ETH`;
};

const rpc = async <T>(url: string, method: string, params: unknown[] = []): Promise<T> =>
  ((await (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })).json()) as { result: T }).result;

/** A loopback port free right now, for a node this test stops and starts again on the same URL. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

async function connectTestWallet(page: Page) {
  await page.locator('button.portico-connect-button').click();
  await dialog(page).getByRole('button', { name: 'Portico Test Wallet', exact: true }).click();
  await expect(page.getByTestId('host-status')).toHaveText('connected');
  await expect(page.getByTestId('host-address')).toHaveText(ACCOUNT);
  await expect(dialog(page)).toBeHidden();
}

async function openAccount(page: Page) {
  await page.locator('button.portico-account-button').click();
  await expect(dialog(page)).toHaveAttribute('data-view', 'Account');
  return dialog(page);
}

test.describe('the Account view with its EVM node down', () => {
  // Retries back off to 4 s and 8 s while the node is away: more than the default 30 s in all.
  test.describe.configure({ timeout: 90_000 });

  let port = 0;
  let node: AnvilNode | undefined;
  const evmPath = () => `/?evm=${encodeURIComponent(`http://127.0.0.1:${port}`)}`;
  /** Starts anvil on the test's port again (a fresh chain) and gives the account a balance it never had. */
  const bringNodeBack = async () => {
    node = await startAnvil({ chainId: 31337, port });
    await rpc(node.url, 'anvil_setBalance', [ACCOUNT, `0x${RECOVERED_WEI.toString(16)}`]);
  };

  test.beforeEach(async () => {
    port = await freePort();
    node = await startAnvil({ chainId: 31337, port });
  });
  test.afterEach(async () => {
    await node?.stop();
    node = undefined;
  });

  test('never read: says so within seconds instead of "…", then shows the balance by itself once the node is back', async ({ page }) => {
    await freshPage(page, evmPath());
    await connectTestWallet(page);
    await node!.stop();

    const started = Date.now();
    const account = await openAccount(page);
    const balance = account.getByTestId('account-balance');
    // The refused connection fails at once: the user is told within the default 5 s, not after 30 s.
    await expect(balance).toHaveText('Unavailable');
    await expect(account.getByTestId('account-balance-error')).toHaveText(UNREACHABLE);
    expect(Date.now() - started).toBeLessThan(5_000);
    await expect(account.getByTestId('account-balance-stale')).toHaveCount(0);

    await bringNodeBack();
    // No click, no reload: the next retry of the backoff (1 s, 2 s, 4 s, 8 s …) finds it.
    await expect(balance).toHaveText(floor3(RECOVERED_WEI), { timeout: 20_000 });
    await expect(account.getByTestId('account-balance-error')).toHaveCount(0);
  });

  test('a reload with the node down reconnects and reports the failure within seconds, then recovers', async ({ page }) => {
    await freshPage(page, evmPath());
    await connectTestWallet(page);
    await node!.stop();
    await page.reload();
    await expect(page.getByTestId('host-status')).toHaveText('connected');

    const started = Date.now();
    const account = await openAccount(page);
    await expect(account.getByTestId('account-balance-error')).toHaveText(UNREACHABLE);
    await expect(account.getByTestId('account-balance')).toHaveText('Unavailable');
    expect(Date.now() - started).toBeLessThan(5_000);

    await bringNodeBack();
    await expect(account.getByTestId('account-balance')).toHaveText(floor3(RECOVERED_WEI), { timeout: 20_000 });
  });

  test('read before: keeps the last known balance, marked, with the failure; then the new balance by itself', async ({ page }) => {
    // The page's clock runs at real speed; the test only jumps it past the balance's 30 s cache.
    await page.clock.install();
    await freshPage(page, evmPath());
    await connectTestWallet(page);
    const first = BigInt(await rpc<string>(node!.url, 'eth_getBalance', [ACCOUNT, 'latest']));
    let account = await openAccount(page);
    await expect(account.getByTestId('account-balance')).toHaveText(floor3(first));
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();

    await node!.stop();
    await page.clock.fastForward(31_000);
    const started = Date.now();
    account = await openAccount(page);
    const balance = account.getByTestId('account-balance');
    await expect(account.getByTestId('account-balance-error')).toHaveText(UNREACHABLE);
    expect(Date.now() - started).toBeLessThan(5_000);
    await expect(balance).toHaveText(floor3(first));
    await expect(balance).toHaveAttribute('data-stale', 'true');
    await expect(account.getByTestId('account-balance-stale')).toHaveText('(last known)');

    await bringNodeBack();
    await expect(balance).toHaveText(floor3(RECOVERED_WEI), { timeout: 20_000 });
    await expect(balance).not.toHaveAttribute('data-stale');
    await expect(account.getByTestId('account-balance-stale')).toHaveCount(0);
    await expect(account.getByTestId('account-balance-error')).toHaveCount(0);
  });

  test('open the whole time: the last known balance and tokens are marked within 5 s of the node going away; its return as a fresh chain replaces them, tokens that vanished included', async ({ page }) => {
    const tokens = await deployTestTokens(node!.url);
    const first = BigInt(await rpc<string>(node!.url, 'eth_getBalance', [ACCOUNT, 'latest']));
    await freshPage(page, `${evmPath()}&tokens=${encodeURIComponent(JSON.stringify({ usd: tokens.usd, ptk: tokens.ptk }))}`);
    await connectTestWallet(page);
    const account = await openAccount(page);
    const balance = account.getByTestId('account-balance');
    const rows = account.getByTestId('token-list').locator('li');
    await expect(balance).toHaveText(floor3(first));
    await expect(rows).toHaveCount(3);
    await expect(account.getByTestId('token-list')).toContainText('1000000.000 PTK');

    // The view stays open; nobody clicks. The node goes away.
    await node!.stop();
    const stopped = Date.now();
    await expect(balance).toHaveAttribute('data-stale', 'true', { timeout: 10_000 });
    // The next poll (at most 4 s away) fails at once and marks the value; the rest is the assertion's own polling.
    expect(Date.now() - stopped).toBeLessThan(6_000);
    await expect(balance).toHaveText(floor3(first));
    await expect(account.getByTestId('account-balance-stale')).toHaveText('(last known)');
    await expect(account.getByTestId('account-balance-error')).toHaveText(UNREACHABLE);
    await expect(account.getByTestId('tokens-stale')).toHaveText('(last known) Couldn’t load your tokens: the network isn’t answering. Retrying…', { timeout: 5_000 });
    await expect(account.getByTestId('token-list')).toHaveAttribute('data-stale', 'true');
    await expect(rows).toHaveCount(3);

    // Back as a fresh chain (Multicall3 at its usual address, no test token): the balance it has now, and only the native row.
    await bringNodeBack();
    await installMulticall3(node!.url);
    const back = Date.now();
    await expect(balance).toHaveText(floor3(RECOVERED_WEI), { timeout: 10_000 });
    await expect(rows).toHaveCount(1, { timeout: 10_000 });
    expect(Date.now() - back).toBeLessThan(8_000);
    await expect(rows.first()).toContainText('Ether');
    await expect(account.getByTestId('token-list')).not.toHaveAttribute('data-stale');
    await expect(account.getByTestId('tokens-stale')).toHaveCount(0);
    await expect(account.getByTestId('account-balance-stale')).toHaveCount(0);
    await expect(account.getByTestId('account-balance-error')).toHaveCount(0);
  });
});
