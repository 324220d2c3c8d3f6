import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient } from './createHttpClient';
import { jsonRpcRequest, JsonRpcError, RpcUnavailableError } from './jsonRpc';

let server: Server;
let base = '';
const hits: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (c: Buffer) => (body += c.toString()));
    request.on('end', () => {
      hits.push(request.url ?? '');
      const { method, params } = JSON.parse(body) as { method: string; params: unknown[] };
      response.setHeader('content-type', 'application/json');
      if (request.url === '/down') return void response.writeHead(503).end('{}');
      if (request.url === '/junk') return void response.end('{"jsonrpc":"2.0","id":1}');
      if (method === 'fail') return void response.end(JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found: fail' } }));
      response.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: { method, params } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('jsonRpcRequest', () => {
  const http = createHttpClient({ timeoutMs: 2000 });

  it('returns the result of the first URL that answers, skipping a failing one and one with no result', async () => {
    hits.length = 0;
    await expect(jsonRpcRequest(http, [`${base}/down`, `${base}/junk`, `${base}/ok`], 'getBalance', ['abc'])).resolves.toEqual({ method: 'getBalance', params: ['abc'] });
    expect(hits).toEqual(['/down', '/junk', '/ok']);
  });

  it("treats the node's JSON-RPC error as its answer: no fallback", async () => {
    hits.length = 0;
    const error = await jsonRpcRequest(http, [`${base}/a`, `${base}/b`], 'fail').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JsonRpcError);
    expect(error).toMatchObject({ rpcCode: -32601, message: 'Method not found: fail', code: 'kernel/json-rpc-error' });
    expect(hits).toEqual(['/a']);
  });

  it('names how many URLs it tried when none answered', async () => {
    const error = await jsonRpcRequest(http, [`${base}/down`, 'http://127.0.0.1:9/'], 'x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcUnavailableError);
    expect(error).toMatchObject({ message: 'No RPC endpoint answered (2 tried)', code: 'kernel/rpc-unavailable' });
    await expect(jsonRpcRequest(http, [], 'x')).rejects.toThrow('No RPC endpoint answered (0 tried)');
  });
});
