import { deployTestTokens, deployUniswapV2, startAnvil, type AnvilNode, type TestTokens } from '@portico/chain-eip155/testing/node';
import { startSwapAggregator, type SwapAggregator } from '@portico/swap-aggregator';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSwapProxy, type SwapProxy } from './createSwapProxy';

// The proxy in front of the local 1inch stand-in in its strict mode (no CORS, 429 past the key's rate), as a site runs it.
let anvil: AnvilNode;
let tokens: TestTokens;
let api: SwapAggregator;
const KEY = 'site-secret-key';
const SITE = 'http://127.0.0.1:5173';
const RPS = 5;
const proxies: SwapProxy[] = [];
const servers: Server[] = [];

beforeAll(async () => {
  anvil = await startAnvil();
  tokens = await deployTestTokens(anvil.url);
  const uni = await deployUniswapV2(anvil.url, tokens);
  api = await startSwapAggregator({ rpcUrl: anvil.url, router: uni.router, weth: uni.weth, apiKey: KEY, strict: true, rps: RPS });
}, 60_000);
afterAll(async () => {
  await Promise.all(proxies.map((p) => p.stop()));
  for (const server of servers) server.close();
  await api?.stop();
  await anvil?.stop();
});

async function proxy(options: Partial<Parameters<typeof startSwapProxy>[0]> = {}) {
  const started = await startSwapProxy({ upstream: api.url, apiKey: KEY, allowedOrigins: [SITE], rps: RPS, ...options });
  proxies.push(started);
  return started;
}
const spender = (base: string) => `${base}/swap/v6.0/${anvil.chainId}/approve/spender`;
const get = (url: string, headers: Record<string, string> = { origin: SITE }) => fetch(url, { headers });

describe('the swap proxy', () => {
  it('forwards a quote from the site with the key added; the browser gets CORS for its origin and never the key', async () => {
    const p = await proxy();
    const answer = await get(`${p.url}/swap/v6.0/${anvil.chainId}/quote?src=0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE&dst=${tokens.usd}&amount=1000000000000000000`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe(SITE);
    const text = await answer.text();
    expect(JSON.parse(text)).toMatchObject({ dstAmount: expect.stringMatching(/^\d+$/) });
    expect(text).not.toContain(KEY);
    expect([...answer.headers.values()].join(' ')).not.toContain(KEY);
  });

  it('without it, the strict stand-in gives a browser nothing to read (no CORS), as the real API does', async () => {
    const answer = await fetch(spender(api.url), { headers: { origin: SITE, authorization: `Bearer ${KEY}` } });
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('attack: another origin is refused before anything goes upstream', async () => {
    const p = await proxy();
    const answer = await get(spender(p.url), { origin: 'https://evil.example' });
    expect(answer.status).toBe(403);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    expect(await answer.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });
    expect(p.forwarded).toBe(0);
  });

  it('attack: only the Swap endpoints go through (not an open relay for the key), GET only, a bounded query', async () => {
    const p = await proxy();
    const id = anvil.chainId;
    for (const path of [`/swap/v6.0/${id}/tokens`, `/orderbook/v4.0/${id}/all`, `/swap/v6.0/${id}/quote/../../../balance/v1.2/1`, `/swap/v6.0/${id}/%2e%2e/approve/spender`, '/', `/swap/v6.0/x/quote`]) {
      expect((await get(`${p.url}${path}`)).status, path).toBe(404);
    }
    expect((await fetch(spender(p.url), { method: 'POST', headers: { origin: SITE }, body: '{}' })).status).toBe(405);
    expect((await get(`${spender(p.url)}?q=${'a'.repeat(3_000)}`)).status).toBe(414);
    expect(p.forwarded).toBe(0);
  });

  it('a burst is paced to the key’s rate: the strict API answers 429 to the same burst sent straight, never through the proxy', async () => {
    const straight = await Promise.all(Array.from({ length: 6 }, () => fetch(spender(api.url), { headers: { authorization: `Bearer ${KEY}` } }).then((r) => r.status)));
    expect(straight).toContain(429);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    // Set well below the key's rate (2 per second against 5): requests sent 500 ms apart still reach
    // the API 200 ms apart when a busy machine holds one back (at 4 per second, on a machine running
    // the browser tests besides, the API refused one of the six).
    const p = await proxy({ rps: 2, maxQueuedPerClient: 10 });
    const started = Date.now();
    const through = await Promise.all(Array.from({ length: 6 }, () => get(spender(p.url)).then((r) => r.status)));
    expect(through).toEqual([200, 200, 200, 200, 200, 200]);
    // Six requests at 2 per second: the last goes upstream 2.5 s after the first.
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_450);
  });

  it('a retry storm from one client is answered 429 with Retry-After at once, and the requests in line still pass', async () => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const p = await proxy({ rps: 2, maxQueuedPerClient: 3, maxWaitMs: 5_000 });
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 8 }, () => get(spender(p.url)).then((answer) => Object.assign(answer, { after: Date.now() - started }))));
    const passed = answers.filter((a) => a.status === 200);
    const refused429 = answers.filter((a) => a.status === 429);
    // Three wait in line (the first may already have left it when the last arrive); the rest are refused at once.
    expect(passed.length).toBeGreaterThanOrEqual(3);
    expect(passed.length).toBeLessThanOrEqual(4);
    expect(refused429).toHaveLength(8 - passed.length);
    expect(Math.max(...refused429.map((a) => a.after))).toBeLessThan(Math.max(...passed.map((a) => a.after)));
    const refused = answers.find((a) => a.status === 429)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await refused.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
  });

  it('an API that is down or silent: 502 / 504 in the API’s error shape, not a hang', async () => {
    const silent = createServer(() => undefined);
    servers.push(silent);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const slow = await proxy({ upstream: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`, upstreamTimeoutMs: 300 });
    const timedOut = await get(spender(slow.url));
    expect([timedOut.status, (await timedOut.json()).error]).toEqual([504, 'Gateway Timeout']);
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    closed.close();
    const down = await proxy({ upstream: `http://127.0.0.1:${port}` });
    const unreachable = await get(spender(down.url));
    expect([unreachable.status, (await unreachable.json()).error]).toEqual([502, 'Bad Gateway']);
  });

  it('refuses a configuration that would leak the key or open it to anyone', async () => {
    await expect(startSwapProxy({ upstream: 'http://api.1inch.dev', apiKey: KEY, allowedOrigins: [SITE] })).rejects.toThrow('upstream must be an https URL');
    await expect(startSwapProxy({ upstream: api.url, apiKey: '', allowedOrigins: [SITE] })).rejects.toThrow('apiKey is required');
    await expect(startSwapProxy({ upstream: api.url, apiKey: KEY, allowedOrigins: ['https://shop.example/path'] })).rejects.toThrow('is not an origin');
    await expect(startSwapProxy({ upstream: api.url, apiKey: KEY, allowedOrigins: ['*'] })).rejects.toThrow('is not an origin');
  });
});
