// Click → dialog visible, as a visitor meets it (#41): a fresh browser context per sample, the page
// idle, then one real mouse click (a CDP input event, not `element.click()`) on the connect button.
// Timed from the click event's own timestamp to (a) the first animation frame whose callbacks find
// the dialog rendered (today's "commit" figure: the frame is about to be drawn) and (b) that frame
// painted: a message posted from the frame's last callback runs after the frame's paint, the
// requestAnimationFrame-after-paint probe. Also counts what the page fetched before the click
// (requests, and JS bytes gzip-compressed as a host would serve them) and the JS heap with the modal
// open after a forced garbage collection. Nothing here loads Playwright's injected script (no locator,
// no waitForFunction) into the page: the heap figure is the page's own.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliSize, gzipSize } from './sizes.mjs';
import { settle } from './benchCold.mjs';

/**
 * `samples` fresh contexts on `url` (served from `dist`); `view` is the dialog's view and `content`
 * a selector in it that must be rendered too. Returns per-sample arrays.
 */
export async function measureVisible(browser, { url, dist, view = 'Connect', content, samples = 20, log = () => {} }) {
  const out = { visible: [], frame: [], requests: [], jsKiB: [], jsBrotliKiB: [], heapMiB: [], files: [] };
  for (let i = 0; i < samples; i++) {
    log(`  visible sample ${i + 1}/${samples}\r`);
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const fetched = [];
    page.on('request', (request) => fetched.push(request.url()));
    await page.goto(url, { waitUntil: 'load' });
    await settle(page);
    const before = [...fetched];
    const js = before.filter((u) => new URL(u).pathname.endsWith('.js') && u.startsWith(new URL(url).origin));
    const jsBytes = js.reduce((sum, u) => sum + gzipSize(readFileSync(join(dist, new URL(u).pathname))), 0);
    const jsBrotli = js.reduce((sum, u) => sum + brotliSize(readFileSync(join(dist, new URL(u).pathname))), 0);
    await page.evaluate(
      ({ view, content }) => {
        const root = () => document.querySelector('[data-portico-modal]')?.shadowRoot;
        const ready = () => {
          const d = root()?.querySelector(`.pt-root:not([data-prepared]) [role="dialog"][data-view="${view}"]`);
          return !!d && !d.querySelector('[data-view-loading]') && (!content || !!d.querySelector(content)) && d.getBoundingClientRect().width > 0 && d.checkVisibility({ visibilityProperty: true });
        };
        window.benchVisible = new Promise((resolve, reject) => {
          document.addEventListener(
            'click',
            (event) => {
              const start = event.timeStamp;
              const onFrame = () => {
                if (!ready()) {
                  if (performance.now() - start > 10_000) reject(new Error(`${view} did not render within 10 s`));
                  else requestAnimationFrame(onFrame);
                  return;
                }
                const frame = performance.now() - start;
                // Runs after this frame's rendering steps (style, layout, paint) are done.
                const channel = new MessageChannel();
                channel.port1.onmessage = () => resolve({ frame, visible: performance.now() - start });
                channel.port2.postMessage(null);
              };
              requestAnimationFrame(onFrame);
            },
            { capture: true, once: true },
          );
        });
      },
      { view, content },
    );
    // The button's box read in the page, not with `page.locator()`: a locator makes Playwright load its
    // injected script (a 330 KB source, kept twice) into this page's V8 heap, and the heap figure below
    // would count 1.2 MiB of the harness (measured: 4.06 vs 2.90 MiB for the minimal host).
    const box = await page.evaluate(() => {
      const { x, y, width, height } = document.querySelector('.portico-connect-button').getBoundingClientRect();
      return { x, y, width, height };
    });
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    const { frame, visible } = await page.evaluate(() => window.benchVisible);
    await settle(page, 150);
    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    if (errors.length) throw new Error(`${url}: ${errors.join('; ')}`);
    out.visible.push(visible);
    out.frame.push(frame);
    out.requests.push(before.length);
    out.jsKiB.push(jsBytes / 1024);
    out.jsBrotliKiB.push(jsBrotli / 1024);
    out.heapMiB.push(usedSize / 1024 / 1024);
    out.files.push(before.map((u) => new URL(u).pathname));
    await context.close();
  }
  log('\n');
  return out;
}
