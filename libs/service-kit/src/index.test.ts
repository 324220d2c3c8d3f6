import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createTelemetry, logLevelOf, requestIdOf } from './index';

/** Log lines written to memory. */
function lines() {
  const written: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) written.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { written, destination };
}

describe('requestIdOf', () => {
  it('keeps a plain id a proxy passes on, and replaces anything else with a UUID', () => {
    expect(requestIdOf('req-0123456789abcdef')).toBe('req-0123456789abcdef');
    expect(requestIdOf(['first-id-0001', 'second'])).toBe('first-id-0001');
    for (const bad of [undefined, '', 'short', 'has space in it', 'x'.repeat(129), 'a\nb-injected-line', '<script>alert(1)</script>']) {
      expect(requestIdOf(bad)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });
});

describe('createTelemetry', () => {
  it('logs each request as one JSON line with its id, and counts it by route, method and status on the metrics port', async () => {
    const { written, destination } = lines();
    const telemetry = createTelemetry({ service: 'test-service', destination });
    const requests = telemetry.counter('things_done_total', 'Things done', ['kind']);
    telemetry.gauge('things_open', 'Things open now', () => 7);
    const handler = telemetry.instrument(
      (request, response) => {
        requests.inc({ kind: 'thing' });
        response.writeHead(request.url?.startsWith('/missing') ? 404 : 200).end('ok');
      },
      (_method, path) => (path === '/thing' ? '/thing' : 'other'),
    );
    const server = createServer(handler);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const metrics = await telemetry.serveMetrics(0);
    try {
      const answer = await fetch(`${base}/thing`, { headers: { 'x-request-id': 'from-the-proxy-42' } });
      expect(answer.headers.get('x-request-id')).toBe('from-the-proxy-42');
      const fresh = await fetch(`${base}/missing/123`);
      const freshId = fresh.headers.get('x-request-id');
      expect(freshId).toMatch(/^[0-9a-f-]{36}$/);
      await new Promise((r) => setTimeout(r, 50));
      const logged = written.filter((l) => l['msg'] === 'request');
      expect(logged).toEqual([
        expect.objectContaining({ service: 'test-service', reqId: 'from-the-proxy-42', method: 'GET', route: '/thing', status: 200, level: 30 }),
        expect.objectContaining({ service: 'test-service', reqId: freshId, method: 'GET', route: 'other', status: 404 }),
      ]);
      const text = await (await fetch(metrics.url)).text();
      expect(text).toContain('http_requests_total{route="/thing",method="GET",status="200",service="test-service"} 1');
      expect(text).toContain('http_requests_total{route="other",method="GET",status="404",service="test-service"} 1');
      expect(text).toContain('http_request_duration_seconds_count{service="test-service",route="/thing",method="GET",status="200"} 1');
      expect(text).toContain('things_done_total{kind="thing",service="test-service"} 2');
      expect(text).toContain('things_open{service="test-service"} 7');
      expect(text).toContain('process_cpu_user_seconds_total');
      // Only GET /metrics there.
      expect((await fetch(metrics.url.replace('/metrics', '/other'))).status).toBe(404);
    } finally {
      await metrics.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('reads LOG_LEVEL: a pino level, any case; anything else is the default', () => {
    expect(logLevelOf('DEBUG')).toBe('debug');
    expect(logLevelOf('silent')).toBe('silent');
    expect(logLevelOf('loud')).toBeUndefined();
    expect(logLevelOf(undefined)).toBeUndefined();
  });
});
