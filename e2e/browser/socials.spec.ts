import { expect, test, type Page } from '@playwright/test';
import { recoverMessageAddress, type Hex } from 'viem';
import { approveInWallet, signApprovedThenReload } from './emailLogin';
import { dialog, expectNoSeriousA11yViolations, freshPage } from './helpers';

// Social login through the modal: the provider's sign-in in a popup (the local stand-ins,
// apps/oidc-provider: OpenID for Google and Apple, OAuth 2.0 with each one's user API for X,
// Discord, GitHub and Facebook), the auth service checking the answer, the wallet frame making
// or opening the key, and the same AUTH connector as the e-mail login.

const path = () => `/?frame=${encodeURIComponent(process.env.PORTICO_FRAME!)}&evm=${encodeURIComponent(process.env.PORTICO_EVM!)}`;
type PorticoWindow = { portico: { adapter(ns: string): { getProvider(): { request(a: { method: string; params?: unknown }): Promise<unknown> } } } };

/** Opens Connect and clicks a provider (behind "More" when it is there); the dialog and the popup it opened. */
async function clickProvider(page: Page, provider: 'Google' | 'Apple' | 'X' | 'Discord' | 'GitHub' | 'Facebook') {
  await page.locator('button.portico-connect-button').click();
  const d = dialog(page);
  const button = d.getByRole('button', { name: `Continue with ${provider}` });
  // The first four are on the view; the rest behind "More" (as AppKit shows them).
  if (!(await button.isVisible())) await d.getByRole('button', { name: /more sign-in options$/ }).click();
  const opened = page.waitForEvent('popup');
  await button.click();
  return { d, popup: await opened };
}

/** Clicks a provider on Connect; signs in on the stand-in's pages in the popup (login, then consent) unless `close`. */
async function socialLogin(page: Page, provider: 'Google' | 'Apple' | 'X' | 'Discord' | 'GitHub' | 'Facebook', email: string, options: { close?: boolean } = {}) {
  const { d, popup } = await clickProvider(page, provider);
  await expect(d).toHaveAttribute('data-view', 'SocialConnecting');
  await popup.waitForURL(/\/interaction\//, { timeout: 15_000 });
  if (options.close) {
    await popup.close();
    return { d, popup };
  }
  await popup.locator('input[name="login"]').fill(email);
  await popup.locator('input[name="password"]').fill('any password');
  await popup.getByRole('button', { name: 'Sign-in' }).click();
  await popup.getByRole('button', { name: 'Continue' }).click();
  return { d, popup };
}

test.describe('social login (the OpenID stand-ins, a popup, the wallet frame)', () => {
  test('Google: the popup signs in, the modal connects with an address and the popup closes; a message signs on the wallet’s approval screen; a reload reconnects', async ({ page }) => {
    await freshPage(page, path());
    const { d, popup } = await socialLogin(page, 'Google', `social-${Date.now()}@example.com`);
    await expect(page.getByTestId('host-status')).toHaveText('connected', { timeout: 20_000 });
    await expect(d).toBeHidden();
    await expect.poll(() => popup.isClosed()).toBe(true);
    const address = (await page.getByTestId('host-address').textContent()) as Hex;
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    const signing = page.evaluate(([from]) => (window as unknown as PorticoWindow).portico.adapter('eip155').getProvider().request({ method: 'personal_sign', params: ['Hello from a Google login', from] }), [address] as const);
    await approveInWallet(page, 'personal_sign');
    expect(await recoverMessageAddress({ message: 'Hello from a Google login', signature: (await signing) as Hex })).toBe(address);
    await page.reload();
    await expect(page.getByTestId('host-address')).toHaveText(address, { timeout: 15_000 });
  });

  for (const provider of ['X', 'Discord', 'GitHub', 'Facebook'] as const) {
    test(`${provider} (OAuth 2.0, its user API): connected with the same wallet as a Google login of the verified address; a message signs through the approval view; a reload reconnects`, async ({ page }) => {
      await freshPage(page, path());
      const email = `${provider.toLowerCase()}-${Date.now()}@example.com`;
      await socialLogin(page, provider, email);
      await expect(page.getByTestId('host-status')).toHaveText('connected', { timeout: 20_000 });
      const address = (await page.getByTestId('host-address').textContent()) as Hex;
      await signApprovedThenReload(page, address, `Hello from a ${provider} login`);
      // The Account view says who is signed in: the account's name at the provider and the verified address (after the reload too).
      await page.locator('button.portico-account-button').click();
      const name = email.split('@')[0]!.replace(/[._+-]+/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
      await expect(dialog(page).getByTestId('account-user')).toHaveText(`Signed in as ${name} (${email})`);
      await dialog(page).getByRole('button', { name: 'Disconnect' }).click();
      await socialLogin(page, 'Google', email);
      await expect(page.getByTestId('host-address')).toHaveText(address, { timeout: 20_000 });
    });
  }

  test('attack: a sign-in started here and finished by a victim in another browser gives this page nothing; its own sign-in is its own account', async ({ page, browser }) => {
    await freshPage(page, path());
    // The attacker's page starts a Google sign-in; the provider address its popup is sent to is what it would send a victim.
    const asked = page.context().waitForEvent('request', (r) => r.url().includes('code_challenge='));
    const { d, popup } = await clickProvider(page, 'Google');
    const authorizationUrl = (await asked).url();
    await popup.waitForURL(/\/interaction\//, { timeout: 15_000 });
    // The victim, in a browser of their own, signs in at that address.
    const victimBrowser = await browser.newContext();
    try {
      const victim = await victimBrowser.newPage();
      await victim.goto(authorizationUrl);
      const victimEmail = `victim-${Date.now()}@example.com`;
      await victim.locator('input[name="login"]').fill(victimEmail);
      await victim.locator('input[name="password"]').fill('any password');
      await victim.getByRole('button', { name: 'Sign-in' }).click();
      await victim.getByRole('button', { name: 'Continue' }).click();
      // The callback page in the victim's browser has no window of the app to hand the answer to.
      await expect(victim.getByText('Go back to the app where you started signing in with Google.', { exact: false })).toBeVisible({ timeout: 15_000 });
      await expect(d).toHaveAttribute('data-view', 'SocialConnecting');
      // The attacker's own popup finishes its own sign-in: its page connects as the attacker, never as the victim.
      const attackerEmail = `attacker-${Date.now()}@example.com`;
      await popup.locator('input[name="login"]').fill(attackerEmail);
      await popup.locator('input[name="password"]').fill('any password');
      await popup.getByRole('button', { name: 'Sign-in' }).click();
      await popup.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByTestId('host-status')).toHaveText('connected', { timeout: 20_000 });
      await page.locator('button.portico-account-button').click();
      await expect(dialog(page).getByTestId('account-user')).toContainText(attackerEmail);
      await expect(dialog(page).getByTestId('account-user')).not.toContainText(victimEmail);
    } finally {
      await victimBrowser.close();
    }
  });

  test('an account without a verified e-mail address (GitHub): the service says why, the view shows it and leads back to Connect', async ({ page }) => {
    await freshPage(page, path());
    const { d } = await socialLogin(page, 'GitHub', 'unverified@example.com');
    await expect(d.getByText('Your GitHub account has no verified e-mail address, which the wallet is tied to', { exact: false })).toBeVisible({ timeout: 15_000 });
    await expectNoSeriousA11yViolations(page, 'SocialConnecting, refused');
    await d.getByRole('button', { name: 'Back to the sign-in options' }).click();
    await expect(d).toHaveAttribute('data-view', 'Connect');
    await expect(page.getByTestId('host-status')).toHaveText('disconnected');
  });

  test('the sign-in cannot start (the auth service answers 502): "A problem occurred while trying initialize authentication", the popup closes, nothing is connected, Back leads to Connect', async ({ page }) => {
    await freshPage(page, path());
    // The frame's request for the provider's URL fails at the service.
    await page.route('**/v1/social/start', (route) => route.fulfill({ status: 502, contentType: 'application/json', body: JSON.stringify({ error: 'The google sign-in service cannot be reached' }) }));
    const { d, popup } = await clickProvider(page, 'Google');
    await expect(d.getByText('A problem occurred while trying initialize authentication')).toBeVisible({ timeout: 15_000 });
    await expect(d.getByTestId('social-init-reason')).toContainText('cannot be reached');
    await expect.poll(() => popup.isClosed()).toBe(true);
    await expect(page.getByTestId('host-status')).toHaveText('disconnected');
    await expectNoSeriousA11yViolations(page, 'SocialConnecting, init failed');
    await d.getByRole('button', { name: 'Back to the sign-in options' }).click();
    await expect(d).toHaveAttribute('data-view', 'Connect');
  });

  test('the frame does not answer within the step timeout (shortened here from the spec\'s 30 s): the socials-timeout alert, the init failure, back to Connect', async ({ page }) => {
    await freshPage(page, `${path()}&stepMs=1500`);
    // The service never answers the frame's request for the provider's URL.
    await page.route('**/v1/social/start', () => undefined);
    const { d, popup } = await clickProvider(page, 'Google');
    await expect(d.getByText('Sign-in Timed Out', { exact: true })).toBeVisible({ timeout: 10_000 });
    await expect(d.getByText('A problem occurred while trying initialize authentication')).toBeVisible();
    await expect.poll(() => popup.isClosed()).toBe(true);
    await d.getByRole('button', { name: 'Back to the sign-in options' }).click();
    await expect(d).toHaveAttribute('data-view', 'Connect');
  });

  test('Apple (its answer posted back, the client secret an ES256 JWT from the key, no userinfo: the name from the first post) and Google with the same address reach the same wallet', async ({ page }) => {
    await freshPage(page, path());
    const stamp = Date.now();
    const email = `both-${stamp}@example.com`;
    // The stand-in's token endpoint refuses anything but a client secret signed with the registered key,
    // and serves no userinfo (as Apple): the account view's name can only come from the posted `user` field.
    const discovery = (await (await page.request.get(`${process.env.PORTICO_OIDC}/apple/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
    expect(discovery.userinfo_endpoint).toBeUndefined();
    await socialLogin(page, 'Apple', email);
    await expect(page.getByTestId('host-status')).toHaveText('connected', { timeout: 20_000 });
    const address = await page.getByTestId('host-address').textContent();
    await page.locator('button.portico-account-button').click();
    await expect(dialog(page).getByText(`Signed in as Both ${stamp} (${email})`)).toBeVisible();
    await dialog(page).getByRole('button', { name: 'Disconnect' }).click();
    await expect(page.getByTestId('host-status')).toHaveText('disconnected');
    await socialLogin(page, 'Google', email);
    await expect(page.getByTestId('host-address')).toHaveText(address!, { timeout: 20_000 });
  });

  test('the popup closed before signing in: the view says so and leads back to Connect', async ({ page }) => {
    await freshPage(page, path());
    const { d } = await socialLogin(page, 'Google', 'nobody@example.com', { close: true });
    await expect(d.getByText('The Google window was closed before you signed in.')).toBeVisible({ timeout: 10_000 });
    await expectNoSeriousA11yViolations(page, 'SocialConnecting, popup closed');
    await d.getByRole('button', { name: 'Back to the sign-in options' }).click();
    await expect(d).toHaveAttribute('data-view', 'Connect');
    await expect(page.getByTestId('host-status')).toHaveText('disconnected');
  });

  test('a blocked popup: the view says so, and its button (a new click) opens the window and signs in', async ({ page }) => {
    await freshPage(page, path());
    // A popup blocker: window.open gives nothing.
    await page.evaluate(() => {
      const w = window as unknown as { open: typeof window.open; realOpen?: typeof window.open };
      w.realOpen = w.open;
      w.open = () => null;
    });
    await page.locator('button.portico-connect-button').click();
    const d = dialog(page);
    await d.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(d.getByText('The browser blocked the Google window.')).toBeVisible({ timeout: 10_000 });
    await page.evaluate(() => {
      const w = window as unknown as { open: typeof window.open; realOpen: typeof window.open };
      w.open = w.realOpen;
    });
    const opened = page.waitForEvent('popup');
    await d.getByRole('button', { name: 'Open the Google window' }).click();
    const popup = await opened;
    await popup.locator('input[name="login"]').fill(`blocked-${Date.now()}@example.com`);
    await popup.locator('input[name="password"]').fill('any password');
    await popup.getByRole('button', { name: 'Sign-in' }).click();
    await popup.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByTestId('host-status')).toHaveText('connected', { timeout: 20_000 });
  });
});

