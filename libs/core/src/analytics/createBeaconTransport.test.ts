import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { AnalyticsEvent } from './AnalyticsEvent';
import { createBeaconTransport } from './createBeaconTransport';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

/** A local sink recording each POST: its content type and the events it carried. */
async function startSink() {
  const posts: Array<{ contentType: string | undefined; projectId: string | null; types: string[] }> = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const batch = JSON.parse(body) as { projectId: string | null; events: AnalyticsEvent[] };
      posts.push({ contentType: req.headers['content-type'], projectId: batch.projectId, types: batch.events.map((e) => e.properties.n as string) });
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/e`, posts };
}

const event = (n: number): AnalyticsEvent => ({ type: 'view_changed', timestamp: 1, properties: { n: String(n) } });
const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Waits until `check` holds (a fact, not a time), failing after 10 s. */
async function until(check: () => boolean): Promise<void> {
  for (const started = Date.now(); !check(); await settle(10)) if (Date.now() - started > 10_000) throw new Error('condition not met in 10 s');
}
const quiet = () => {
  const warnings: unknown[] = [];
  return { warnings, logger: { warn: (...args: unknown[]) => void warnings.push(args) } };
};

describe('createBeaconTransport', () => {
  it('holds events for the timer and sends them as one text/plain POST with the projectId', async () => {
    const sink = await startSink();
    const transport = createBeaconTransport({ url: sink.url, projectId: 'proj', logger: quiet().logger, flushMs: 200 });
    cleanups.push(async () => transport.dispose());
    const added = Date.now();
    transport.add(event(1));
    transport.add(event(2));
    await settle(100);
    expect(sink.posts).toEqual([]);
    await until(() => sink.posts.length > 0);
    // Not before the flush timer: one POST with both events.
    expect(Date.now() - added).toBeGreaterThanOrEqual(200);
    expect(sink.posts).toEqual([{ contentType: 'text/plain;charset=UTF-8', projectId: 'proj', types: ['1', '2'] }]);
  });

  it('sends a full batch at once and the rest when disposed', async () => {
    const sink = await startSink();
    const transport = createBeaconTransport({ url: sink.url, projectId: undefined, logger: quiet().logger, flushMs: 60_000, maxBatch: 3 });
    for (const n of [1, 2, 3, 4]) transport.add(event(n));
    await until(() => sink.posts.length > 0);
    expect(sink.posts).toEqual([{ contentType: 'text/plain;charset=UTF-8', projectId: null, types: ['1', '2', '3'] }]);
    // What is left goes when the instance is disposed.
    transport.dispose();
    await until(() => sink.posts.length > 1);
    expect(sink.posts.map((p) => p.types)).toEqual([['1', '2', '3'], ['4']]);
    transport.add(event(5));
    await settle(100);
    expect(sink.posts).toHaveLength(2);
  });

  it('never throws when the sink is down, and warns once', async () => {
    const { warnings, logger } = quiet();
    const transport = createBeaconTransport({ url: 'http://127.0.0.1:9/nothing-here', projectId: 'p', logger, flushMs: 10 });
    transport.add(event(1));
    transport.flush();
    transport.add(event(2));
    transport.flush();
    await settle(500);
    expect(warnings).toHaveLength(1);
    transport.dispose();
  });

  it('drops what is queued on clear', async () => {
    const sink = await startSink();
    const transport = createBeaconTransport({ url: sink.url, projectId: 'p', logger: quiet().logger, flushMs: 50 });
    transport.add(event(1));
    transport.clear();
    await settle(200);
    transport.dispose();
    await settle(100);
    expect(sink.posts).toEqual([]);
  });
});
