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
        window.addEventListener('message', (event) => {
          if (event.source !== iframe.contentWindow || event.origin !== frameOrigin) return;
          const message = event.data as { kind?: string; id?: string };
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
    const signed = await request(page, 'RPC_REQUEST', { chainId: 'eip155:31337', method: 'personal_sign', params: ['Hello from the host', address] });
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

    // Mail to one address waits out the cooldown (3 s in these tests), in the spec's words.
    expect((await request(page, 'CONNECT_EMAIL', { email })).message).toMatch(/^Please try again after [1-3] seconds$/);
    await page.waitForTimeout(3_100);
    // The same device next time: straight to the passcode, the same account.
    expect((await request(page, 'CONNECT_EMAIL', { email })).payload).toEqual({ action: 'VERIFY_OTP' });
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
    const sent = await request(page, 'RPC_REQUEST', { chainId: 'eip155:31337', method: 'eth_sendTransaction', params: [{ from: address, to: RECIPIENT, value: '0x2386f26fc10000' }] });
    expect(sent.kind).toBe('success');
    const receipt = await client.waitForTransactionReceipt({ hash: sent.payload!.result as Hex });
    expect(receipt.status).toBe('success');
    expect(receipt.from.toLowerCase()).toBe(address.toLowerCase());
    expect((await client.getBalance({ address: RECIPIENT })) - before).toBe(parseEther('0.01'));
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
