import { createMemoryStorage } from '@portico/kernel';
import { shellPlugin } from '@portico/kernel/testing';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { acmeChain, acmeNetworks as networks } from '../../testing/acmeChain';
import { createPortico, type Portico } from '../portico/createPortico';
import { followConnectAttempts } from '../portico/followConnectAttempts';
import type { PorticoConfig } from '../portico/porticoConfigSchema';
import type { AnalyticsEvent } from './AnalyticsEvent';

interface Batch {
  projectId: string | null;
  events: AnalyticsEvent[];
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

/** A local HTTP sink on 127.0.0.1 that records the JSON bodies POSTed to it. */
async function startSink() {
  const batches: Batch[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (req.method === 'POST') batches.push(JSON.parse(body) as Batch);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/events`, batches };
}

async function started(config: Partial<PorticoConfig>) {
  const { plugin } = acmeChain();
  const portico: Portico = createPortico({ projectId: 'proj-1', storage: createMemoryStorage(), logLevel: 'silent', networks, plugins: [plugin], ...config }, { shell: shellPlugin });
  cleanups.push(() => portico.dispose());
  await portico.start();
  // What a binding's modal does once its code has come, after the start: it shows the connect
  // attempts (Connecting, closed once connected).
  followConnectAttempts(portico.kernel);
  return portico;
}

const until = async (check: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('createAnalytics', () => {
  it('subscribes to nothing when no sink is configured', async () => {
    const bare = await started({});
    const withSink = await started({ analytics: { onEvent: () => {} } });
    expect(withSink.kernel.events.listenerCount('account:connected')).toBe(bare.kernel.events.listenerCount('account:connected') + 1);
    expect(bare.kernel.events.listenerCount('siwx:session-added' as never)).toBe(0);
  });

  it('an open before the recorder’s code has arrived (a click on a slow network) is recorded once it has', async () => {
    const events: AnalyticsEvent[] = [];
    const { plugin } = acmeChain();
    const p = createPortico({ projectId: 'proj-1', storage: createMemoryStorage(), logLevel: 'silent', networks, plugins: [plugin], analytics: { onEvent: (e) => events.push(e) } }, { shell: shellPlugin });
    cleanups.push(() => p.dispose());
    // The recorder is a dynamic import: it cannot be there in the task that made the instance.
    p.open();
    await p.start();
    await expect.poll(() => events.map((e) => e.type)).toContain('modal_opened');
    expect(events.filter((e) => e.type === 'modal_opened')).toHaveLength(1);
  });

  it('records nothing while the flag is off, even with a sink', async () => {
    const events: AnalyticsEvent[] = [];
    const p = await started({ features: { analytics: false }, analytics: { onEvent: (e) => events.push(e) } });
    void p.open();
    await p.connect('acme-wallet');
    expect(events).toEqual([]);
    await new Promise((r) => setTimeout(r, 100));
    expect(events).toEqual([]);
    p.kernel.setFeature('analytics', undefined);
    void p.open();
    await expect.poll(() => events.map((e) => e.type)).toContain('modal_opened');
  });

  it('keeps calling a callback that throws, and the app goes on', async () => {
    const seen: string[] = [];
    const p = await started({
      analytics: {
        onEvent: (e) => {
          seen.push(e.type);
          throw new Error('host bug');
        },
      },
    });
    void p.open();
    await expect(p.connect('acme-wallet')).resolves.toBeUndefined();
    await expect.poll(() => seen).toContain('modal_closed');
    expect(seen.slice(0, 2)).toEqual(['modal_opened', 'connect_started']);
  });

  it('refuses a sink URL that is not http(s) and a non-function callback', () => {
    expect(() => createPortico({ projectId: 'p', analytics: { url: 'javascript:alert(1)' } })).toThrow('analytics.url: Must be an http(s) URL');
    expect(() => createPortico({ projectId: 'p', analytics: { onEvent: 'x' as never } })).toThrow('analytics.onEvent: Expected a function');
    expect(() => createPortico({ projectId: 'p', analytics: { endpoint: 'x' } as never })).toThrow('analytics');
  });

  it('posts batches with the projectId to the URL, only once the modal has opened', async () => {
    const sink = await startSink();
    const p = await started({ analytics: { url: sink.url } });
    // A fact before any click (a restored session) is held, not sent.
    p.kernel.events.emit('network:switched', { namespace: 'acme', network: 'acme:2' });
    await new Promise((r) => setTimeout(r, 1800));
    expect(sink.batches).toEqual([]);
    void p.open();
    await p.connect('acme-wallet');
    await until(() => sink.batches.flatMap((b) => b.events).some((e) => e.type === 'modal_closed'));
    expect(sink.batches.every((b) => b.projectId === 'proj-1')).toBe(true);
    const types = sink.batches.flatMap((b) => b.events.map((e) => e.type));
    expect(types.slice(0, 3)).toEqual(['network_switched', 'modal_opened', 'connect_started']);
    expect(types).toContain('connect_succeeded');
    // Held for the batch timer: one request, not one per event.
    expect(sink.batches.length).toBeLessThan(types.length);
    expect(JSON.stringify(sink.batches)).not.toContain('abcdef0123456789');
  });

  it('holds at most 100 events before the modal first opens, dropping the oldest', async () => {
    const sink = await startSink();
    const p = await started({ analytics: { url: sink.url } });
    for (let i = 0; i < 150; i++) p.kernel.events.emit('network:switched', { namespace: 'acme', network: `acme:${i}` });
    void p.open();
    await until(() => sink.batches.flatMap((b) => b.events).some((e) => e.type === 'modal_opened'));
    const sent = sink.batches.flatMap((b) => b.events);
    expect(sent).toHaveLength(100);
    expect(sent[0]!.properties.network).toBe('acme:51');
  });

  it('drops queued events when the flag is turned off before they were sent', async () => {
    const sink = await startSink();
    const p = await started({ analytics: { url: sink.url } });
    void p.open();
    await new Promise((r) => setTimeout(r, 100));
    p.kernel.setFeature('analytics', false);
    await p.connect('acme-wallet');
    await new Promise((r) => setTimeout(r, 1800));
    expect(sink.batches).toEqual([]);
  });
});
