// The embedded wallet's figures for `npm run bench` (#15): the wallet frame's ready time in
// Chromium (a fresh context per sample: iframe inserted → READY, and → the first answer), and the
// auth service under load on this machine (passcode requests and logins per second, latencies),
// with PGlite in a temporary folder and the SMTP catcher receiving every mail.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { summarize } from './benchCold.mjs';
import { loadAuthService, percentile } from './loadAuth.mjs';
import { startEmbeddedWallet } from './services.mjs';

const PROJECT = 'bench';

/** A blank host page on 127.0.0.1 (the frame's allowed ancestor). */
async function startHostPage() {
  const server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>host</title><body></body>'));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

export async function benchEmbeddedWallet({ browser, samples = 20, logins = 200, concurrency = 8 }) {
  const host = await startHostPage();
  const dataDir = mkdtempSync(join(tmpdir(), 'portico-bench-auth-'));
  // The load is one client's and one project's: the mail limits (per client and per project a minute) would stop it.
  const wallet = await startEmbeddedWallet({ projects: { [PROJECT]: [host.url] }, dataDir, cooldownMs: 0, mailPerClientPerMinute: 100_000, authEnv: { AUTH_MAIL_PER_PROJECT_PER_MINUTE: '100000' } });
  try {
    // Frame ready: a fresh context per sample (nothing cached), the iframe inserted by the host page.
    const ready = [];
    const firstAnswer = [];
    for (let i = 0; i < samples; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(host.url);
      const times = await page.evaluate(
        (frameUrl) =>
          new Promise((resolve, reject) => {
            const origin = new URL(frameUrl).origin;
            const iframe = document.createElement('iframe');
            iframe.src = `${frameUrl}/?projectId=bench&chainId=eip155:1&version=bench&enableLogger=false`;
            const start = performance.now();
            let readyAt = 0;
            window.addEventListener('message', (event) => {
              if (event.source !== iframe.contentWindow || event.origin !== origin) return;
              if (event.data?.kind === 'ready') {
                readyAt = performance.now() - start;
                iframe.contentWindow.postMessage({ protocol: 'portico-frame/1', kind: 'request', id: 'bench-request-1', event: 'IS_CONNECTED', payload: {} }, origin);
              } else if (event.data?.id === 'bench-request-1') resolve({ ready: readyAt, answer: performance.now() - start });
            });
            setTimeout(() => reject(new Error('the frame did not answer within 10 s')), 10_000);
            document.body.append(iframe);
          }),
        wallet.frame.url,
      );
      ready.push(times.ready);
      firstAnswer.push(times.answer);
      await context.close();
    }
    const r = summarize(ready);
    const a = summarize(firstAnswer);
    console.log(`  wallet frame, cold (fresh context): iframe inserted → READY median ${r.median.toFixed(1)} ms (min ${r.min.toFixed(1)}, max ${r.max.toFixed(1)}); → first answer (IS_CONNECTED) median ${a.median.toFixed(1)} ms; the host then waits the spec's 500 ms  [${samples} samples]`);

    const { requests, verified } = await loadAuthService({ authUrl: wallet.auth.url, mailUrl: wallet.mail.url, hostOrigin: host.url, logins, concurrency });
    const line = (name, run) =>
      `  auth service (PGlite, 2 cores, ${concurrency} concurrent): ${name} ${(logins / run.seconds).toFixed(0)}/s, median ${percentile(run.latencies, 50).toFixed(1)} ms, p99 ${percentile(run.latencies, 99).toFixed(1)} ms  [${logins} requests]`;
    console.log(line('passcode requests (the code mailed through SMTP)', requests));
    console.log(line('logins (the code checked, a session and its JWT made)', verified));
  } finally {
    await wallet.stop();
    await host.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
