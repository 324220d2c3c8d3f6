import { expect, test, type Page } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dialog, freshPage } from './helpers';

interface SinkEvent {
  type: string;
  properties: Record<string, string | number | boolean>;
}

/**
 * A local analytics sink on 127.0.0.1 for one test: answers CORS for the playground and records
 * the raw body and content type of every POST (sendBeacon sends a string as text/plain).
 */
async function startSink() {
  const posts: Array<{ contentType: string | undefined; body: string }> = [];
  const server: Server = createServer((req, res) => {
    res.setHeader('access-control-allow-origin', req.headers.origin ?? '*');
    res.setHeader('access-control-allow-credentials', 'true');
    res.setHeader('access-control-allow-headers', 'content-type');
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (req.method === 'POST') posts.push({ contentType: req.headers['content-type'], body });
      res.statusCode = req.method === 'OPTIONS' ? 204 : 200;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/events`,
    posts,
    events: () => posts.flatMap((p) => (JSON.parse(p.body) as { events: SinkEvent[] }).events),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const evmPath = (extra = '') => `/?evm=${encodeURIComponent(process.env.PORTICO_EVM!)}${extra}`;

async function connectTestWallet(page: Page) {
  await page.locator('button.portico-connect-button').click();
  await dialog(page).getByRole('button', { name: 'Portico Test Wallet', exact: true }).click();
  await expect(page.getByTestId('host-status')).toHaveText('connected');
  await expect(dialog(page)).toBeHidden();
}

test.describe('the analytics flag', () => {
  test('a connect sends its events, batched with the projectId, to the host sink and no address', async ({ page }) => {
    const sink = await startSink();
    try {
      const chunks: string[] = [];
      page.on('request', (request) => void (/startAnalyticsSink/.test(request.url()) && chunks.push(request.url())));
      await freshPage(page, evmPath(`&analyticsUrl=${encodeURIComponent(sink.url)}`));
      await page.waitForTimeout(2000);
      expect(sink.posts, 'nothing is sent before the first click').toEqual([]);
      expect(chunks, 'the sink code is not loaded before the first click').toEqual([]);
      await connectTestWallet(page);
      expect(chunks).toHaveLength(1);
      await expect.poll(() => sink.events().map((e) => e.type), { timeout: 10_000 }).toContain('modal_closed');
      const events = sink.events();
      const types = events.map((e) => e.type);
      expect(types.slice(0, 2)).toEqual(['modal_opened', 'connect_started']);
      expect(types).toEqual(expect.arrayContaining(['view_changed', 'connect_succeeded', 'modal_closed']));
      expect(events.find((e) => e.type === 'modal_opened')!.properties).toEqual({ view: 'Connect' });
      expect(events.find((e) => e.type === 'view_changed')!.properties).toMatchObject({ view: 'Connecting', previous: 'Connect' });
      const succeeded = events.find((e) => e.type === 'connect_succeeded')!.properties;
      expect(succeeded).toMatchObject({ namespace: 'eip155', connectorType: 'ANNOUNCED' });
      expect(events.find((e) => e.type === 'connect_started')!.properties).toMatchObject({ connectorId: succeeded.connectorId, connectorType: 'ANNOUNCED' });
      for (const post of sink.posts) {
        expect(post.contentType).toMatch(/^text\/plain/);
        expect(JSON.parse(post.body)).toMatchObject({ projectId: 'playground-project' });
        expect(post.body, 'no address in any event').not.toMatch(/0x[0-9a-fA-F]{40}/);
      }
      // Batched: fewer requests than events.
      expect(sink.posts.length).toBeLessThan(events.length);
    } finally {
      await sink.stop();
    }
  });

  test('events still queued when the page is left are sent as it goes', async ({ page, context }) => {
    const sink = await startSink();
    try {
      await freshPage(page, `/?analyticsUrl=${encodeURIComponent(sink.url)}`);
      await page.locator('button.portico-connect-button').click();
      await expect(dialog(page)).toBeVisible();
      // The batch timer has not run yet: leaving the page (pagehide) flushes with a beacon.
      await page.waitForTimeout(300);
      expect(sink.posts).toEqual([]);
      await page.close();
      await expect.poll(() => sink.events().map((e) => e.type), { timeout: 5000 }).toContain('modal_opened');
      expect(context.pages()).toHaveLength(0);
    } finally {
      await sink.stop();
    }
  });

  test('without a sink, no request leaves for anywhere but the page and the local services, and none before the first click', async ({ page, baseURL }) => {
    const own = new URL(baseURL!).origin;
    const services = new Set(
      ['PORTICO_EVM', 'PORTICO_ENS', 'PORTICO_SIWX_SERVER', 'PORTICO_SOLANA', 'PORTICO_BITCOIN', 'PORTICO_REGISTRY']
        .flatMap((name) => (process.env[name] ?? '').split(',').filter(Boolean))
        .map((url) => new URL(url).origin),
    );
    // The wallet directory is the local registry (its default is the public one, a feature apart from analytics).
    await freshPage(page, evmPath(`&registry=${encodeURIComponent(process.env.PORTICO_REGISTRY!)}`));
    const requests: string[] = [];
    page.on('request', (request) => void requests.push(request.url()));
    // The page as a visitor lands on it, before any click.
    await page.reload();
    await expect(page.getByTestId('host-status')).toHaveText('disconnected');
    await page.waitForTimeout(2000);
    const beforeClick = requests.filter((url) => !url.startsWith('data:'));
    expect(beforeClick.length).toBeGreaterThan(0);
    expect(beforeClick.filter((url) => new URL(url).origin !== own), 'before the first click: only the page\'s own files').toEqual([]);
    await connectTestWallet(page);
    await page.locator('button.portico-account-button').click();
    await expect(dialog(page)).toBeVisible();
    await page.waitForTimeout(2500);
    const elsewhere = requests.filter((url) => !url.startsWith('data:') && !url.startsWith('blob:')).filter((url) => {
      const origin = new URL(url).origin;
      return origin !== own && !services.has(origin);
    });
    expect(elsewhere).toEqual([]);
  });

  test('with a sink but the analytics flag off, the sink receives nothing', async ({ page }) => {
    const sink = await startSink();
    try {
      await freshPage(page, evmPath(`&features=-analytics&analyticsUrl=${encodeURIComponent(sink.url)}`));
      await expect(page.getByRole('checkbox', { name: /analytics/ })).not.toBeChecked();
      await connectTestWallet(page);
      await page.locator('button.portico-account-button').click();
      await expect(dialog(page)).toBeVisible();
      await page.keyboard.press('Escape');
      await page.waitForTimeout(2500);
      expect(sink.posts).toEqual([]);
    } finally {
      await sink.stop();
    }
  });
});
