import { expect, test, type Page } from '@playwright/test';
import type { Hex } from 'viem';
import { path, signApprovedThenReload } from './emailLogin';
import { dialog, expectNoSeriousA11yViolations, freshPage } from './helpers';

// Sign In With Farcaster through the modal: the wallet frame asks the auth service for a relay
// channel (the local relay stand-in, apps/oidc-provider), the modal shows its URL as a QR code,
// the "phone" (a second page here, the stand-in's Farcaster app) opens that URL and signs with
// the account's custody key, and the service verifies the answer against the ID registry on
// anvil before the wallet frame opens the key: the same AUTH connector as every social login.

let counter = 0;
const username = (tag: string) => `${tag}${Date.now() % 100_000_000}${++counter}`.slice(0, 16);
/** The stand-in's display name for a username (apps/oidc-provider's `farcasterAccount`). */
const displayName = (name: string) => name.replace(/[._-]+/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());

/** Opens Connect, clicks Farcaster; the dialog and the channel URL the QR code carries. */
async function openQr(page: Page) {
  await page.locator('button.portico-connect-button').click();
  const d = dialog(page);
  await d.getByRole('button', { name: 'Continue with Farcaster' }).click();
  await expect(d).toHaveAttribute('data-view', 'SocialConnecting');
  await expect(d.getByTestId('social-connecting')).toHaveAttribute('data-phase', 'qr', { timeout: 15_000 });
  const uri = (await d.getByTestId('farcaster-open').getAttribute('href'))!;
  return { d, uri };
}

/** The phone: the Farcaster app opens the channel URL and signs in as `name`. */
async function answerOnPhone(page: Page, uri: string, name: string) {
  const phone = await page.context().newPage();
  await phone.goto(uri);
  await phone.locator('input[name="username"]').fill(name);
  await phone.getByRole('button', { name: 'Sign in' }).click();
  return phone;
}

test.describe('Sign In With Farcaster (the QR code, the local relay, the ID registry on anvil)', () => {
  test('by QR code: the Farcaster app answers, the modal connects with an address; a message signs through the approval view; the Account view names the account; a reload reconnects; the same fid again is the same wallet', async ({ page }) => {
    await freshPage(page, path());
    const { d, uri } = await openQr(page);
    expect(uri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/farcaster\/~\/siwf\?channelToken=[A-Za-z0-9_-]+$/);
    await expect(d.getByRole('img', { name: 'QR code to sign in with Farcaster' })).toBeVisible();
    await expect(d.getByText("Scan this QR code with your phone's camera to sign in with Farcaster.")).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'SocialConnecting, Farcaster QR code');
    const name = username('fc');
    const phone = await answerOnPhone(page, uri, name);
    await expect(phone.getByRole('heading', { name: 'Signed in' })).toBeVisible();
    await expect(page.getByTestId('host-status')).toHaveText('connected', { timeout: 20_000 });
    await expect(d).toBeHidden();
    const address = (await page.getByTestId('host-address').textContent()) as Hex;
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    await signApprovedThenReload(page, address, 'Hello from a Farcaster login');
    // Farcaster gives no e-mail address: the Account view names the account only.
    await page.locator('button.portico-account-button').click();
    await expect(dialog(page).getByTestId('account-user')).toHaveText(`Signed in as ${displayName(name)}`);
    await dialog(page).getByRole('button', { name: 'Disconnect' }).click();
    await expect(page.getByTestId('host-status')).toHaveText('disconnected');
    const second = await openQr(page);
    expect(second.uri).not.toBe(uri);
    await answerOnPhone(page, second.uri, name);
    await expect(page.getByTestId('host-address')).toHaveText(address, { timeout: 20_000 });
  });

  test('an answer the service refuses (the signer does not own the fid on the ID registry): the reason, nothing connected, back to Connect', async ({ page }) => {
    await freshPage(page, path());
    const { d, uri } = await openQr(page);
    await answerOnPhone(page, uri, 'unregistered');
    await expect(d.getByTestId('social-connecting')).toHaveAttribute('data-phase', 'failed', { timeout: 15_000 });
    await expect(d.getByText(/Signing in with Farcaster did not work: The Farcaster answer was refused: .*does not own fid/)).toBeVisible();
    await expect(page.getByTestId('host-status')).toHaveText('disconnected');
    await expectNoSeriousA11yViolations(page, 'SocialConnecting, Farcaster refused');
    await d.getByRole('button', { name: 'Back to the sign-in options' }).click();
    await expect(d).toHaveAttribute('data-view', 'Connect');
  });

  test('nobody scans within the step timeout (shortened here from the spec\'s 30 s): the socials-timeout alert, the QR code expired, a new one in its place', async ({ page }) => {
    await freshPage(page, `${path()}&stepMs=2500`);
    const { d, uri } = await openQr(page);
    await expect(d.getByText('Sign-in Timed Out', { exact: true })).toBeVisible({ timeout: 10_000 });
    await expect(d.getByTestId('social-connecting')).toHaveAttribute('data-phase', 'expired');
    await expect(d.getByText('The QR code expired before it was used.')).toBeVisible();
    await d.getByRole('button', { name: 'Get a new QR code' }).click();
    await expect(d.getByTestId('social-connecting')).toHaveAttribute('data-phase', 'qr', { timeout: 15_000 });
    const fresh = (await d.getByTestId('farcaster-open').getAttribute('href'))!;
    expect(fresh).not.toBe(uri);
    await expect(d.getByRole('img', { name: 'QR code to sign in with Farcaster' })).toHaveAttribute('data-qr-value', fresh);
    await expect(page.getByTestId('host-status')).toHaveText('disconnected');
    await d.getByRole('button', { name: 'Close' }).click();
    await expect(d).toBeHidden();
  });
});
