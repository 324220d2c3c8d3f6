import { expect, test, type Browser, type Page } from '@playwright/test';
import { createPublicClient, http, parseEther, recoverMessageAddress, type Hex } from 'viem';

// The wallet frame on its own origin, driven over the frame protocol by a host page (the
// playground's origin) as the AUTH connector will drive it: e-mail login against the auth
// service, the mails read from the SMTP catcher, signing and sending on anvil.

const PROTOCOL = 'portico-frame/1';
const RECIPIENT = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
type Answer = { kind: 'success' | 'error'; payload?: Record<string, unknown>; message?: string; code?: number };

/** Opens `origin` (the host), embeds the frame and waits for READY + 500 ms; `frameRequest` then posts requests. */
async function embed(page: Page, origin = '/') {
  await page.goto(origin);
  const ready = await page.evaluate(
    ([frameUrl, protocol]) =>
      new Promise<boolean>((resolve) => {
        const iframe = document.createElement('iframe');
        iframe.src = `${frameUrl}/?projectId=playground-project&chainId=eip155:31337&version=e2e&enableLogger=true`;
        iframe.id = 'wallet-frame';
        iframe.style.cssText = 'width:1px;height:1px;border:0';
        document.body.append(iframe);
        const frameOrigin = new URL(frameUrl).origin;
        const pending = new Map<string, (m: unknown) => void>();
        let n = 0;
        const events: unknown[] = [];
        (window as unknown as { frameEvents: unknown[] }).frameEvents = events;
        window.addEventListener('message', (event) => {
          if (event.source !== iframe.contentWindow || event.origin !== frameOrigin) return;
          const message = event.data as { kind?: string; id?: string };
          if (message?.kind === 'event') events.push(message);
          if (message?.kind === 'ready') setTimeout(() => resolve(true), 500);
          else if (message?.id && pending.has(message.id)) {
            pending.get(message.id)!(message);
            pending.delete(message.id);
          }
        });
        (window as unknown as { frameRequest: unknown }).frameRequest = (event: string, payload: unknown) =>
          new Promise((done) => {
            const id = `e2e-request-${++n}`;
            pending.set(id, done);
            iframe.contentWindow!.postMessage({ protocol, kind: 'request', id, event, payload }, frameOrigin);
          });
        setTimeout(() => resolve(false), 5_000);
      }),
    [process.env.PORTICO_FRAME!, PROTOCOL] as const,
  );
  return ready;
}

const request = (page: Page, event: string, payload: unknown = {}) =>
  page.evaluate(([e, p]) => (window as unknown as { frameRequest(e: string, p: unknown): Promise<Answer> }).frameRequest(e, p), [event, payload] as const) as Promise<Answer>;

/** The frame's own approval screen. */
const frameUi = (page: Page) => page.frameLocator('#wallet-frame');
/** Gives the embedded frame a box on the page (as the modal's approval view does over its slot). */
const showFrame = (page: Page, css = 'position:fixed;left:20px;top:20px;width:360px;height:560px;border:0') =>
  page.evaluate((style) => void (document.getElementById('wallet-frame')!.style.cssText = style), css);
/** Until the frame has said (its `approvals` event) that `pending` requests wait for the user. */
const waiting = (page: Page, pending: number) =>
  expect.poll(() => page.evaluate(() => ((window as unknown as { frameEvents: Array<{ name: string; payload: { pending: number } }> }).frameEvents.filter((e) => e.name === 'approvals').at(-1)?.payload.pending ?? 0))).toBe(pending);
/** Posts an RPC request as a script on the host page would, without waiting: `settled()` says whether the frame answered. */
async function postRpc(page: Page, method: string, params: unknown) {
  const key = `rpc-${Math.random().toString(36).slice(2)}`;
  await page.evaluate(
    ([k, m, p]) => {
      const w = window as unknown as Record<string, unknown> & { frameRequest(e: string, p: unknown): Promise<Answer> };
      w[k] = undefined;
      void w.frameRequest('RPC_REQUEST', { chainId: 'eip155:31337', method: m, params: p }).then((answer) => (w[k] = answer));
    },
    [key, method, params] as const,
  );
  return {
    settled: () => page.evaluate((k) => (window as unknown as Record<string, Answer | undefined>)[k], key),
    answer: async () => {
      await expect.poll(() => page.evaluate((k) => (window as unknown as Record<string, Answer | undefined>)[k] !== undefined, key), { timeout: 15_000 }).toBe(true);
      return (await page.evaluate((k) => (window as unknown as Record<string, Answer | undefined>)[k], key))!;
    },
  };
}
/** The user approves on the frame's screen: a real click inside the frame, once Approve is enabled. */
async function clickApprove(page: Page) {
  const approve = frameUi(page).getByTestId('approve-approve');
  await expect(approve).toBeEnabled();
  await approve.click();
}

const latestMail = async (to: string) => {
  const response = await fetch(`${process.env.PORTICO_MAIL}/messages/latest?to=${encodeURIComponent(to)}`);
  expect(response.status).toBe(200);
  return (await response.json()) as { subject: string; text: string };
};

/** Logs in through the frame: the device link (opened in another tab, as from a mail app) when asked, then the passcode. */
async function login(page: Page, browser: Browser, email: string) {
  const started = await request(page, 'CONNECT_EMAIL', { email });
  expect(started.kind).toBe('success');
  if (started.payload!.action === 'VERIFY_DEVICE') {
    const link = /(http:\/\/127\.0\.0\.1:\d+\/device\/confirm\?token=[A-Za-z0-9_-]+)/.exec((await latestMail(email)).text)![1]!;
    const device = request(page, 'CONNECT_DEVICE');
    const mailApp = await browser.newPage();
    await mailApp.goto(link);
    await mailApp.getByRole('button', { name: 'Confirm this device' }).click();
    await expect(mailApp.getByRole('heading', { name: 'Device confirmed' })).toBeVisible();
    await mailApp.close();
    expect((await device).kind).toBe('success');
  }
  const code = /\b(\d{6})\b/.exec((await latestMail(email)).subject)![1]!;
  return request(page, 'CONNECT_OTP', { otp: code });
}

const unique = (tag: string) => `${tag}-${Date.now()}@example.com`;

test.describe('the wallet frame on its own origin, e-mail login through the auth service', () => {
  test('a new device: link, passcode (a wrong one first), a key of its own; it signs; a reload keeps the session; sign out ends it', async ({ page, browser }) => {
    expect(await embed(page)).toBe(true);
    const email = unique('frame');
    const started = await request(page, 'CONNECT_EMAIL', { email });
    expect(started).toMatchObject({ kind: 'success', payload: { action: 'VERIFY_DEVICE' } });
    const link = /(http:\/\/127\.0\.0\.1:\d+\/device\/confirm\?token=[A-Za-z0-9_-]+)/.exec((await latestMail(email)).text)![1]!;
    const device = request(page, 'CONNECT_DEVICE');
    const mailApp = await browser.newPage();
    await mailApp.goto(link);
    await mailApp.getByRole('button', { name: 'Confirm this device' }).click();
    await expect(mailApp.getByRole('heading', { name: 'Device confirmed' })).toBeVisible();
    await mailApp.close();
    expect((await device).kind).toBe('success');
    const code = /\b(\d{6})\b/.exec((await latestMail(email)).subject)![1]!;
    expect(await request(page, 'CONNECT_OTP', { otp: code === '000000' ? '111111' : '000000' })).toMatchObject({ kind: 'error', message: 'Invalid code (4 attempts left)' });
    expect(await request(page, 'CONNECT_OTP', { otp: code })).toMatchObject({ kind: 'success' });

    const user = await request(page, 'GET_USER', { chainId: 'eip155:31337' });
    // The spec's default on eip155 where the frame has the EIP-7702 implementation: the smart account (the same address).
    expect(user.payload).toMatchObject({ email, chainId: 'eip155:31337', accounts: [{ type: 'smartAccount' }], preferredAccountType: 'smartAccount', smartAccountDeployed: false });
    const address = user.payload!.address as Hex;
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    // The frame asks the user on its own screen; a click there signs.
    await showFrame(page);
    const signing = await postRpc(page, 'personal_sign', ['Hello from the host', address]);
    await expect(frameUi(page).getByTestId('approve-message')).toHaveText('Hello from the host');
    await clickApprove(page);
    const signed = await signing.answer();
    expect(await recoverMessageAddress({ message: 'Hello from the host', signature: signed.payload!.result as Hex })).toBe(address);
    // A method the embedded wallet does not offer: an EIP-1193 error, not a hang.
    expect(await request(page, 'RPC_REQUEST', { chainId: 'eip155:31337', method: 'eth_sign', params: [] })).toMatchObject({ kind: 'error', code: 4200 });
    // Schema errors in the spec's words.
    expect(await request(page, 'CONNECT_EMAIL', { email: 'nope' })).toMatchObject({ kind: 'error', message: 'CONNECT_EMAIL payload: email: Invalid email' });

    await page.reload();
    expect(await embed(page)).toBe(true);
    expect(await request(page, 'IS_CONNECTED')).toMatchObject({ payload: { isConnected: true } });
    expect((await request(page, 'GET_USER', {})).payload!.address).toBe(address);

    expect((await request(page, 'SIGN_OUT')).kind).toBe('success');
    expect(await request(page, 'IS_CONNECTED')).toMatchObject({ payload: { isConnected: false } });
    expect(await request(page, 'GET_USER', {})).toMatchObject({ kind: 'error', message: 'The wallet is not connected' });

    // The same device next time: straight to the passcode (once the last mail's cooldown, 3 s in these tests, has passed; a refused try changes nothing).
    await expect.poll(async () => (await request(page, 'CONNECT_EMAIL', { email })).payload, { timeout: 10_000, intervals: [500] }).toEqual({ action: 'VERIFY_OTP' });
    // Mail to one address waits out the cooldown, in the spec's words.
    expect((await request(page, 'CONNECT_EMAIL', { email })).message).toMatch(/^Please try again after [1-3] seconds$/);
    await page.waitForTimeout(3_100);
    expect((await login(page, browser, email)).kind).toBe('success');
    expect((await request(page, 'GET_USER', {})).payload!.address).toBe(address);
  });

  test('a transfer on anvil, signed in the frame and sent through its RPC', async ({ page, browser }) => {
    expect(await embed(page)).toBe(true);
    expect((await login(page, browser, unique('send'))).kind).toBe('success');
    const address = (await request(page, 'GET_USER', {})).payload!.address as Hex;
    const rpc = process.env.PORTICO_EVM!.split(',')[0]!;
    await fetch(rpc, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_setBalance', params: [address, '0xde0b6b3a7640000'] }) });
    const client = createPublicClient({ transport: http(rpc) });
    const before = await client.getBalance({ address: RECIPIENT });
    await showFrame(page);
    const sending = await postRpc(page, 'eth_sendTransaction', [{ from: address, to: RECIPIENT, value: '0x2386f26fc10000' }]);
    await expect(frameUi(page).getByTestId('approve-amount')).toHaveText('Amount0.01 ETH');
    await clickApprove(page);
    const sent = await sending.answer();
    expect(sent.kind).toBe('success');
    const receipt = await client.waitForTransactionReceipt({ hash: sent.payload!.result as Hex });
    expect(receipt.status).toBe('success');
    expect(receipt.from.toLowerCase()).toBe(address.toLowerCase());
    expect((await client.getBalance({ address: RECIPIENT })) - before).toBe(parseEther('0.01'));
  });

  test('attack: a script on the host page asking the frame to sign (a message, an unlimited Permit) gets nothing without a click inside the frame; a hidden, see-through or covered frame cannot be approved', async ({ page, browser }) => {
    expect(await embed(page)).toBe(true);
    expect((await login(page, browser, unique('attacked'))).kind).toBe('success');
    const address = (await request(page, 'GET_USER', {})).payload!.address as Hex;
    const spender = '0x000000000000000000000000000000000000bad0';
    const permit = JSON.stringify({
      types: { EIP712Domain: [{ name: 'name', type: 'string' }, { name: 'chainId', type: 'uint256' }, { name: 'verifyingContract', type: 'address' }], Permit: [{ name: 'owner', type: 'address' }, { name: 'spender', type: 'address' }, { name: 'value', type: 'uint256' }, { name: 'nonce', type: 'uint256' }, { name: 'deadline', type: 'uint256' }] },
      primaryType: 'Permit',
      domain: { name: 'USD Coin', chainId: 31337, verifyingContract: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' },
      message: { owner: address, spender, value: (2n ** 256n - 1n).toString(), nonce: 0, deadline: (2n ** 256n - 1n).toString() },
    });
    // The frame is the 1 × 1 px one a page embeds; a script posts the requests straight to it.
    const message = await postRpc(page, 'personal_sign', ['Give everything away', address]);
    const allowance = await postRpc(page, 'eth_signTypedData_v4', [address, permit]);
    await waiting(page, 2);
    // The frame answers other requests meanwhile: it is not stuck, it is waiting for the user.
    expect((await request(page, 'GET_CHAIN_ID', {})).kind).toBe('success');
    expect([await message.settled(), await allowance.settled()]).toEqual([undefined, undefined]);
    // No message approves: one the protocol does not have is ignored, and a forged click event is no click.
    await page.evaluate((frameOrigin) => {
      const frame = (document.getElementById('wallet-frame') as HTMLIFrameElement).contentWindow!;
      frame.postMessage({ protocol: 'portico-frame/1', kind: 'request', id: 'forged-approve-1', event: 'APPROVE', payload: { id: 1 } }, frameOrigin);
      frame.postMessage({ protocol: 'portico-frame/1', kind: 'event', name: 'approvals', payload: { pending: 0, height: 0 } }, frameOrigin);
    }, new URL(process.env.PORTICO_FRAME!).origin);
    expect((await request(page, 'GET_CHAIN_ID', {})).kind).toBe('success');

    // Clickjacking: the frame shown but see-through under a page's own button, then covered by a transparent element.
    await showFrame(page, 'position:fixed;left:20px;top:20px;width:360px;height:560px;border:0;opacity:0.01');
    await expect(frameUi(page).getByTestId('approve-message')).toHaveText('Give everything away');
    const approveBox = (await frameUi(page).getByTestId('approve-approve').boundingBox())!;
    await page.waitForTimeout(1_000); // longer than the screen's visible-for-a-moment rule: see-through is never visible
    await expect(frameUi(page).getByTestId('approve-approve')).toBeDisabled();
    await page.mouse.click(approveBox.x + approveBox.width / 2, approveBox.y + approveBox.height / 2);
    await page.evaluate(() => {
      const cover = document.createElement('div');
      cover.id = 'cover';
      cover.style.cssText = 'position:fixed;inset:0;z-index:2147483647;background:transparent';
      document.body.append(cover);
    });
    await showFrame(page);
    await page.waitForTimeout(1_000);
    await expect(frameUi(page).getByTestId('approve-approve')).toBeDisabled();
    await page.mouse.click(approveBox.x + approveBox.width / 2, approveBox.y + approveBox.height / 2);
    expect([await message.settled(), await allowance.settled()]).toEqual([undefined, undefined]);

    // The page stops showing the frame: everything waiting is refused as the user's no (4001).
    expect(await request(page, 'CANCEL_APPROVALS', {})).toMatchObject({ kind: 'success', payload: { cancelled: 2 } });
    expect(await message.answer()).toMatchObject({ kind: 'error', code: 4001 });
    expect(await allowance.answer()).toMatchObject({ kind: 'error', code: 4001 });
    await waiting(page, 0);

    // Uncovered and shown: the user reads the Permit and says no with Escape; then approves a message with a click.
    await page.evaluate(() => document.getElementById('cover')!.remove());
    const again = await postRpc(page, 'eth_signTypedData_v4', [address, permit]);
    await expect(frameUi(page).getByTestId('approve-primaryType')).toContainText('Permit');
    await frameUi(page).getByTestId('approve-reject').focus();
    await page.keyboard.press('Escape');
    expect(await again.answer()).toMatchObject({ kind: 'error', code: 4001 });
    const mine = await postRpc(page, 'personal_sign', ['Mine', address]);
    await clickApprove(page);
    expect(await recoverMessageAddress({ message: 'Mine', signature: (await mine.answer()).payload!.result as Hex })).toBe(address);
  });

  test('the host page cannot read the frame’s storage or document; a request from another window is ignored', async ({ page, browser }) => {
    expect(await embed(page)).toBe(true);
    expect((await login(page, browser, unique('isolated'))).kind).toBe('success');
    const attempts = await page.evaluate(() => {
      const frame = document.getElementById('wallet-frame') as HTMLIFrameElement;
      const tryRead = (read: () => unknown) => {
        try {
          return { value: String(read()) };
        } catch (error) {
          return { error: (error as Error).name };
        }
      };
      return {
        storage: tryRead(() => (frame.contentWindow as Window).localStorage.length),
        document: tryRead(() => frame.contentDocument),
        cookie: tryRead(() => (frame.contentWindow as Window).document.cookie),
      };
    });
    expect(attempts).toEqual({ storage: { error: 'SecurityError' }, document: { value: 'null' }, cookie: { error: 'SecurityError' } });

    // A sibling frame (same origin as the host) posts a well-formed SIGN_OUT to the wallet frame,
    // from its own window: not the wallet frame's parent, so it is ignored.
    await page.evaluate(() => {
      const sibling = document.createElement('iframe');
      sibling.name = 'sibling';
      document.body.append(sibling);
    });
    await page.frame({ name: 'sibling' })!.evaluate(
      ([protocol, frameOrigin]) => {
        const wallet = (parent.document.getElementById('wallet-frame') as HTMLIFrameElement).contentWindow!;
        wallet.postMessage({ protocol, kind: 'request', id: 'forged-request-1', event: 'SIGN_OUT', payload: {} }, frameOrigin);
      },
      [PROTOCOL, new URL(process.env.PORTICO_FRAME!).origin] as const,
    );
    await page.waitForTimeout(500);
    expect(await request(page, 'IS_CONNECTED')).toMatchObject({ payload: { isConnected: true } });
  });

  test('a host origin the project does not allow cannot embed the frame (CSP frame-ancestors): no READY', async ({ page }) => {
    expect(await embed(page, `http://localhost:${process.env.PORTICO_E2E_PORT ?? 4319}/`)).toBe(false);
  });
});
