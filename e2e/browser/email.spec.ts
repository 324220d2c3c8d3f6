import { expect, test, type Page } from '@playwright/test';
import { recoverMessageAddress, type Hex } from 'viem';
import { dialog, expectNoSeriousA11yViolations, freshPage, openAccount } from './helpers';

// E-mail login through the modal: the AUTH connector, its views and the wallet frame on its own
// origin, the auth service (PGlite) and the SMTP catcher, all local; anvil for the chain.

const path = () => `/?frame=${encodeURIComponent(process.env.PORTICO_FRAME!)}&evm=${encodeURIComponent(process.env.PORTICO_EVM!)}`;
const mails = async (to: string) => {
  const response = await fetch(`${process.env.PORTICO_MAIL}/messages?to=${encodeURIComponent(to)}`);
  return ((await response.json()) as { messages: Array<{ subject: string; text: string }> }).messages;
};
const codeFor = async (to: string) => /\b(\d{6})\b/.exec((await mails(to))[0]!.subject)![1]!;
const typeCode = async (page: Page, code: string) => {
  const boxes = dialog(page).getByRole('group', { name: 'Verification code' }).locator('input');
  await boxes.first().click();
  await page.keyboard.type(code);
};

test.describe('e-mail login (AUTH connector, wallet frame, auth service, SMTP catcher)', () => {
  test('a new device: the e-mail first in Connect, the device link, a wrong then the right code; connected; signing asks for approval; a reload reconnects; disconnect clears the login', async ({ page, browser }) => {
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
    await mailApp.goto(link);
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

    // The frame has no UI: signing opens ApproveTransaction first.
    await page.getByRole('button', { name: 'Sign message (EVM)' }).click();
    await expect(d).toHaveAttribute('data-view', 'ApproveTransaction');
    await expect(d.getByTestId('approve-message')).toHaveText('Hello Portico');
    await d.getByRole('button', { name: 'Approve' }).click();
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

  test('asking again within the cooldown says how long to wait; the playground shows the caught mail', async ({ page }) => {
    const email = `cooldown-${Date.now()}@example.com`;
    await freshPage(page, `${path()}&mail=${encodeURIComponent(process.env.PORTICO_MAIL!)}`);
    await page.locator('button.portico-connect-button').click();
    const d = dialog(page);
    await d.getByRole('button', { name: 'Email', exact: true }).click();
    await d.getByLabel('Email').fill(email);
    await d.getByRole('button', { name: 'Continue' }).click();
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
    await page.locator('button.portico-connect-button').click();
    const d = dialog(page);
    await d.getByRole('button', { name: 'Email', exact: true }).click();
    await d.getByLabel('Email').fill('someone@example.com');
    await d.getByRole('button', { name: 'Continue' }).click();
    await expect(d.getByText('Invalid Project ID', { exact: true })).toBeVisible({ timeout: 10_000 });
  });

  test('the frame failing to load: "Unable to load email login dependency" and the Invalid App Configuration alert', async ({ page }) => {
    // A frame address that serves nothing: no READY.
    await freshPage(page, `/?frame=${encodeURIComponent('http://127.0.0.1:9/')}&evm=${encodeURIComponent(process.env.PORTICO_EVM!)}&frameLoadMs=1500`);
    await page.locator('button.portico-connect-button').click();
    const d = dialog(page);
    await d.getByRole('button', { name: 'Email', exact: true }).click();
    await d.getByLabel('Email').fill('nobody@example.com');
    await d.getByRole('button', { name: 'Continue' }).click();
    await expect(d.getByText('Unable to load email login dependency')).toBeVisible({ timeout: 10_000 });
    await expect(d.getByText('Invalid App Configuration')).toBeVisible();
  });
});
