import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../test/internals';
import { HttpError, HttpResponseInvalidError, HttpTimeoutError } from '../../src/entries/errors';
import { kernelFactory, rejectionOf } from '../../test/helpers';

interface Echo {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

const makeKernel = kernelFactory();

let server: Server;
let baseUrl: string;
/** Responses the server never finished, ended in afterAll so close() can finish. */
const hanging = new Set<ServerResponse>();

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const text = await readBody(request);
    switch (url.pathname) {
      case '/echo': {
        const echo: Echo = {
          method: request.method ?? '',
          path: url.pathname,
          query: Object.fromEntries(url.searchParams),
          headers: request.headers,
          body: text ? JSON.parse(text) : undefined,
        };
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(echo));
        return;
      }
      case '/missing':
        response.writeHead(404, { 'content-type': 'text/plain' }).end('no such thing');
        return;
      case '/broken':
        response.writeHead(500).end();
        return;
      case '/not-json':
        response.writeHead(200, { 'content-type': 'application/json' }).end('<html>oops</html>');
        return;
      case '/empty':
        response.writeHead(204).end();
        return;
      case '/blob':
        response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
        return;
      case '/slow':
        setTimeout(() => response.writeHead(200, { 'content-type': 'application/json' }).end('"late"'), 50);
        return;
      case '/hang':
        hanging.add(response);
        return;
      case '/stall-body':
        hanging.add(response);
        response.writeHead(200, { 'content-type': 'application/json' });
        response.write('{"partial":');
        return;
      default:
        response.writeHead(400).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const response of hanging) response.destroy();
  server.closeAllConnections();
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
});

describe('createHttpClient against a real server', () => {
  it('GETs JSON with query params, leaving out undefined ones', async () => {
    const http = createHttpClient({ baseUrl });
    const echo = await http.get<Echo>('/echo', { params: { q: 'acme tokens', page: 2, all: true, skip: undefined } });
    expect(echo.method).toBe('GET');
    expect(echo.query).toEqual({ q: 'acme tokens', page: '2', all: 'true' });
    expect(echo.headers.accept).toBe('application/json');
    expect(echo.body).toBeUndefined();
  });

  it.each(['post', 'put', 'delete'] as const)('%s sends a JSON body', async (method) => {
    const http = createHttpClient({ baseUrl });
    const echo = await http[method]<Echo>('/echo', { body: { amount: 1.5, to: ['a', 'b'] }, params: { v: 1 } });
    expect(echo.method).toBe(method.toUpperCase());
    expect(echo.body).toEqual({ amount: 1.5, to: ['a', 'b'] });
    expect(echo.headers['content-type']).toBe('application/json');
    expect(echo.query).toEqual({ v: '1' });
  });

  it('appends clientId to every request, and sends configured and per-call headers', async () => {
    const http = createHttpClient({ baseUrl, clientId: 'client-123', headers: { 'x-app': 'portico', 'x-both': 'config' } });
    const echo = await http.post<Echo>('/echo', { params: { a: 'b' }, headers: { 'x-both': 'call' } });
    expect(echo.query).toEqual({ a: 'b', clientId: 'client-123' });
    expect(echo.headers['x-app']).toBe('portico');
    expect(echo.headers['x-both']).toBe('call');
  });

  it('uses absolute URLs as they are, without a baseUrl', async () => {
    const http = createHttpClient();
    await expect(http.get<Echo>(`${baseUrl}/echo?x=1`)).resolves.toMatchObject({ query: { x: '1' } });
  });

  it('getBlob returns the raw bytes', async () => {
    const http = createHttpClient({ baseUrl, clientId: 'c' });
    const blob = await http.getBlob('/blob');
    expect(blob.type).toBe('image/png');
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });

  it('resolves undefined for an empty body', async () => {
    await expect(createHttpClient({ baseUrl }).delete('/empty')).resolves.toBeUndefined();
  });

  it('throws HttpError "HTTP status code: 404" with the status, url and body', async () => {
    const error = await rejectionOf(createHttpClient({ baseUrl }).get('/missing'));
    expect(error).toBeInstanceOf(HttpError);
    const httpError = error as HttpError;
    expect(httpError.message).toBe('HTTP status code: 404');
    expect(httpError.shortMessage).toBe('HTTP status code: 404');
    expect(httpError.status).toBe(404);
    expect(httpError.url).toBe(`${baseUrl}/missing`);
    expect(httpError.details).toBe(`${baseUrl}/missing: no such thing`);
  });

  it('throws HttpError for a 500 with an empty body, also from getBlob', async () => {
    const http = createHttpClient({ baseUrl });
    await expect(http.post('/broken', { body: {} })).rejects.toMatchObject({ name: 'HttpError', status: 500, message: 'HTTP status code: 500' });
    await expect(http.getBlob('/missing')).rejects.toMatchObject({ status: 404 });
  });

  it('throws HttpResponseInvalidError for a body that is not JSON', async () => {
    const error = await rejectionOf(createHttpClient({ baseUrl }).get('/not-json'));
    expect(error).toBeInstanceOf(HttpResponseInvalidError);
    expect((error as HttpResponseInvalidError).message).toBe(`Invalid response from ${baseUrl}/not-json: the body is not valid JSON`);
  });

  it('throws HttpTimeoutError when the server never answers', async () => {
    const started = Date.now();
    const error = await rejectionOf(createHttpClient({ baseUrl, timeoutMs: 60 }).get('/hang'));
    expect(error).toBeInstanceOf(HttpTimeoutError);
    expect((error as HttpTimeoutError).message).toBe(`Request to ${baseUrl}/hang timed out after 60 ms`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(50);
  });

  it("a request's own timeoutMs replaces the client's, shorter or longer", async () => {
    const started = Date.now();
    const error = await rejectionOf(createHttpClient({ baseUrl, timeoutMs: 30_000 }).get('/hang', { timeoutMs: 60 }));
    expect(error).toBeInstanceOf(HttpTimeoutError);
    expect((error as HttpTimeoutError).message).toBe(`Request to ${baseUrl}/hang timed out after 60 ms`);
    expect(Date.now() - started).toBeLessThan(5_000);
    await expect(createHttpClient({ baseUrl, timeoutMs: 1 }).get('/slow', { timeoutMs: 2_000 })).resolves.toBe('late');
  });

  it('throws HttpTimeoutError when the body never finishes', async () => {
    const error = await rejectionOf(createHttpClient({ baseUrl, timeoutMs: 60 }).get('/stall-body'));
    expect(error).toBeInstanceOf(HttpTimeoutError);
    expect((error as HttpTimeoutError).url).toBe(`${baseUrl}/stall-body`);
    await expect(createHttpClient({ baseUrl, timeoutMs: 60 }).getBlob('/stall-body')).rejects.toBeInstanceOf(HttpTimeoutError);
  });

  it("honours the caller's AbortSignal, without calling it a timeout", async () => {
    const controller = new AbortController();
    const request = createHttpClient({ baseUrl, timeoutMs: 5_000 }).get('/hang', { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    const error = await rejectionOf(request);
    expect(error).not.toBeInstanceOf(HttpTimeoutError);
    expect((error as Error).name).toBe('AbortError');
  });

  it('a request that answers within the timeout succeeds', async () => {
    await expect(createHttpClient({ baseUrl, timeoutMs: 2_000 }).get('/slow')).resolves.toBe('late');
  });

  it('the kernel builds its client from config.http', async () => {
    const http = makeKernel({ http: { baseUrl, clientId: 'kernel-client' } }).http;
    await expect(http.get<Echo>('/echo')).resolves.toMatchObject({ query: { clientId: 'kernel-client' } });
  });
});
