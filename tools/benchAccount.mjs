// The Account view with a large account (apps/bench-host/src/withAccount.tsx): the Tokens tab
// with 200 tokens and the Activity tab with 1,000 transactions, timed from the moment the stand-in
// adapter hands the data over to the first frame with the rows painted (all 200 tokens; the
// Activity list is virtualized, so its visible rows, with all 1,000 in the list); then a scroll
// through the Activity list, one step per frame, counting frames longer than 25 ms (dropped).

const inModal = (selector) => `document.querySelector('[data-portico-modal]')?.shadowRoot?.querySelector(${JSON.stringify(selector)})`;

/** Times data → painted rows for `kind` ('tokens' | 'activity'), waiting for `rows` rows of `selector`. */
function paintAfterRelease(page, kind, selector, rows) {
  return page.evaluate(
    ([k, sel, count]) =>
      new Promise((resolve, reject) => {
        const root = document.querySelector('[data-portico-modal]').shadowRoot;
        window.benchRelease(k);
        const deadline = performance.now() + 10_000;
        const check = () => {
          if (root.querySelectorAll(sel).length >= count) requestAnimationFrame(() => resolve(performance.now() - window.benchDataAt[k]));
          else if (performance.now() > deadline) reject(new Error(`${k}: ${root.querySelectorAll(sel).length} of ${count} rows after 10 s`));
          else requestAnimationFrame(check);
        };
        check();
      }),
    [kind, selector, rows],
  );
}

/** Waits until the stand-in adapter holds a read of `kind` (the view asked for it). */
const asked = (page, kind) => page.waitForFunction((k) => window.benchAsked?.has(k), kind);

/**
 * Opens the Account view `samples` times in one page; each time the token cache is emptied first,
 * so the Tokens tab reads again, and the Activity tab is opened afresh. Returns the samples (ms)
 * and the scroll's frame times.
 */
export async function measureAccountPaint(browser, url, samples = 10) {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForFunction(() => /0x/.test(document.querySelector('.portico-account-button')?.textContent ?? ''));
  const tokens = [];
  const activity = [];
  for (let i = 0; i < samples; i++) {
    await page.evaluate(() => window.portico.refreshBalances());
    await page.click('.portico-account-button');
    await page.waitForFunction(`!!${inModal('.pt-root:not([data-prepared]) [role="dialog"]')}`);
    await asked(page, 'tokens');
    tokens.push(await paintAfterRelease(page, 'tokens', '[data-testid="token-list"] li', 200));
    await page.locator('[data-portico-modal] >> role=tab[name="Activity"]').click();
    await asked(page, 'activity');
    // Virtualized from 100 transactions: the list holds all 1,000, the visible rows are painted.
    activity.push(await paintAfterRelease(page, 'activity', '[data-testid="activity"][data-count="1000"] [data-testid="activity-row"]', 8));
    if (i < samples - 1) {
      await page.keyboard.press('Escape');
      await page.waitForFunction(`!${inModal('.pt-root:not([data-prepared]) [role="dialog"]')}`);
    }
  }
  // Scroll through the 1,000 rows: 120 frames, 60 px each.
  const frames = await page.evaluate(
    () =>
      new Promise((resolve) => {
        const root = document.querySelector('[data-portico-modal]').shadowRoot;
        const body = root.querySelector('[data-testid="activity-scroll"]') ?? root.querySelector('.pt-body');
        const times = [];
        let last = performance.now();
        const step = (now) => {
          times.push(now - last);
          last = now;
          body.scrollTop += 60;
          if (times.length < 120) requestAnimationFrame(step);
          else resolve(times.slice(1));
        };
        requestAnimationFrame(step);
      }),
  );
  await page.close();
  if (errors.length) throw new Error(`the account bench page failed: ${errors.join('; ')}`);
  return { tokens, activity, frames };
}
