import { createEip155Verifier } from '@portico/chain-eip155/siwx';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiwxServer, type SiwxServerHandle } from './createSiwxServer';
import { requestFrom } from './testing/requestFrom';

const UNSUPPORTED = { error: 'Content-Type must be application/json' };

let handle: SiwxServerHandle;
beforeAll(async () => {
  handle = await createSiwxServer({ domain: 'app.example.com', verifiers: [createEip155Verifier({ domain: 'app.example.com' })] }).listen(0);
});
afterAll(async () => handle?.close());

/** POST /verify with a JSON body (the wrong shape, so an accepted type answers 400) under `contentType`. */
const postVerify = (contentType: string | undefined) =>
  requestFrom(`${handle.url}/verify`, { from: '127.0.0.1', method: 'POST', headers: contentType === undefined ? {} : { 'content-type': contentType }, body: '{}' });

/** Header-safe text: printable ASCII (what an HTTP client may send as a header value). */
const headerText = fc.string({ unit: fc.mapToConstant({ num: 95, build: (v) => String.fromCharCode(0x20 + v) }), maxLength: 60 });

describe('POST /verify takes application/json only', () => {
  it('refuses a text/plain body (what a cross-site form or no-preflight fetch sends) with 415', async () => {
    const answer = await fetch(`${handle.url}/verify`, { method: 'POST', body: JSON.stringify({ data: {} }) });
    expect(answer.status).toBe(415);
    expect(answer.headers.get('content-type')).toBe('application/json');
    expect(await answer.json()).toEqual(UNSUPPORTED);
    const form = await fetch(`${handle.url}/verify`, { method: 'POST', body: new URLSearchParams({ data: '{}' }) });
    expect(form.status).toBe(415);
    expect((await postVerify(undefined)).status).toBe(415);
  });

  it('generated: any other media type, or a non-UTF-8 charset, answers 415 before the body is read', async () => {
    const mediaTypeOf = (value: string) => value.split(';')[0]!.trim().toLowerCase();
    const notJson = fc.oneof(
      fc.constantFrom('text/plain', 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/json', 'application/jsonp', 'application/ld+json', 'application/json-patch+json', 'application/json, text/plain', 'application/json; charset=utf-16', 'application/json;charset=latin1', ''),
      headerText.filter((value) => mediaTypeOf(value) !== 'application/json'),
    );
    await fc.assert(
      fc.asyncProperty(notJson, async (contentType) => {
        expect(await postVerify(contentType)).toMatchObject({ status: 415, body: UNSUPPORTED });
      }),
      { numRuns: 150 },
    );
  });

  it('generated: application/json in any case, with or without a UTF-8 charset, is read (400 for the wrong shape)', async () => {
    const anyCase = fc.array(fc.boolean(), { minLength: 16, maxLength: 16 }).map((upper) => [...'application/json'].map((c, i) => (upper[i] ? c.toUpperCase() : c.toLowerCase())).join(''));
    const parameter = fc.constantFrom('', ';charset=utf-8', '; charset=UTF-8', ';  charset="utf-8"', '; charset=utf8');
    await fc.assert(
      fc.asyncProperty(anyCase, parameter, async (type, suffix) => {
        const answer = await postVerify(type + suffix);
        expect(answer.status).toBe(400);
        expect((answer.body as { error: string }).error).not.toBe(UNSUPPORTED.error);
      }),
      { numRuns: 60 },
    );
  });

  it('routes without a body ignore the header: GET /nonce and DELETE /sessions answer as before', async () => {
    const nonce = await requestFrom(`${handle.url}/nonce?chainId=eip155:1&address=0xabc`, { from: '127.0.0.1', headers: { 'content-type': 'text/plain' } });
    expect(nonce.status).toBe(200);
    // DELETE reads no body: the bearer token is what it needs, with or without a content type.
    const revoke = await requestFrom(`${handle.url}/sessions?chainId=eip155:1&address=0xabc`, { from: '127.0.0.1', method: 'DELETE', headers: { 'content-type': 'text/plain' }, body: 'x' });
    expect(revoke.status).toBe(401);
  });
});
