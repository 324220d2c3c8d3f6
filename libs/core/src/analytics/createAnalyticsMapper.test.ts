import { createMemoryStorage } from '@portico/kernel';
import { shellPlugin } from '@portico/kernel/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { acmeChain, acmeNetworks as networks } from '../../testing/acmeChain';
import { createPortico, type Portico } from '../portico/createPortico';
import { followConnectAttempts } from '../portico/followConnectAttempts';
import type { AnalyticsEvent } from './AnalyticsEvent';

const made: Portico[] = [];
afterEach(async () => {
  await Promise.all(made.splice(0).map((p) => p.dispose()));
});

/** A started instance with the acme chain whose events go to a callback sink. */
async function withSink(behaviour: Parameters<typeof acmeChain>[0] = {}, analytics: { includeAddresses?: boolean } = {}) {
  const events: AnalyticsEvent[] = [];
  const { plugin } = acmeChain(behaviour);
  const portico = createPortico({ projectId: 'p', storage: createMemoryStorage(), logLevel: 'silent', networks, plugins: [plugin], analytics: { onEvent: (e) => events.push(e), ...analytics } }, { shell: shellPlugin });
  made.push(portico);
  await portico.start();
  // What a binding's modal does once its code has come, after the start: it shows the connect
  // attempts (Connecting, closed once connected).
  followConnectAttempts(portico.kernel);
  return { portico, events, types: () => events.map((e) => e.type) };
}

/** The sink is a dynamic import: waits until the events up to `last` have arrived. */
async function arrived(events: AnalyticsEvent[], last: AnalyticsEvent['type']) {
  await expect.poll(() => events.some((e) => e.type === last)).toBe(true);
}

describe('the modal events a sink receives', () => {
  it('reports a connect from opening to success, with the connector type and no address', async () => {
    const { portico, events, types } = await withSink();
    void portico.open();
    await portico.connect('acme-wallet');
    await arrived(events, 'modal_closed');
    expect(types()).toEqual(['modal_opened', 'connect_started', 'view_changed', 'connection_status_changed', 'connection_status_changed', 'connect_succeeded', 'view_changed', 'modal_closed']);
    expect(events.find((e) => e.type === 'modal_opened')?.properties).toEqual({ view: 'Connect' });
    expect(events.find((e) => e.type === 'view_changed')?.properties).toEqual({ view: 'Connecting', previous: 'Connect' });
    expect(events.find((e) => e.type === 'connect_started')?.properties).toEqual({ connectorId: 'acme-wallet', connectorType: 'ANNOUNCED' });
    expect(events.find((e) => e.type === 'connect_succeeded')?.properties).toEqual({ namespace: 'acme', connectorId: 'acme-wallet', connectorType: 'ANNOUNCED' });
    expect(JSON.stringify(events)).not.toContain('abcdef0123456789');
    for (const event of events) expect(event.timestamp).toBeGreaterThan(0);
  });

  it('puts the address in only when the host opts in', async () => {
    const { portico, events } = await withSink({}, { includeAddresses: true });
    void portico.open();
    await portico.connect('acme-wallet');
    await arrived(events, 'connect_succeeded');
    expect(events.find((e) => e.type === 'connect_succeeded')?.properties).toMatchObject({ address: 'acme:1:abcdef0123456789' });
  });

  it('reports a failed connect by kind and code, never by message', async () => {
    const { portico, events } = await withSink({ decline: true });
    void portico.open();
    await expect(portico.connect('acme-wallet')).rejects.toThrow('User rejected the request.');
    await arrived(events, 'connect_abandoned');
    const failed = events.filter((e) => e.type === 'connect_failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.properties).toMatchObject({ connectorId: 'acme-wallet', connectorType: 'ANNOUNCED' });
    expect(typeof failed[0]!.properties.errorKind).toBe('string');
    expect(JSON.stringify(events)).not.toMatch(/rejected the request/i);
    expect(events.find((e) => e.type === 'connect_abandoned')?.properties).toMatchObject({ namespace: 'acme', connectorId: 'acme-wallet', reason: 'ended' });
  });

  it('reports sign-in and sign-out of the sign-in plugin without the address', async () => {
    const { portico, events } = await withSink();
    portico.kernel.events.emit('siwx:session-added' as never, { caipAddress: 'acme:1:abcdef0123456789', session: {} } as never);
    portico.kernel.events.emit('siwx:session-removed' as never, { caipAddress: 'acme:1:abcdef0123456789' } as never);
    await arrived(events, 'signed_out');
    expect(events.map((e) => [e.type, e.properties])).toEqual([
      ['sign_in_succeeded', { namespace: 'acme' }],
      ['signed_out', { namespace: 'acme' }],
    ]);
  });
});
