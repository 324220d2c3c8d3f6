import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError, HttpResponseInvalidError } from '../errors/httpErrors';
import { fetchPublicJson } from './fetchPublicJson';

let url: string;
let seen: { method?: string; headers: IncomingHttpHeaders; body: string } | undefined;
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    seen = { method: req.method, headers: req.headers, body };
    const path = req.url ?? '/';
    if (path === '/fail') return void res.writeHead(400, { 'content-type': 'application/json' }).end('{"description":"insufficient liquidity"}');
    if (path === '/big') return void res.writeHead(200).end(`"${'x'.repeat(2_000)}"`);
    if (path === '/text') return void res.writeHead(200).end('not json');
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
});
beforeAll(() => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => ((url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`), resolve()))));
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('fetchPublicJson', () => {
  it('GETs, or POSTs a JSON body, with the caller’s headers and no others of the host', async () => {
    await expect(fetchPublicJson(`${url}/a`, { headers: { authorization: 'Bearer k' } })).resolves.toEqual({ ok: true });
    expect(seen).toMatchObject({ method: 'GET', headers: { accept: 'application/json', authorization: 'Bearer k' } });
    expect(seen!.headers.cookie).toBeUndefined();
    expect(seen!.headers.referer).toBeUndefined();
    await fetchPublicJson(`${url}/b`, { body: { n: 1 } });
    expect(seen).toMatchObject({ method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"n":1}' });
  });

  it('rejects a non-2xx answer with HttpError carrying the service’s text, an oversized or non-JSON one with HttpResponseInvalidError', async () => {
    const failed = await fetchPublicJson(`${url}/fail`).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(HttpError);
    expect(failed).toMatchObject({ status: 400, body: '{"description":"insufficient liquidity"}' });
    await expect(fetchPublicJson(`${url}/big`, { maxBytes: 1_000 })).rejects.toBeInstanceOf(HttpResponseInvalidError);
    await expect(fetchPublicJson(`${url}/text`)).rejects.toThrow('the body is not valid JSON');
  });
});
