import { expect, test, type Browser, type Page } from '@playwright/test';
import { codeFor, confirmDeviceLink, mails, path, startEmailLogin, typeCode } from './emailLogin';
import { dialog, freshPage } from './helpers';

// Issue #38: right after an e-mail login and a disconnect, "Continue with Google" failed at once
// (1 run in 3). The cause: two starts of a social sign-in under way at once (the view's effect run
// twice: React's StrictMode under `npm start`, or Back and the button again) and the wallet frame
// keeping whichever the auth service answered last, not the one the popup went to; the popup's
// answer was then refused ("That answer is not from the sign-in this wallet started"; a
// Farcaster sign-in's wait ended with "Another sign-in was started").

test.describe.configure({ timeout: 150_000 });

/** The auth service's mail cooldown in these tests (see globalSetup): a new code for the same address only after it. */
const MAIL_COOLDOWN_MS = 3_100;
const nameOf = (email: string) => email.split('@')[0]!.replace(/[._+-]+/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());

/**
 * Keeps each frame-protocol message as it arrives, in the host page and in the wallet frame (an
 * init script runs in every frame), and the page's console: attached to a failure, they show the
 * order of requests and answers.
 */
async function traceFrameMessages(page: Page): Promise<string[]> {
  const log: string[] = [];
  page.on('console', (message) => log.push(`${new Date().toISOString().slice(11, 23)} [${message.type()}] ${message.text()}`));
  await page.addInitScript(() => {
    const where = window.parent === window ? 'host' : 'frame';
    window.addEventListener('message', (event: MessageEvent) => {
      const data = event.data as { protocol?: unknown; kind?: string; id?: string; event?: string; message?: string; name?: string } | null;
      if (typeof data?.protocol !== 'string') return;
      console.debug(`[${where} got] ${data.protocol} ${data.kind ?? ''} ${data.event ?? data.name ?? ''} ${data.id?.slice(0, 8) ?? ''} ${data.message ?? ''}`.replace(/\s+/g, ' ').trim());
    });
  });
  return log;
}

/** Runs `body`; on a failure, attaches the trace. */
async function withTrace(log: string[], body: () => Promise<void>) {
  try {
    await body();
  } catch (error) {
    await test.info().attach('frame messages and console', { body: log.join('\n'), contentType: 'text/plain' });
    throw error;
  }
}

/** The e-mail login through the modal (the device link first on a new device), then the code from the mail catcher; the address. */
async function emailLogin(page: Page, browser: Browser, email: string, newDevice: boolean) {
  const codes = async () => (await mails(email)).filter((m) => /\b\d{6}\b/.test(m.subject)).length;
  const before = await codes();
  const d = await startEmailLogin(page, email);
  if (newDevice) {
    await expect(d).toHaveAttribute('data-view', 'EmailVerifyDevice', { timeout: 15_000 });
    await confirmDeviceLink(browser, email);
  }
  await expect(d).toHaveAttribute('data-view', 'EmailVerifyOtp', { timeout: 15_000 });
  await expect.poll(codes, { timeout: 10_000 }).toBeGreaterThan(before);
  await typeCode(page, await codeFor(email));
  await expect(page.getByTestId('host-status')).toHaveText('connected', { timeout: 15_000 });
  await expect(d).toBeHidden();
  return (await page.getByTestId('host-address').textContent())!;
}

async function disconnect(page: Page) {
  await page.locator('button.portico-account-button').click();
  await dialog(page).getByRole('button', { name: 'Disconnect', exact: true }).click();
  await expect(page.getByTestId('host-status')).toHaveText('disconnected', { timeout: 10_000 });
  await expect(dialog(page)).toBeHidden();
}

/** Opens Connect and clicks "Continue with Google"; the popup it opened. */
async function clickGoogle(page: Page) {
  const d = dialog(page);
  if (!(await d.isVisible())) await page.locator('button.portico-connect-button').click();
  const opened = page.waitForEvent('popup');
  await d.getByRole('button', { name: 'Continue with Google' }).click();
  const popup = await opened;
  await expect(d).toHaveAttribute('data-view', 'SocialConnecting');
  return popup;
}

/** Waits until the host is connected; a sign-in that failed instead is reported with the view's reason. */
async function connectedOrWhyNot(page: Page) {
  const failed = dialog(page).getByText(/did not work|problem occurred|was closed before/);
  const outcome = await Promise.race([
    expect(page.getByTestId('host-status')).toHaveText('connected', { timeout: 20_000 }).then(() => 'connected' as const),
    failed.waitFor({ timeout: 20_000 }).then(() => 'failed' as const),
  ]);
  if (outcome === 'failed') throw new Error(`The Google sign-in failed: ${await failed.textContent()}`);
  await expect(dialog(page)).toBeHidden();
}

/**
 * Signs in at the stand-in in `popup` (login, then consent) as socials.spec does; or nothing when
 * it still has this browser's session from an earlier sign-in (as Google does) and answers at once.
 */
async function signInAtProvider(page: Page, popup: Page, email: string) {
  const outcome = await Promise.race([
    popup.waitForURL(/\/interaction\//, { timeout: 20_000 }).then(() => 'login' as const, () => 'gone' as const),
    expect(page.getByTestId('host-status')).toHaveText('connected', { timeout: 20_000 }).then(() => 'connected' as const, () => 'gone' as const),
    dialog(page).getByText(/did not work|problem occurred|was closed before/).waitFor({ timeout: 20_000 }).then(() => 'failed' as const, () => 'gone' as const),
  ]);
  if (outcome !== 'login') return;
  await popup.locator('input[name="login"]').fill(email);
  await popup.locator('input[name="password"]').fill('any password');
  await popup.getByRole('button', { name: 'Sign-in' }).click();
  await popup.getByRole('button', { name: 'Continue' }).click();
}

/** Connected as the Google account `email` (the Account view says so); its address. */
async function expectGoogleAccount(page: Page, email: string) {
  await page.locator('button.portico-account-button').click();
  await expect(dialog(page).getByTestId('account-user')).toHaveText(`Signed in as ${nameOf(email)} (${email})`);
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();
  return (await page.getByTestId('host-address').textContent())!;
}

test.describe('issue #38: a social sign-in after an e-mail login', () => {
  test('ten rounds in one page: e-mail login → disconnect → Continue with Google → connected as the Google account → disconnect', async ({ page, browser }) => {
    const stamp = Date.now();
    const email = `mailfirst-${stamp}@example.com`;
    const google = `googlefirst-${stamp}@example.com`;
    const log = await traceFrameMessages(page);
    // Network jitter on each start of a social sign-in (0–400 ms): starts under way at once (as
    // under `npm start`, where StrictMode runs the view's effect twice) may end in either order.
    await page.context().route(`${process.env.PORTICO_AUTH}/v1/social/start`, async (route) => {
      if (route.request().method() === 'POST') await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 400)));
      await route.continue();
    });
    await freshPage(page, path());
    let emailAddress: string | undefined;
    let googleAddress: string | undefined;
    let lastMailAt = 0;
    await withTrace(log, async () => {
      for (let round = 1; round <= 10; round++) {
        await test.step(`round ${round}: e-mail`, async () => {
          await page.waitForTimeout(Math.max(0, lastMailAt + MAIL_COOLDOWN_MS - Date.now()));
          const address = await emailLogin(page, browser, email, round === 1);
          // The service counts its cooldown from when it sent the code, which is before this
          // (the code was read from the mail catcher): counting from the round's start was short
          // by the time to reach the code, and a quick Google round then met the service's limit.
          lastMailAt = Date.now();
          if (emailAddress) expect(address).toBe(emailAddress);
          emailAddress = address;
          await disconnect(page);
        });
        await test.step(`round ${round}: Google`, async () => {
          await signInAtProvider(page, await clickGoogle(page), google);
          await connectedOrWhyNot(page);
          const address = await expectGoogleAccount(page, google);
          expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
          expect(address, 'the Google account has its own wallet, not the e-mail login’s').not.toBe(emailAddress);
          if (googleAddress) expect(address).toBe(googleAddress);
          googleAddress = address;
          await disconnect(page);
        });
      }
    });
  });

  test('after an e-mail login and a disconnect: Google, Back and Google again while the first start is still at the service; the second sign-in connects', async ({ page, browser }) => {
    const stamp = Date.now();
    const google = `googleagain-${stamp}@example.com`;
    const log = await traceFrameMessages(page);
    // The first start of a sign-in is held at the network until the test lets it go.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let starts = 0;
    await page.context().route(`${process.env.PORTICO_AUTH}/v1/social/start`, async (route) => {
      if (route.request().method() === 'POST' && ++starts === 1) await held;
      await route.continue();
    });
    await freshPage(page, path());
    await withTrace(log, async () => {
      await emailLogin(page, browser, `mailagain-${stamp}@example.com`, true);
      await disconnect(page);
      // Google; Back before its start is answered (the view goes, its popup closes); Google again.
      const answers = () => log.filter((line) => /\[host got\] portico-frame\/1 (success|error) GET_SOCIAL_REDIRECT_URI/.test(line)).length;
      const first = await clickGoogle(page);
      await expect.poll(() => starts).toBeGreaterThanOrEqual(1);
      await dialog(page).getByRole('button', { name: 'Back', exact: true }).click();
      await expect(dialog(page)).toHaveAttribute('data-view', 'Connect');
      await expect.poll(() => first.isClosed()).toBe(true);
      const popup = await clickGoogle(page);
      await popup.waitForURL(/\/interaction\//, { timeout: 20_000 });
      const answered = answers();
      // The first start is answered only now, after the second: the frame hears it too.
      release();
      await expect.poll(answers, { timeout: 10_000 }).toBeGreaterThan(answered);
      await signInAtProvider(page, popup, google);
      await connectedOrWhyNot(page);
      await expectGoogleAccount(page, google);
    });
  });
});
