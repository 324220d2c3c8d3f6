import { createServer } from 'node:net';
import { JsonRpcError, RpcUnavailableError } from '@portico/kernel/http';
import { HttpError, HttpResponseInvalidError, HttpTimeoutError } from '@portico/kernel/errors';
import { describe, expect, it } from 'vitest';
import { readFailureKind } from './readFailureKind';

/** What `fetch` really throws for a loopback port nothing listens on. */
async function refusedFetchError(): Promise<unknown> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return fetch(`http://127.0.0.1:${port}/`).then(() => undefined, (error: unknown) => error);
}

describe('readFailureKind', () => {
  it('calls an outage "unreachable": no URL answered, a timeout, a refused connection, a 5xx or 429', async () => {
    expect(readFailureKind(new RpcUnavailableError(['http://a'], new TypeError('fetch failed')))).toBe('unreachable');
    expect(readFailureKind(new HttpTimeoutError('http://a', 10_000))).toBe('unreachable');
    expect(readFailureKind(new HttpError(503, 'http://a'))).toBe('unreachable');
    expect(readFailureKind(new HttpError(429, 'http://a'))).toBe('unreachable');
    expect(readFailureKind(await refusedFetchError())).toBe('unreachable');
  });

  it('calls an answer that is an error "failed"', () => {
    expect(readFailureKind(new JsonRpcError(-32000, 'header not found'))).toBe('failed');
    expect(readFailureKind(new HttpError(404, 'http://a'))).toBe('failed');
    expect(readFailureKind(new HttpResponseInvalidError('http://a', 'the body is not valid JSON'))).toBe('failed');
    expect(readFailureKind(new Error('something else'))).toBe('failed');
    expect(readFailureKind('not even an error')).toBe('failed');
  });
});
