#!/usr/bin/env node
// `npm run bench`: builds the minimal host (React + Portico + chain-eip155 + a connect
// button), prints its initial and lazy JS (gzip 9), the JS loaded before the first click
// (brotli, idle-loaded chunks included), click-to-dialog-visible in Chromium, and, with a
// real EIP-6963 test wallet on a local anvil: click on the wallet → address shown, and
// reconnect after a reload → connected (medians of 20). Serves the builds on 127.0.0.1
// and stops the servers and anvil at the end.
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { ensureChromium, ensureInstalled } from './workspace.mjs';

ensureInstalled();
const { buildHost, buildPluginVariant, measureSizes, HOST_DIR, brotliSize, kib, INITIAL_JS_BUDGET_KIB } = await import('./sizes.mjs');
const { chromium } = await import('playwright-core');

buildHost({ withWalletPage: true });
const sizes = measureSizes();
const dist = join(HOST_DIR, 'dist');
const f = (n) => n.toFixed(1);
console.log('\nMinimal host: React + Portico + chain-eip155 + <ConnectButton>');
console.log(`  initial JS (entry + static imports): ${f(kib(sizes.initial.gzip))} KiB gzip, ${f(kib(sizes.initial.brotli))} KiB brotli, ${sizes.initial.files} file(s)  [target ≤ 100, budget ≤ ${INITIAL_JS_BUDGET_KIB}]`);
console.log(`  lazy JS (all other chunks):           ${f(kib(sizes.lazy.gzip))} KiB gzip in ${sizes.lazy.files} chunk(s)`);
// What each other chain plugin costs a host that enables it (an eip155-only host pays nothing).
for (const plugin of ['solana', 'bitcoin']) {
  const variant = measureSizes(buildPluginVariant(plugin));
  const name = plugin === 'solana' ? 'chain-solana' : 'chain-bip122';
  console.log(
    `  + ${name}: initial ${f(kib(variant.initial.gzip))} KiB gzip (+${f(kib(variant.initial.gzip - sizes.initial.gzip))}), lazy ${f(kib(variant.lazy.gzip))} KiB (+${f(kib(variant.lazy.gzip - sizes.lazy.gzip))}) in ${variant.lazy.files} chunk(s)`,
  );
}

const types = { '.js': 'text/javascript', '.html': 'text/html', '.css': 'text/css', '.json': 'application/json' };
/** A static server for one build folder on 127.0.0.1. */
async function serve(root) {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    const file = join(root, path === '/' ? 'index.html' : path);
    if (!file.startsWith(root) || !existsSync(file)) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${server.address().port}/` };
}
const host = await serve(dist);
const walletHost = await serve(join(HOST_DIR, 'dist-wallet'));
const url = host.url;
const { register } = await import('tsx/esm/api');
register();
const { startAnvil } = await import('@portico/chain-eip155/testing/node');
const anvil = await startAnvil({ chainId: 31337 });
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[9] + sorted[10]) / 2;
};

const browser = await chromium.launch({
  executablePath: ensureChromium(),
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
});
try {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('response', (response) => response.status() >= 400 && !response.url().endsWith('/favicon.ico') && errors.push(`${response.status()} ${response.url()}`));
  const loaded = new Set();
  page.on('requestfinished', (request) => {
    if (request.url().endsWith('.js')) loaded.add(new URL(request.url()).pathname);
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(2500); // idle preloading finishes
  if (errors.length) throw new Error(`the bench host failed in the browser: ${errors.join('; ')}`);
  const beforeClick = [...loaded].reduce((sum, path) => sum + brotliSize(readFileSync(join(dist, path))), 0);
  console.log(`  JS loaded before the first click:     ${f(kib(beforeClick))} KiB brotli (${loaded.size} file(s), idle-loaded chunks included)  [target ≤ 120]`);

  const samples = [];
  for (let i = 0; i < 20; i++) {
    const ms = await page.evaluate(
      () =>
        new Promise((resolve) => {
          const button = document.querySelector('.portico-connect-button');
          const start = performance.now();
          button.click();
          const check = () => {
            const host = document.querySelector('[data-portico-modal]');
            const dialog = host?.shadowRoot?.querySelector('[role="dialog"]');
            if (dialog && dialog.getBoundingClientRect().width > 0) {
              requestAnimationFrame(() => resolve(performance.now() - start));
            } else requestAnimationFrame(check);
          };
          check();
        }),
    );
    samples.push(ms);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('[data-portico-modal]')?.shadowRoot?.querySelector('[role="dialog"]'));
  }
  samples.sort((a, b) => a - b);
  console.log(`  click → dialog visible (next frame):  median ${f(median(samples))} ms, min ${f(samples[0])}, max ${f(samples[19])} over 20  [target < 50]`);

  // With a wallet: the bench's wallet page announces a real test wallet on anvil.
  const wallet = await browser.newPage();
  wallet.on('pageerror', (error) => errors.push(error.message));
  await wallet.goto(`${walletHost.url}wallet.html?evm=${encodeURIComponent(anvil.url)}`, { waitUntil: 'networkidle' });
  await wallet.evaluate(() => localStorage.clear());
  await wallet.reload({ waitUntil: 'networkidle' });
  await wallet.waitForTimeout(2500);
  const clicks = [];
  for (let i = 0; i < 20; i++) {
    await wallet.click('.portico-connect-button');
    await wallet.waitForFunction(() => document.querySelector('[data-portico-modal]')?.shadowRoot?.querySelector('[data-connector-id="dev.portico.benchwallet"]'));
    clicks.push(
      await wallet.evaluate(
        () =>
          new Promise((resolve) => {
            const item = document.querySelector('[data-portico-modal]').shadowRoot.querySelector('[data-connector-id="dev.portico.benchwallet"]');
            const start = performance.now();
            item.click();
            const check = () => (/…/.test(document.querySelector('.portico-connect-button').textContent) ? requestAnimationFrame(() => resolve(performance.now() - start)) : requestAnimationFrame(check));
            check();
          }),
      ),
    );
    if (i < 19) {
      await wallet.evaluate(() => window.portico.disconnect());
      await wallet.waitForFunction(() => document.querySelector('.portico-connect-button').textContent === 'Connect Wallet');
    }
  }
  console.log(`  click on a wallet → address shown:    median ${f(median(clicks))} ms, min ${f(Math.min(...clicks))}, max ${f(Math.max(...clicks))} over 20  [target < 30]`);

  const reconnects = [];
  const sinceNavigation = [];
  for (let i = 0; i < 20; i++) {
    await wallet.reload();
    const [start, connected] = await wallet.waitForFunction(() => window.benchConnectedAt !== undefined && [window.benchScriptStart, window.benchConnectedAt]).then((h) => h.jsonValue());
    reconnects.push(connected - start);
    sinceNavigation.push(connected);
  }
  console.log(`  reload → connected again (silently):  median ${f(median(reconnects))} ms after the page's script starts (${f(median(sinceNavigation))} ms after navigation start) over 20  [target < 100]`);
  if (errors.length) throw new Error(`the bench pages failed: ${errors.join('; ')}`);
} finally {
  await browser.close();
  host.server.close();
  walletHost.server.close();
  await anvil.stop();
}
