// The approval view's cold figure of `npm run bench` (#37): a wallet without a confirmation UI
// of its own on a local anvil asks for an unlimited ERC-20 `approve`; Portico's approval view
// reads it (the eip155 decoder, loaded on first use: the token's symbol, decimals and supply
// read by eth_call) and simulates it (eth_simulateV1 with traceTransfers). Every sample is a
// fresh browser context (empty cache and storage): the page loads and connects the wallet,
// settles, then the request is made. Timed in the page, from the request to the first
// animation frame showing (a) the view with the decoded sentence and (b) the simulation's result.

import { settle } from './benchCold.mjs';

/**
 * `samples` fresh contexts of `url` (the bench's approval page); `token` is an ERC-20 on its anvil held
 * by the wallet's account. Returns `{ view: ms[], simulated: ms[], statuses: string[] }`.
 */
export async function measureApproval(browser, { url, token, account, samples = 20, log = () => {} }) {
  const view = [];
  const simulated = [];
  const statuses = [];
  for (let i = 0; i < samples; i++) {
    log(`  approval sample ${i + 1}/${samples}\r`);
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(() => window.portico);
    await page.evaluate(() => window.portico.connect('dev.portico.benchwallet'));
    await page.waitForFunction(() => window.portico.kernel.connection.get('eip155').status === 'connected' && !document.querySelector('[data-portico-modal]')?.shadowRoot?.querySelector('.pt-root:not([data-prepared]) [role="dialog"]'));
    await settle(page);
    const result = await page.evaluate(
      ({ token, account }) =>
        new Promise((resolve, reject) => {
          const root = () => document.querySelector('[data-portico-modal]')?.shadowRoot;
          // approve(0x1111…1111, 2^256 − 1)
          const data = `0x095ea7b3${'1'.repeat(40).padStart(64, '0')}${'f'.repeat(64)}`;
          const start = performance.now();
          let viewMs;
          window.portico
            .adapter('eip155')
            .getProvider()
            .request({ method: 'eth_sendTransaction', params: [{ from: account, to: token, data }] })
            .catch(() => undefined);
          const onFrame = () => {
            const dialog = root()?.querySelector('.pt-root:not([data-prepared]) [role="dialog"][data-view="ApproveTransaction"]');
            if (viewMs === undefined && dialog?.querySelector('[data-testid="approve-action-text"]')) viewMs = performance.now() - start;
            const simulation = dialog?.querySelector('[data-testid="approve-simulation"]');
            const status = simulation?.getAttribute('data-status');
            if (viewMs !== undefined && status && status !== 'pending') return resolve({ viewMs, simulatedMs: performance.now() - start, status, text: dialog.querySelector('[data-testid="approve-action-text"]').textContent });
            if (performance.now() - start > 10_000) return reject(new Error(`the approval view did not show the simulation within 10 s (status ${status ?? 'none'})`));
            requestAnimationFrame(onFrame);
          };
          requestAnimationFrame(onFrame);
        }),
      { token, account },
    );
    if (!/^Allow 0x11…111111 to spend all your PTK$/.test(result.text)) throw new Error(`bench approval page: unexpected sentence "${result.text}"`);
    view.push(result.viewMs);
    simulated.push(result.simulatedMs);
    statuses.push(result.status);
    await page.evaluate(() => [...document.querySelector('[data-portico-modal]').shadowRoot.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Reject')?.click());
    if (errors.length) throw new Error(`bench approval page: ${errors.join('; ')}`);
    await context.close();
  }
  log('\n');
  return { view, simulated, statuses };
}
