import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient, type HttpClient } from './createHttpClient';
import { HttpError, HttpTimeoutError } from '../errors/httpErrors';
import { isEndpointUnreachable } from '../errors/classifyError';
import { jsonRpcRequest, JsonRpcError, RPC_READ_TIMEOUT_MS, RpcUnavailableError } from './jsonRpc';

let server: Server;
let base = '';
const hits: string[] = [];
const hanging = new Set<ServerResponse>();

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (c: Buffer) => (body += c.toString()));
    request.on('end', () => {
      hits.push(request.url ?? '');
      const { method, params } = JSON.parse(body) as { method: string; params: unknown[] };
      response.setHeader('content-type', 'application/json');
      if (request.url === '/down') return void response.writeHead(503).end('{}');
      if (request.url === '/hang') return void hanging.add(response);
      if (request.url === '/junk') return void response.end('{"jsonrpc":"2.0","id":1}');
      if (method === 'fail') return void response.end(JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found: fail' } }));
      response.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: { method, params } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  for (const response of hanging) response.destroy();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

/** A loopback port nothing listens on (connections to it are refused). */
async function refusedUrl(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}/`;
}

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

  it('tries every URL in order before giving up: a refused one at once, a silent one after its timeout', async () => {
    hits.length = 0;
    const refused = await refusedUrl();
    const started = Date.now();
    const error = await jsonRpcRequest(http, [refused, `${base}/hang`, `${base}/down`], 'eth_getBalance', [], { timeoutMs: 300 }).catch((e: unknown) => e);
    const elapsed = Date.now() - started;
    expect(error).toBeInstanceOf(RpcUnavailableError);
    expect(error).toMatchObject({ message: 'No RPC endpoint answered (3 tried)', details: `${refused}, ${base}/hang, ${base}/down` });
    expect(hits).toEqual(['/hang', '/down']);
    // The silent URL costs its 300 ms; the refused one costs nothing like a timeout.
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(3_000);
  });

  it('falls back from a refused URL without waiting for the read timeout', async () => {
    const started = Date.now();
    // The default per-URL timeout (10 s) would fail this bound if a refused connection waited for it.
    await expect(jsonRpcRequest(createHttpClient(), [await refusedUrl(), `${base}/ok`], 'eth_chainId')).resolves.toEqual({ method: 'eth_chainId', params: [] });
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it("asks the client for RPC_READ_TIMEOUT_MS (viem's 10 s) per URL, not its 30 s default", async () => {
    const real = createHttpClient();
    const asked: unknown[] = [];
    // The real client, recording the per-request timeout each URL is given.
    const recording: HttpClient = { ...real, post: (url, options) => (asked.push(options?.timeoutMs), real.post(url, options)) };
    await jsonRpcRequest(recording, [`${base}/down`, `${base}/ok`], 'eth_chainId');
    await jsonRpcRequest(recording, [`${base}/ok`], 'eth_chainId', [], { timeoutMs: 2_500 });
    expect(RPC_READ_TIMEOUT_MS).toBe(10_000);
    expect(asked).toEqual([10_000, 10_000, 2_500]);
  });

  it('names how many URLs it tried when none answered', async () => {
    const error = await jsonRpcRequest(http, [`${base}/down`, 'http://127.0.0.1:9/'], 'x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcUnavailableError);
    expect(error).toMatchObject({ message: 'No RPC endpoint answered (2 tried)', code: 'kernel/rpc-unavailable' });
    await expect(jsonRpcRequest(http, [], 'x')).rejects.toThrow('No RPC endpoint answered (0 tried)');
  });
});

describe('isEndpointUnreachable', () => {
  it('is true for a refused connection, a timeout, a 408/429/5xx status and no URL answering; false for answers', () => {
    expect(isEndpointUnreachable(new TypeError('Failed to fetch'))).toBe(true);
    expect(isEndpointUnreachable(new HttpTimeoutError('http://x', 10))).toBe(true);
    expect(isEndpointUnreachable(new RpcUnavailableError(['http://x'], new Error('down')))).toBe(true);
    for (const status of [408, 429, 500, 502, 503, 504]) expect(isEndpointUnreachable(new HttpError(status, 'http://x'))).toBe(true);
    for (const status of [400, 401, 404, 422]) expect(isEndpointUnreachable(new HttpError(status, 'http://x'))).toBe(false);
    expect(isEndpointUnreachable(new JsonRpcError(-32000, 'execution reverted'))).toBe(false);
    expect(isEndpointUnreachable({ code: 4001 })).toBe(false);
  });
});
