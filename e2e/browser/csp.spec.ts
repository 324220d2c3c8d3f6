import { expect, test, type Page } from '@playwright/test';
import { connectButton, dialog } from './helpers';

const NONCE = 'cG9ydGljby10ZXN0LW5vbmNl';

/** Serves every document with `policy` as its Content-Security-Policy header. */
async function withPolicy(page: Page, policy: string): Promise<string[]> {
  await page.route('**/*', async (route) => {
    const response = await route.fetch();
    const headers = { ...response.headers() };
    if (route.request().resourceType() === 'document') headers['content-security-policy'] = policy;
    await route.fulfill({ response, headers });
  });
  await page.addInitScript(() => {
    (window as unknown as { __violations: string[] }).__violations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { __violations: string[] }).__violations.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  return [];
}

// A request still being routed when a test ends (an idle-loaded chunk, a font) must not fail the
// next test: the routes are removed, and what is in flight ignored, before each test ends.
test.afterEach(async ({ page }) => {
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

const violations = (page: Page) => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
const cardWidth = (page: Page) => dialog(page).evaluate((el) => el.getBoundingClientRect().width);

/** Makes the browser look like one without constructable stylesheets (older Safari). */
const withoutAdoptedStyleSheets = (page: Page) =>
  page.addInitScript(() => {
    delete (Document.prototype as unknown as Record<string, unknown>).adoptedStyleSheets;
  });

test.describe('under a strict Content-Security-Policy', () => {
  const strict = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: https:; connect-src 'self'";

  test('the modal is fully styled with no inline style allowed and no violation', async ({ page }) => {
    await withPolicy(page, strict);
    await page.goto('/');
    await connectButton(page).click();
    // The modal itself, not the loading dialog a click before its chunk arrives shows.
    await expect(dialog(page)).toHaveAttribute('data-view', 'Connect');
    await expect(dialog(page)).toBeVisible();
    expect(await cardWidth(page)).toBe(360);
    expect(await violations(page)).toEqual([]);
  });

  test('without constructable stylesheets, the host’s nonce lets the modal’s <style> through', async ({ page }) => {
    await withoutAdoptedStyleSheets(page);
    await withPolicy(page, `default-src 'self'; script-src 'self'; style-src 'self' 'nonce-${NONCE}'; img-src 'self' data: https:`);
    await page.goto(`/?cspNonce=${NONCE}`);
    await connectButton(page).click();
    // The modal itself, not the loading dialog a click before its chunk arrives shows.
    await expect(dialog(page)).toHaveAttribute('data-view', 'Connect');
    await expect(dialog(page)).toBeVisible();
    expect(await cardWidth(page)).toBe(360);
    expect(await violations(page)).toEqual([]);
  });

  test('without constructable stylesheets and with a nonce the policy does not allow, nothing of the modal shows before the click (no dialog is prepared unstyled)', async ({ page }) => {
    await withoutAdoptedStyleSheets(page);
    await withPolicy(page, `default-src 'self'; script-src 'self'; style-src 'self' 'nonce-${NONCE}'; img-src 'self' data: https:`);
    await page.goto('/?cspNonce=stale-nonce');
    // The modal's chunk has loaded and its host is on the page, its <style> blocked (no sheet).
    await expect(page.locator('[data-portico-modal]')).toHaveCount(1);
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve))));
    expect(await page.evaluate(() => document.querySelector('[data-portico-modal]')!.shadowRoot!.querySelector('style')?.sheet ?? null)).toBeNull();
    // Still nothing rendered in it at the next idle moments: a prepared dialog would show as a plain list at the page's end.
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve))));
    expect(await page.evaluate(() => document.querySelector('[data-portico-modal]')!.shadowRoot!.querySelectorAll('.pt-root').length)).toBe(0);
    await connectButton(page).click();
    await expect(dialog(page)).toHaveAttribute('data-view', 'Connect');
  });

  test('without constructable stylesheets and without the nonce, no inline <style> is injected at all (so the test above can fail)', async ({ page }) => {
    await withoutAdoptedStyleSheets(page);
    await withPolicy(page, `default-src 'self'; script-src 'self'; style-src 'self' 'nonce-${NONCE}'; img-src 'self' data: https:`);
    await page.goto('/');
    await connectButton(page).click();
    await expect(dialog(page)).toHaveAttribute('data-view', 'Connect');
    const styles = await page.evaluate(() => document.querySelector('[data-portico-modal]')!.shadowRoot!.querySelectorAll('style').length);
    expect(styles).toBe(0);
    expect(await cardWidth(page)).not.toBe(360);
    expect(await violations(page)).toEqual([]);
  });
});
