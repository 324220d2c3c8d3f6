/**
 * Untrusted registry answers, served by a tiny real HTTP server on 127.0.0.1: whatever
 * the body of the next response is set to is what the client receives.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isPorticoError } from '@portico/kernel';
import { createHttpClient } from '@portico/kernel/http';
import { ConfigInvalidError, HttpError, HttpResponseInvalidError } from '@portico/kernel/errors';
import { createWalletRegistryClient } from './createWalletRegistryClient';
import { WalletRegistryResponseInvalidError } from './WalletRegistryResponseInvalidError';

let server: Server;
let baseUrl: string;
let next: { status: number; body: string } = { status: 200, body: '{}' };
let lastRequest: { url: string; headers: IncomingHttpHeaders } | undefined;

beforeAll(async () => {
  server = createServer((request, response) => {
    lastRequest = { url: request.url ?? '', headers: request.headers };
    response.writeHead(next.status, { 'content-type': 'application/json' }).end(next.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`;
});
afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  lastRequest = undefined;
});

const serve = (body: unknown, status = 200) => {
  next = { status, body: typeof body === 'string' ? body : JSON.stringify(body) };
};

function makeClient(url = baseUrl) {
  const reasons: string[] = [];
  const client = createWalletRegistryClient({ http: createHttpClient(), baseUrl: url, projectId: 'p1', sdkType: 'portico', sdkVersion: 'portico-9.9.9', onInvalid: (r) => reasons.push(r) });
  return { client, reasons };
}

const good = { id: 'a'.repeat(64), name: 'Good Wallet', image_id: 'img-1', chains: ['acme:1'], mobile_link: 'good://' };

describe('request shape', () => {
  it('sends the explorer headers and comma-joined lists under the base path', async () => {
    serve({ count: 0, data: [] });
    await makeClient().client.list({ page: 2, entries: 40, search: 'x', include: ['a', 'b'], exclude: ['c'], chains: ['acme:1', 'other:2'] });
    const url = new URL(lastRequest!.url, 'http://h');
    expect(url.pathname).toBe('/api/getWallets');
    expect(Object.fromEntries(url.searchParams)).toEqual({ page: '2', entries: '40', search: 'x', include: 'a,b', exclude: 'c', chains: 'acme:1,other:2' });
    expect(lastRequest!.headers).toMatchObject({ 'x-project-id': 'p1', 'x-sdk-type': 'portico', 'x-sdk-version': 'portico-9.9.9' });
  });

  it('leaves out empty lists and blank searches', async () => {
    serve({ count: 0, data: [] });
    await makeClient(baseUrl.replace(/\/$/, '')).client.list({ page: 1, entries: 4, search: '  ', include: [], chains: [] });
    expect(lastRequest!.url).toBe('/api/getWallets?page=1&entries=4');
  });
});

describe('malformed pages throw WalletRegistryResponseInvalidError naming the problem', () => {
  it.each([
    ['an array', [], 'expected an object with "count" and "data", received an array'],
    ['null', null, 'expected an object with "count" and "data", received null'],
    ['a string', '"hello"', 'expected an object with "count" and "data", received string'],
    ['no data', { count: 1 }, '"data" is not an array'],
    ['data as an object', { count: 1, data: { 0: good } }, '"data" is not an array'],
    ['no count', { data: [] }, '"count" is not a non-negative integer (received nothing)'],
    ['a negative count', { count: -1, data: [] }, '"count" is not a non-negative integer (received -1)'],
    ['a fractional count', { count: 1.5, data: [] }, '"count" is not a non-negative integer (received 1.5)'],
    ['a string count', { count: '3', data: [] }, '"count" is not a non-negative integer (received "3")'],
  ])('%s', async (_label, body, problem) => {
    serve(body);
    const error = await makeClient().client.list({ page: 1, entries: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WalletRegistryResponseInvalidError);
    expect(error).toBeInstanceOf(HttpResponseInvalidError);
    expect(isPorticoError(error)).toBe(true);
    expect((error as WalletRegistryResponseInvalidError).name).toBe('WalletRegistryResponseInvalidError');
    expect((error as WalletRegistryResponseInvalidError).code).toBe('kernel/http-response-invalid');
    expect((error as WalletRegistryResponseInvalidError).problem).toBe(problem);
    expect((error as Error).message).toBe(`Invalid response from ${baseUrl}getWallets: ${problem}`);
  });

  it('an empty body is not a page either; a body that is not JSON is the HTTP client’s error', async () => {
    serve('');
    await expect(makeClient().client.list({ page: 1, entries: 1 })).rejects.toBeInstanceOf(WalletRegistryResponseInvalidError);
    serve('{"count": 1, "data": [');
    await expect(makeClient().client.list({ page: 1, entries: 1 })).rejects.toBeInstanceOf(HttpResponseInvalidError);
  });

  it('non-OK statuses surface as HttpError with the status', async () => {
    serve({ error: 'Missing project id' }, 401);
    await expect(makeClient().client.list({ page: 1, entries: 1 })).rejects.toMatchObject({ status: 401 });
    serve('oops', 503);
    await expect(makeClient().client.list({ page: 1, entries: 1 })).rejects.toBeInstanceOf(HttpError);
  });
});

describe('malformed entries are dropped one by one, with the reason', () => {
  it('keeps the good entries and reports each bad one by index', async () => {
    serve({
      count: 9,
      data: [
        good,
        null,
        'wallet',
        { name: 'No id' },
        { id: 'b'.repeat(64), name: '   ' },
        { id: 'c'.repeat(64), name: 'Bad order', order: 'first' },
        { id: 'd'.repeat(64), name: 'Bad link type', mobile_link: 42 },
        { id: '../../etc', name: 'Path id' },
        { ...good, name: 'Duplicate' },
      ],
    });
    const { client, reasons } = makeClient();
    const page = await client.list({ page: 1, entries: 10 });
    expect(page.count).toBe(9);
    expect(page.wallets.map((w) => w.name)).toEqual(['Good Wallet']);
    expect(reasons).toHaveLength(8);
    expect(reasons[0]).toBe('data[1] dropped: (root): Expected object, received null');
    expect(reasons[1]).toBe('data[2] dropped: (root): Expected object, received string');
    expect(reasons[2]).toBe('data[3] dropped: id: Required');
    expect(reasons[3]).toBe('data[4] dropped: name: Must not be empty');
    expect(reasons[4]).toBe('data[5] dropped: order: Expected number, received string');
    expect(reasons[5]).toBe('data[6] dropped: mobile_link: Expected string, received number');
    expect(reasons[6]).toMatch(/^data\[7\] dropped: id: /);
    expect(reasons[7]).toBe(`data[8] dropped: duplicate id ${good.id}`);
  });
});

describe('normalisation', () => {
  it('maps fields to camelCase, derives namespaces from chains and injected, and builds the image URL', async () => {
    serve({
      count: 1,
      data: [
        {
          id: 'e'.repeat(64),
          name: '  Acme Wallet ',
          homepage: 'https://acme.example',
          image_id: 'abc-123',
          order: 7,
          mobile_link: 'acme://',
          desktop_link: 'https://acme.example/desktop',
          webapp_link: 'https://app.acme.example',
          app_store: 'https://apps.apple.com/app/acme/id1',
          play_store: 'https://play.google.com/store/apps/details?id=acme',
          chrome_store: 'https://chromewebstore.google.com/detail/acme/abc',
          rdns: 'com.acme',
          injected: [{ namespace: 'other', injected_id: 'com.acme' }, { namespace: 'NOT VALID' }],
          supports_wc: true,
          chains: ['acme:1', 'acme:5', 'zeta:main', 'nonsense'],
          unknown_field: { anything: true },
        },
      ],
    });
    const { client, reasons } = makeClient();
    const [wallet] = (await client.list({ page: 1, entries: 1 })).wallets;
    expect(wallet).toEqual({
      id: 'e'.repeat(64),
      name: 'Acme Wallet',
      imageId: 'abc-123',
      imageUrl: `${baseUrl}getWalletImage/abc-123?projectId=p1&st=portico&sv=portico-9.9.9`,
      rdns: 'com.acme',
      namespaces: ['acme', 'other', 'zeta'],
      chains: ['acme:1', 'acme:5', 'zeta:main'],
      links: {
        mobile: 'acme://',
        desktop: 'https://acme.example/desktop',
        web: 'https://app.acme.example',
        homepage: 'https://acme.example',
        appStore: 'https://apps.apple.com/app/acme/id1',
        playStore: 'https://play.google.com/store/apps/details?id=acme',
        chromeStore: 'https://chromewebstore.google.com/detail/acme/abc',
      },
      order: 7,
      supportsWc: true,
    });
    expect(reasons).toEqual([`wallet ${'e'.repeat(64)}: chain ignored, it is not a CAIP-2 id ("nonsense")`]);
  });

  it('accepts https and data:image image_url, refuses others; http only for a loopback registry on loopback', async () => {
    const entry = (id: string, image_url: string) => ({ id, name: id, image_url });
    serve({
      count: 6,
      data: [
        entry('https', 'https://cdn.example/a.png'),
        entry('dataimg', 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>'),
        entry('datahtml', 'data:text/html,<script>alert(1)</script>'),
        entry('js', 'javascript:alert(1)'),
        entry('loop', 'http://127.0.0.1:9/icon.svg'),
        entry('remote', 'http://cdn.example/a.png'),
      ],
    });
    const local = makeClient();
    const images = Object.fromEntries((await local.client.list({ page: 1, entries: 6 })).wallets.map((w) => [w.id, w.imageUrl]));
    expect(images).toEqual({
      https: 'https://cdn.example/a.png',
      dataimg: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>',
      datahtml: undefined,
      js: undefined,
      loop: 'http://127.0.0.1:9/icon.svg',
      remote: undefined,
    });
    expect(local.reasons).toHaveLength(3);
    expect(local.reasons).toContain('wallet js: image_url ignored, it uses the javascript: scheme (https or data:image expected)');

    // The same answer through a non-loopback base URL (routed to this server): no http images at all.
    const remote = createWalletRegistryClient({
      http: createHttpClient({ fetch: (input, init) => fetch(String(input).replace('https://registry.example/', baseUrl), init) }),
      baseUrl: 'https://registry.example',
      projectId: 'p1',
    });
    const remoteImages = Object.fromEntries((await remote.list({ page: 1, entries: 6 })).wallets.map((w) => [w.id, w.imageUrl]));
    expect(remoteImages.loop).toBeUndefined();
    expect(remoteImages.https).toBe('https://cdn.example/a.png');
  });

  it('byIds ignores wallets the server returns that were not asked for', async () => {
    serve({ count: 2, data: [good, { id: 'intruder', name: 'Intruder' }] });
    const result = await makeClient().client.byIds([good.id]);
    expect(result.map((w) => w.id)).toEqual([good.id]);
    expect(new URL(lastRequest!.url, 'http://h').searchParams.get('include')).toBe(good.id);
  });
});

describe('configuration', () => {
  it('refuses a base URL that is not http(s) and an empty project id', () => {
    const http = createHttpClient();
    expect(() => createWalletRegistryClient({ http, baseUrl: 'not a url', projectId: 'p' })).toThrow(ConfigInvalidError);
    expect(() => createWalletRegistryClient({ http, baseUrl: 'javascript:alert(1)', projectId: 'p' })).toThrow(/baseUrl must be an http\(s\) URL/);
    expect(() => createWalletRegistryClient({ http, baseUrl, projectId: ' ' })).toThrow(/projectId must not be empty/);
  });

  it('imageUrl falls back to the endpoint for an id, and is undefined without an image', () => {
    const { client } = makeClient();
    expect(client.imageUrl({ imageId: 'x/y' })).toBe(`${baseUrl}getWalletImage/x%2Fy?projectId=p1&st=portico&sv=portico-9.9.9`);
    expect(client.imageUrl({ imageUrl: 'https://cdn.example/i.png', imageId: 'z' })).toBe('https://cdn.example/i.png');
    expect(client.imageUrl({})).toBeUndefined();
  });
});
