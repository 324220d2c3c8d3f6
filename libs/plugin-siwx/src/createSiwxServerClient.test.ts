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
    expect(await createSiwxServerClient(base).getSessions('eip155:1', valid.data.accountAddress)).toEqual([valid]);
  });
});
