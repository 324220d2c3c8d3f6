import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiwxServerClient } from './createSiwxServerClient';

const valid = {
  data: { nonce: 'Nonce1234567', domain: 'app.example', uri: 'https://app.example', issuedAt: '2026-01-01T00:00:00.000Z', version: '1', chainId: 'eip155:1', accountAddress: '0x0000000000000000000000000000000000000001' },
  message: 'm',
  signature: '0x00',
};

let server: Server;
let base = '';
beforeAll(async () => {
  server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ sessions: [valid, { data: null, message: 'x', signature: 'y' }, 'junk', { ...valid, signature: 42 }] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('createSiwxServerClient', () => {
  it('keeps only elements of a session list that have a session’s shape', async () => {
    const stored = new Map([[`portico.siwx.token:${base}|eip155:1|${valid.data.accountAddress}`, 'TokenFromVerify_0123456789']]);
    const tokenStorage = { getItem: (k: string) => stored.get(k) ?? null, setItem: (k: string, v: string) => void stored.set(k, v), removeItem: (k: string) => void stored.delete(k) };
    expect(await createSiwxServerClient(base, { tokenStorage }).getSessions('eip155:1', valid.data.accountAddress)).toEqual([valid]);
  });

  it('asks nothing and reports no sessions without a token (or with a malformed stored one)', async () => {
    let fetched = 0;
    const fetch: typeof globalThis.fetch = (input, init) => (fetched++, globalThis.fetch(input, init));
    const junk = { getItem: () => 'not a token!', setItem: () => undefined, removeItem: () => undefined };
    expect(await createSiwxServerClient(base, { fetch }).getSessions('eip155:1', valid.data.accountAddress)).toEqual([]);
    expect(await createSiwxServerClient(base, { fetch, tokenStorage: junk }).getSessions('eip155:1', valid.data.accountAddress)).toEqual([]);
    expect(fetched).toBe(0);
  });
});
