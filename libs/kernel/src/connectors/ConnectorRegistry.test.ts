import { describe, expect, it } from 'vitest';
import { ConnectorInvalidError, ConnectorRegistry } from './ConnectorRegistry';

describe('ConnectorRegistry', () => {
  it('resolves the group from the connector type', () => {
    const registry = new ConnectorRegistry();
    registry.register({ id: 'wc', name: 'WalletConnect', type: 'WALLET_CONNECT', namespaces: ['acme'] }, 'p');
    registry.register({ id: 'x', name: 'X Wallet', type: 'ANNOUNCED', namespaces: ['acme'] }, 'p');
    registry.register({ id: 'ext', name: 'Ext', type: 'EXTERNAL', namespaces: ['acme'] }, 'p');
    registry.register({ id: 'feat', name: 'Featured', type: 'ANNOUNCED', namespaces: ['acme'], group: 'featured' }, 'p');
    expect(registry.getSnapshot().map((c) => [c.id, c.group])).toEqual([
      ['wc', 'walletConnect'],
      ['x', 'injected'],
      ['ext', 'external'],
      ['feat', 'featured'],
    ]);
  });

  it('merges one wallet seen by two chain plugins into a MULTI_CHAIN connector', () => {
    const registry = new ConnectorRegistry();
    const offA = registry.register({ id: 'multi', name: 'Multi', type: 'ANNOUNCED', namespaces: ['acme'] }, 'chain-acme');
    registry.register({ id: 'multi', name: 'Multi', type: 'ANNOUNCED', namespaces: ['beta'] }, 'chain-beta');
    expect(registry.get('multi')).toMatchObject({ type: 'MULTI_CHAIN', namespaces: ['acme', 'beta'] });
    offA();
    expect(registry.get('multi')).toMatchObject({ type: 'ANNOUNCED', namespaces: ['beta'], pluginId: 'chain-beta' });
  });

  it('notifies subscribers and unregisters once', () => {
    const registry = new ConnectorRegistry();
    let calls = 0;
    registry.subscribe(() => calls++);
    const off = registry.register({ id: 'a', name: 'A', type: 'INJECTED', namespaces: ['acme'] }, 'p');
    off();
    off();
    expect(calls).toBe(2);
    expect(registry.getSnapshot()).toEqual([]);
  });

  it.each([
    [{ id: '', name: 'A', type: 'INJECTED', namespaces: ['acme'] }, 'id: Must have at least 1 character(s)'],
    [{ id: 'a', name: 'x'.repeat(101), type: 'INJECTED', namespaces: ['acme'] }, 'name: Must have at most 100 character(s)'],
    [{ id: 'a', name: 'A', type: 'PHISHING', namespaces: ['acme'] }, 'type: Expected one of'],
    [{ id: 'a', name: 'A', type: 'INJECTED', namespaces: [] }, 'namespaces: Must have at least 1 item(s)'],
    [{ id: 'a', name: 42, type: 'INJECTED', namespaces: ['acme'] }, 'name: Expected string, received number'],
  ])('rejects a malformed announcement %#', (connector, problem) => {
    const registry = new ConnectorRegistry();
    expect(() => registry.register(connector as never, 'p')).toThrow(ConnectorInvalidError);
    expect(() => registry.register(connector as never, 'p')).toThrow(problem);
    expect(registry.getSnapshot()).toEqual([]);
  });
});

describe('directory wallets (via, links)', () => {
  it('keeps `via` and checked links, and refuses script-running or non-https web links', () => {
    const registry = new ConnectorRegistry();
    const base = { id: 'dir-1', name: 'Directory Wallet', type: 'WALLET_CONNECT' as const, namespaces: ['eip155'], group: 'featured' as const, via: 'walletConnect' };
    registry.register({ ...base, links: { mobile: 'dirwallet://', desktop: 'https://dir.example/wc', web: 'https://app.dir.example' } }, 'core');
    expect(registry.get('dir-1')).toMatchObject({ via: 'walletConnect', links: { mobile: 'dirwallet://', web: 'https://app.dir.example' } });
    expect(() => registry.register({ ...base, id: 'dir-2', links: { mobile: 'javascript:alert(1)' } }, 'core')).toThrow(/links\.mobile.*https or app-scheme/);
    expect(() => registry.register({ ...base, id: 'dir-3', links: { web: 'http://app.example' } }, 'core')).toThrow(/links\.web.*https link/);
    registry.register({ ...base, id: 'dir-4', links: { appStore: 'https://apps.apple.com/app/x/id1', playStore: 'https://play.google.com/store/apps/details?id=x' } }, 'core');
    expect(registry.get('dir-4')?.links).toEqual({ appStore: 'https://apps.apple.com/app/x/id1', playStore: 'https://play.google.com/store/apps/details?id=x' });
    // A store page is a web page: no app schemes, no plain http.
    expect(() => registry.register({ ...base, id: 'dir-5', links: { appStore: 'itms-apps://apps.apple.com/app/id1' } }, 'core')).toThrow(/links\.appStore.*https link/);
    expect(() => registry.register({ ...base, id: 'dir-6', links: { playStore: 'http://play.example' } }, 'core')).toThrow(/links\.playStore.*https link/);
  });
});
