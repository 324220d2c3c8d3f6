import { expect, type Browser, type Page } from '@playwright/test';
import { recoverMessageAddress, type Hex } from 'viem';
import { dialog } from './helpers';

// Logging in with the e-mail wallet through the modal, against the local services the e2e
// global setup starts (the wallet frame, the auth service, the SMTP catcher, anvil).

export const path = () => `/?frame=${encodeURIComponent(process.env.PORTICO_FRAME!)}&evm=${encodeURIComponent(process.env.PORTICO_EVM!)}`;
export const mails = async (to: string, mailUrl = process.env.PORTICO_MAIL) => {
  const response = await fetch(`${mailUrl}/messages?to=${encodeURIComponent(to)}`);
  return ((await response.json()) as { messages: Array<{ subject: string; text: string }> }).messages;
};
export const codeFor = async (to: string) => /\b(\d{6})\b/.exec((await mails(to))[0]!.subject)![1]!;
export const typeCode = async (page: Page, code: string) => {
  const boxes = dialog(page).getByRole('group', { name: 'Verification code' }).locator('input');
  await boxes.first().click();
  await page.keyboard.type(code);
};

/** From the host's Connect button: the e-mail method, the address, Continue. */
export async function startEmailLogin(page: Page, email: string) {
  await page.locator('button.portico-connect-button').click();
  const d = dialog(page);
  await d.getByRole('button', { name: 'Email', exact: true }).click();
  await d.getByLabel('Email').fill(email);
  await d.getByRole('button', { name: 'Continue' }).click();
  return d;
}

/** Opens the device link from the caught mail in another page and confirms there (the link alone confirms nothing). */
export async function confirmDeviceLink(browser: Browser, email: string) {
  const mailApp = await browser.newPage();
  await mailApp.goto(/(http:\/\/127\.0\.0\.1:\d+\/device\/confirm\?token=[A-Za-z0-9_-]+)/.exec((await mails(email))[0]!.text)![1]!);
  await mailApp.getByRole('button', { name: 'Confirm this device' }).click();
  await expect(mailApp.getByRole('heading', { name: 'Device confirmed' })).toBeVisible();
  await mailApp.close();
}

/** The login's steps on a new device: the address, the link from the caught mail (opened in another page), the code. */
export async function newDeviceLogin(page: Page, browser: Browser, email: string) {
  const d = await startEmailLogin(page, email);
  await expect(d).toHaveAttribute('data-view', 'EmailVerifyDevice', { timeout: 15_000 });
  await confirmDeviceLink(browser, email);
  await expect(d).toHaveAttribute('data-view', 'EmailVerifyOtp', { timeout: 10_000 });
  await typeCode(page, await codeFor(email));
  return d;
}

/** Logs in through the modal on a new device; returns the account's address. */
export async function loginThroughModal(page: Page, browser: Browser, email: string): Promise<Hex> {
  await newDeviceLogin(page, browser, email);
  await expect(page.getByTestId('host-status')).toHaveText('connected', { timeout: 15_000 });
  return (await page.getByTestId('host-address').textContent()) as Hex;
}

/** The embedded wallet's frame: where it asks the user (its approval screen, shown over the approval view). */
export const walletFrame = (page: Page) => page.frameLocator('iframe[data-portico-wallet-frame]');

/**
 * The approval view shows the wallet frame's own screen (for `method` when given): its Approve,
 * once enabled (the frame has been fully visible a moment), is clicked inside the frame, as a
 * person's click lands there (issue #36: nothing on the host page can approve).
 */
export async function approveInWallet(page: Page, method?: string) {
  await expect(dialog(page)).toHaveAttribute('data-view', 'ApproveTransaction');
  await expect(dialog(page).getByTestId('approve-in-wallet')).toBeVisible();
  const frame = walletFrame(page);
  if (method) await expect(frame.getByTestId('frame-approval')).toHaveAttribute('data-method', method);
  const approve = frame.getByTestId('approve-approve');
  await expect(approve).toBeEnabled();
  await approve.click();
}

/** As `approveInWallet`, with the frame's Reject (once the screen has settled: Approve enabled). */
export async function rejectInWallet(page: Page) {
  await expect(dialog(page)).toHaveAttribute('data-view', 'ApproveTransaction');
  await expect(walletFrame(page).getByTestId('approve-approve')).toBeEnabled();
  await walletFrame(page).getByTestId('approve-reject').click();
}

/** What a test calls on the page: the gated provider of a namespace. */
export type PorticoWindow = { portico: { adapter(ns: string): { getProvider(): { request(a: { method: string; params?: unknown }): Promise<unknown> } } } };

/**
 * With the embedded wallet connected as `address`: `personal_sign` of `message` through the host's
 * provider opens the approval view with the frame's screen, Approve inside the frame signs it (the
 * signature recovers to `address`), and a reload reconnects the same address.
 */
export async function signApprovedThenReload(page: Page, address: Hex, message: string) {
  const signing = page.evaluate(([from, text]) => (window as unknown as PorticoWindow).portico.adapter('eip155').getProvider().request({ method: 'personal_sign', params: [text, from] }), [address, message] as const);
  await expect(walletFrame(page).getByTestId('approve-message')).toHaveText(message);
  await approveInWallet(page, 'personal_sign');
  expect(await recoverMessageAddress({ message, signature: (await signing) as Hex })).toBe(address);
  await page.reload();
  await expect(page.getByTestId('host-address')).toHaveText(address, { timeout: 15_000 });
}
