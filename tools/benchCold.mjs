// The cold figures of `npm run bench`: what a visitor meets. Every sample is a fresh browser
// context (empty cache and storage): the page loads, its idle preloading finishes, then one
// click opens the modal, and each first navigation to a core view follows. A figure is the
// time from the click to the first animation frame with the view rendered (dialog in the DOM,
// no view outlet waiting for a chunk), median and range over the samples; `next task` counts
// the samples where the view was already committed in the task right after the click's.
import { clickToView } from './clickToView.mjs';

/** Median, min and max of a list of numbers. */
export function summarize(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { median, min: sorted[0], max: sorted.at(-1), count: sorted.length };
}

/** Waits until the page has fetched nothing new for `quietMs` and the browser has been idle twice. */
export async function settle(page, quietMs = 400) {
  let last = -1;
  for (let i = 0; i < 100; i++) {
    const count = await page.evaluate(() => performance.getEntriesByType('resource').length);
    if (count === last) break;
    last = count;
    await page.waitForTimeout(quietMs);
  }
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve))));
}

/** A click timed to the first frame showing `view`; `nextTask` whether it was already committed then. */
async function clickAndTime(page, target, view, content) {
  const { ms, nextTask } = await clickToView(page, target, view, content, { frame: true });
  return { ms, nextTask: nextTask.dialog && !nextTask.loading && nextTask.content };
}

/**
 * Runs `samples` fresh contexts through each scenario; returns `{ [transition]: { ms[], nextTask } }`
 * plus the requests each page made before its first click.
 */
export async function measureCold(browser, { hostUrl, walletUrl, wcUrl, socialsUrl, samples = 20, log = () => {} }) {
  const results = {};
  const record = (name, { ms, nextTask }) => {
    results[name] ??= { ms: [], nextTask: 0 };
    results[name].ms.push(ms);
    if (nextTask) results[name].nextTask++;
  };
  const requestsBeforeClick = [];
  const fresh = async (url) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    let requests = 0;
    page.on('request', () => requests++);
    await page.goto(url, { waitUntil: 'load' });
    await settle(page);
    return { context, page, errors, requests: () => requests };
  };
  for (let i = 0; i < samples; i++) {
    log(`  cold sample ${i + 1}/${samples}\r`);
    // Minimal host: the first open.
    {
      const { context, page, errors, requests } = await fresh(hostUrl);
      requestsBeforeClick.push(requests());
      record('first open → Connect', await clickAndTime(page, { host: '.portico-connect-button' }, 'Connect'));
      if (errors.length) throw new Error(`bench host: ${errors.join('; ')}`);
      await context.close();
    }
    // With e-mail and social login as lazy plugins (#16): the first open's Connect view with their buttons.
    if (socialsUrl) {
      const { context, page, errors } = await fresh(socialsUrl);
      record('first open → Connect, with e-mail and socials', await clickAndTime(page, { host: '.portico-connect-button' }, 'Connect', '[role="group"][aria-label="Social"] button'));
      if (errors.length) throw new Error(`bench socials page: ${errors.join('; ')}`);
      await context.close();
    }
    // With a wallet: connect, then the Account view, its tabs and Networks, each a first visit.
    {
      const { context, page, errors } = await fresh(walletUrl);
      await clickAndTime(page, { host: '.portico-connect-button' }, 'Connect', '[data-connector-id="dev.portico.benchwallet"]');
      await page.evaluate(() => document.querySelector('[data-portico-modal]').shadowRoot.querySelector('[data-connector-id="dev.portico.benchwallet"]').click());
      await page.waitForFunction(() => window.portico.kernel.connection.get('eip155').status === 'connected' && !document.querySelector('[data-portico-modal]')?.shadowRoot?.querySelector('.pt-root:not([data-prepared]) [role="dialog"]'));
      await settle(page);
      record('first open → Account', await clickAndTime(page, { host: '.portico-connect-button' }, 'Account', '[data-testid="account-address"]'));
      await settle(page, 150);
      record('Account → NFTs tab', await clickAndTime(page, { text: 'NFTs' }, 'Account', '[role="tab"][aria-selected="true"]'));
      record('Account → Tokens tab', await clickAndTime(page, { text: 'Tokens' }, 'Account'));
      record('Account → Networks', await clickAndTime(page, { modal: '[data-testid="account-network"]' }, 'Networks', '[data-network-id]'));
      await page.evaluate(() => window.portico.close());
      await settle(page, 150);
      record('request needing approval → ApproveTransaction', await clickAndTime(page, { host: '#bench-approval' }, 'ApproveTransaction'));
      if (errors.length) throw new Error(`bench wallet page: ${errors.join('; ')}`);
      await context.close();
    }
    // With WalletConnect and the directory: All Wallets and the QR view, each a first visit.
    {
      const { context, page, errors } = await fresh(wcUrl);
      record('first open → Connect, with WalletConnect', await clickAndTime(page, { host: '.portico-connect-button' }, 'Connect', '[data-connector-id]'));
      await settle(page, 150);
      record('Connect → All Wallets', await clickAndTime(page, { text: 'All Wallets' }, 'AllWallets'));
      await page.evaluate(() => document.querySelector('[data-portico-modal]').shadowRoot.querySelector('[aria-label="Back"]').click());
      await page.waitForFunction(() => document.querySelector('[data-portico-modal]').shadowRoot.querySelector('.pt-root:not([data-prepared]) [role="dialog"][data-view="Connect"]'));
      record('Connect → WalletConnect QR view', await clickAndTime(page, { modal: '[data-connector-id="walletConnect"]' }, 'ConnectingWalletConnect'));
      if (errors.length) throw new Error(`bench WalletConnect page: ${errors.join('; ')}`);
      await context.close();
    }
  }
  log('\n');
  return { results, requestsBeforeClick };
}
