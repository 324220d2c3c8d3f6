import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRegistryServer, type RegistryServer } from './createRegistryServer';
import { createWalletFixture, HOSTILE_WALLET_NAME } from './fixture';
import type { WcWalletsPage } from './WcWallet';

const fixture = createWalletFixture();
let registry: RegistryServer;
beforeAll(async () => {
  registry = await createRegistryServer();
});
afterAll(async () => registry?.close());

const headers = { 'x-project-id': 'test-project', 'x-sdk-type': 'portico', 'x-sdk-version': 'portico-test' };
const get = (path: string, init: RequestInit = {}) => fetch(`${registry.url}${path}`, { ...init, headers: { ...headers, ...(init.headers as Record<string, string>) } });
const page = async (query: string): Promise<WcWalletsPage> => {
  const response = await get(`/getWallets?${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as WcWalletsPage;
};

describe('GET /getWallets (real server on 127.0.0.1)', () => {
  it('listens on loopback and serves the whole fixture count with the explorer shape', async () => {
    expect(registry.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const first = await page('page=1&entries=40');
    expect(first.count).toBe(fixture.length);
    expect(first.count).toBeGreaterThanOrEqual(1000);
    expect(first.data).toHaveLength(40);
    for (const wallet of first.data) {
      expect(wallet.id).toMatch(/^[0-9a-f]{64}$/);
      expect(typeof wallet.name).toBe('string');
    }
    expect(first.data[0]!.name).toBe('MetaMask');
  });

  it('pages 1-based without overlap, ordered by `order`, and a page past the end is empty', async () => {
    const a = await page('page=1&entries=100');
    const b = await page('page=2&entries=100');
    const ids = new Set([...a.data, ...b.data].map((w) => w.id));
    expect(ids.size).toBe(200);
    const orders = [...a.data, ...b.data].map((w) => w.order ?? Infinity);
    expect(orders).toEqual([...orders].sort((x, y) => x - y));
    const last = await page(`page=${Math.ceil(fixture.length / 100)}&entries=100`);
    expect(last.data).toHaveLength(fixture.length % 100 || 100);
    expect(last.data.at(-1)!.order ?? null).toBeNull();
    expect((await page('page=999&entries=100')).data).toEqual([]);
  });

  it('searches names case-insensitively and counts only the matches', async () => {
    const result = await page('search=%20meTAmask%20&entries=100');
    expect(result.data.map((w) => w.name)).toEqual(['MetaMask']);
    expect(result.count).toBe(1);
    const vault = await page('search=VAULT&entries=100');
    expect(vault.count).toBe(fixture.filter((w) => w.name.toLowerCase().includes('vault')).length);
    expect(vault.count).toBeGreaterThan(10);
    expect(vault.data.every((w) => /vault/i.test(w.name))).toBe(true);
    expect((await page('search=%C3%BCn%C3%AFcode')).count).toBeGreaterThan(0);
    expect(await page('search=zzzz-no-such-wallet')).toEqual({ count: 0, data: [] });
  });

  it('include restricts to the listed ids; exclude removes ids', async () => {
    const ids = [fixture[500]!.id, fixture[3]!.id, 'f'.repeat(64)];
    const included = await page(`include=${ids.join(',')}`);
    expect(included.count).toBe(2);
    expect(included.data.map((w) => w.id).sort()).toEqual([fixture[500]!.id, fixture[3]!.id].sort());
    const excluded = await page(`entries=5&exclude=${fixture[0]!.id},${fixture[1]!.id}`);
    expect(excluded.count).toBe(fixture.length - 2);
    expect(excluded.data.map((w) => w.name)).not.toContain('MetaMask');
    expect(excluded.data[0]!.name).toBe('Rainbow');
  });

  it('filters by chains: exact CAIP-2 ids or bare namespaces, any of them', async () => {
    const btc = 'bip122:000000000019d6689c085ae165831e93';
    const bitcoin = await page(`chains=${btc}&entries=100`);
    const expected = fixture.filter((w) => w.chains?.includes(btc)).length;
    expect(bitcoin.count).toBe(expected);
    expect(bitcoin.count).toBeGreaterThan(50);
    expect(bitcoin.data.every((w) => w.chains!.includes(btc))).toBe(true);
    expect(bitcoin.data.map((w) => w.name)).not.toContain('MetaMask');

    const solanaNs = await page('chains=solana&entries=1');
    expect(solanaNs.count).toBe(fixture.filter((w) => w.chains?.some((c) => c.startsWith('solana:'))).length);

    const either = await page(`chains=solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp,${btc}&entries=1`);
    expect(either.count).toBeGreaterThan(bitcoin.count);
    expect(either.count).toBeLessThan(fixture.length);
    expect((await page('chains=eip155:999999')).count).toBe(0);
  });

  it('filters by rdns', async () => {
    const result = await page('rdns=io.metamask,app.phantom');
    expect(result.data.map((w) => w.name).sort()).toEqual(['MetaMask', 'Phantom']);
  });

  it('serves the hostile fixture entry verbatim (escaping is the renderer’s job)', async () => {
    const result = await page(`search=${encodeURIComponent('onerror')}`);
    expect(result.data).toHaveLength(1);
    expect(result.data[0]!.name).toBe(HOSTILE_WALLET_NAME);
    expect(result.data[0]!.mobile_link).toMatch(/^javascript:/);
  });
});

describe('GET /getWalletImage/:imageId', () => {
  it('serves an SVG with content type and cache headers, escaping the hostile name', async () => {
    const metamask = fixture[0]!;
    const response = await get(`/getWalletImage/${metamask.image_id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers.get('cache-control')).toContain('max-age=86400');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const svg = await response.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toContain('>M</text>');
    expect(svg.length).toBeLessThan(1024);

    const hostile = fixture.find((w) => w.name === HOSTILE_WALLET_NAME)!;
    const hostileSvg = await (await get(`/getWalletImage/${hostile.image_id}`)).text();
    expect(hostileSvg).not.toContain('<img');
    expect(hostileSvg).not.toContain('onerror');
  });

  it('accepts the project id as a query parameter (for <img>), and 404s unknown or malformed ids', async () => {
    const image = await fetch(`${registry.url}/getWalletImage/${fixture[1]!.image_id}?projectId=p`);
    expect(image.status).toBe(200);
    expect((await get('/getWalletImage/00000000-0000-0000-0000-000000000000')).status).toBe(404);
    expect((await get('/getWalletImage/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
  });

  it('some fixture wallets have no image', () => {
    const without = fixture.filter((w) => !w.image_id).length;
    expect(without).toBeGreaterThan(50);
    expect(without).toBeLessThan(fixture.length / 4);
  });
});

describe('errors', () => {
  it.each([
    ['page=0', '"page" must be between 1'],
    ['page=-1', '"page" must be a whole number'],
    ['page=abc', '"page" must be a whole number'],
    ['entries=0', '"entries" must be between 1 and 100'],
    ['entries=101', '"entries" must be between 1 and 100'],
    ['entries=1.5', '"entries" must be a whole number'],
    ['chains=EIP155', '"chains" has an invalid value'],
    ['include=a%20b', '"include" has an invalid value'],
  ])('answers %s with 400 and a JSON reason', async (query, message) => {
    const response = await get(`/getWallets?${query}`);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(((await response.json()) as { error: string }).error).toContain(message);
  });

  it('requires a project id (401) and 404s unknown paths, 405s other methods', async () => {
    const anonymous = await fetch(`${registry.url}/getWallets`);
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { error: string }).error).toMatch(/project id/);
    expect((await fetch(`${registry.url}/getWallets`, { headers: { 'x-project-id': '  ' } })).status).toBe(401);
    expect((await fetch(`${registry.url}/getWalletImage/${fixture[0]!.image_id}`)).status).toBe(401);
    expect((await get('/getWallet')).status).toBe(404);
    expect((await get('/')).status).toBe(404);
    expect((await get('/getWallets', { method: 'POST' })).status).toBe(405);
  });
});

describe('CORS', () => {
  it('answers a preflight without a project id, allowing the SDK headers', async () => {
    const preflight = await fetch(`${registry.url}/getWallets`, {
      method: 'OPTIONS',
      headers: { origin: 'https://app.example.com', 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-project-id,x-sdk-type,x-sdk-version' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, OPTIONS');
    for (const header of ['x-project-id', 'x-sdk-type', 'x-sdk-version']) expect(preflight.headers.get('access-control-allow-headers')).toContain(header);
    const actual = await get('/getWallets?entries=1', { headers: { origin: 'https://app.example.com' } });
    expect(actual.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('options', () => {
  it('serves given wallets, with latency, and close() frees the port', async () => {
    const small = await createRegistryServer({ wallets: [{ id: 'b', name: 'Beta', order: 2 }, { id: 'a', name: 'Alpha', order: 1 }], latencyMs: 120 });
    try {
      const started = performance.now();
      const response = await fetch(`${small.url}/getWallets`, { headers });
      expect(performance.now() - started).toBeGreaterThanOrEqual(100);
      expect(await response.json()).toEqual({ count: 2, data: [{ id: 'a', name: 'Alpha', order: 1 }, { id: 'b', name: 'Beta', order: 2 }] });
    } finally {
      await small.close();
    }
    await expect(fetch(`${small.url}/getWallets`, { headers })).rejects.toThrow();
  });
});

describe('strict mode: the project and the page’s origin, as the hosted API checks them (#42)', () => {
  it('serves the listed projects from the allowed origins; an unknown project id or another origin gets 403, a request without Origin (an <img>) is served', async () => {
    const strict = await createRegistryServer({ projectIds: ['project-a'], allowedOrigins: ['http://127.0.0.1:4319'] });
    const ask = (path: string, project: string, origin?: string) => fetch(`${strict.url}${path}`, { headers: { ...headers, 'x-project-id': project, ...(origin ? { origin } : {}) } });
    try {
      const ok = await ask('/getWallets?page=1&entries=2', 'project-a', 'http://127.0.0.1:4319');
      expect(ok.status).toBe(200);
      expect(((await ok.json()) as WcWalletsPage).data).toHaveLength(2);
      const unknown = await ask('/getWallets?page=1&entries=2', 'project-b', 'http://127.0.0.1:4319');
      expect(unknown.status).toBe(403);
      expect(await unknown.json()).toEqual({ error: 'Invalid project id "project-b"' });
      // Exact: no case folding, no prefix.
      expect((await ask('/getWallets', 'PROJECT-A', 'http://127.0.0.1:4319')).status).toBe(403);
      expect((await ask('/getWallets', 'project-a-2', 'http://127.0.0.1:4319')).status).toBe(403);
      const elsewhere = await ask('/getWallets', 'project-a', 'https://evil.example');
      expect(elsewhere.status).toBe(403);
      expect(await elsewhere.json()).toEqual({ error: 'Origin "https://evil.example" is not on the project\'s allowlist' });
      // An image tag sends no Origin: served with the project id in the query, refused with another.
      const image = fixture.find((w) => w.image_id)!.image_id!;
      expect((await fetch(`${strict.url}/getWalletImage/${image}?projectId=project-a`)).status).toBe(200);
      expect((await fetch(`${strict.url}/getWalletImage/${image}?projectId=project-b`)).status).toBe(403);
      // Still 401 without any project id.
      expect((await fetch(`${strict.url}/getWallets`)).status).toBe(401);
    } finally {
      await strict.close();
    }
  });
});
