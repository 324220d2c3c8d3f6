import type { RegisteredConnector } from '@portico/kernel';
import { describe, expect, it } from 'vitest';
import { groupConnectors } from './groupConnectors';

const c = (id: string, extra: Partial<RegisteredConnector> = {}): RegisteredConnector => ({
  id,
  name: id,
  type: 'ANNOUNCED',
  namespaces: ['acme'],
  group: 'injected',
  pluginId: 'p',
  ...extra,
});

const shape = (groups: ReturnType<typeof groupConnectors>) => groups.map((g) => [g.group, g.connectors.map((x) => x.id)]);

describe('groupConnectors', () => {
  it('puts groups in the spec order and recent wallets on top, newest first', () => {
    const groups = groupConnectors(
      [c('ext', { group: 'external', type: 'EXTERNAL' }), c('a'), c('b'), c('wc', { group: 'walletConnect', type: 'WALLET_CONNECT' }), c('f', { group: 'featured' })],
      { recent: [{ id: 'b', name: 'b' }, { id: 'a', name: 'a' }], excluded: new Set(), isMobile: false },
    );
    expect(shape(groups)).toEqual([
      ['walletConnect', ['wc']],
      ['recent', ['b', 'a']],
      ['featured', ['f']],
      ['external', ['ext']],
    ]);
  });

  it('leaves embedded wallets (AUTH) out, recent or not: their connect method reaches them', () => {
    const groups = groupConnectors([c('email', { type: 'AUTH', group: 'external' }), c('a')], { recent: [{ id: 'email', name: 'Email' }], excluded: new Set(), isMobile: false });
    expect(shape(groups)).toEqual([['injected', ['a']]]);
  });

  it('hides excluded wallets by id or rdns', () => {
    const groups = groupConnectors([c('a'), c('b', { rdns: 'io.bad' })], { recent: [], excluded: new Set(['a', 'io.bad']), isMobile: false });
    expect(groups).toEqual([]);
  });

  it('hides the legacy Browser Wallet on desktop when an announced wallet exists, not on mobile', () => {
    const list = [c('legacy', { type: 'INJECTED', name: 'Browser Wallet' }), c('announced')];
    expect(shape(groupConnectors(list, { recent: [], excluded: new Set(), isMobile: false }))).toEqual([['injected', ['announced']]]);
    expect(shape(groupConnectors(list, { recent: [], excluded: new Set(), isMobile: true }))).toEqual([['injected', ['legacy', 'announced']]]);
    expect(shape(groupConnectors([list[0]!], { recent: [], excluded: new Set(), isMobile: false }))).toEqual([['injected', ['legacy']]]);
  });

  it('filters by namespace when asked', () => {
    const groups = groupConnectors([c('a'), c('b', { namespaces: ['beta'] })], { recent: [], excluded: new Set(), isMobile: false, namespaces: new Set(['beta']) });
    expect(shape(groups)).toEqual([['injected', ['b']]]);
  });
});
