import { describe, expect, it } from 'vitest';
import { ContributionRegistry } from '../contributions/ContributionRegistry';
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

  it("places a connector that names no group by its plugin's contributed connector group (type, namespaces), else by its type", () => {
    const contributions = new ContributionRegistry();
    contributions.add('vault', { connectorGroups: [{ id: 'vault-auth', group: 'featured', connectorType: 'AUTH', namespaces: ['acme'], order: 5 }] });
    const registry = new ConnectorRegistry(contributions);
    registry.register({ id: 'v1', name: 'Vault', type: 'AUTH', namespaces: ['acme'] }, 'vault');
    registry.register({ id: 'v2', name: 'Vault Beta', type: 'AUTH', namespaces: ['beta'] }, 'vault');
    registry.register({ id: 'v3', name: 'Vault Own', type: 'AUTH', namespaces: ['acme'], group: 'custom', order: 1 }, 'vault');
    registry.register({ id: 'other', name: 'Other', type: 'AUTH', namespaces: ['acme'] }, 'someone-else');
    registry.register({ id: 'ann', name: 'Announced', type: 'ANNOUNCED', namespaces: ['acme'] }, 'vault');
    expect(registry.getSnapshot().map((c) => [c.id, c.group, c.order])).toEqual([
      ['v1', 'featured', 5],
      ['v2', 'injected', undefined],
      ['v3', 'custom', 1],
      ['other', 'injected', undefined],
      ['ann', 'injected', undefined],
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

  it('finds another plugin\'s wallet by identity: the same object, or a mutual link; never one-sided, never by name', () => {
    const registry = new ConnectorRegistry();
    const provider = { request: async () => null };
    const standard = { name: 'Multi' };
    const lookalike = { name: 'Multi' };
    const base = { name: 'Multi', type: 'ANNOUNCED' as const, icon: 'data:image/png;base64,AAAA' };
    registry.register({ ...base, id: 'com.multi', namespaces: ['beta'] }, 'chain-beta', { wallet: provider, linked: [standard] });
    // Mutual: each names the other.
    expect(registry.sameWalletId({ wallet: standard, linked: [provider] }, 'chain-acme')).toBe('com.multi');
    // One-sided: the look-alike names the provider, which does not name it back.
    expect(registry.sameWalletId({ wallet: lookalike, linked: [provider] }, 'chain-acme')).toBeUndefined();
    // The provider names `standard`, but `standard` does not name the provider.
    expect(registry.sameWalletId({ wallet: standard, linked: [] }, 'chain-acme')).toBeUndefined();
    // The very same object seen by a third plugin.
    expect(registry.sameWalletId({ wallet: provider, linked: [] }, 'chain-gamma')).toBe('com.multi');
    // Never within one plugin, and never into an id that already holds a wallet of the asking plugin.
    expect(registry.sameWalletId({ wallet: provider, linked: [] }, 'chain-beta')).toBeUndefined();
    registry.register({ ...base, id: 'com.multi', namespaces: ['acme'] }, 'chain-acme', { wallet: standard, linked: [provider] });
    expect(registry.get('com.multi')).toMatchObject({ type: 'MULTI_CHAIN', namespaces: ['beta', 'acme'] });
    expect(registry.sameWalletId({ wallet: standard, linked: [provider] }, 'chain-acme')).toBeUndefined();
  });

  it('keeps `contested` and carries it into a merged entry', () => {
    const registry = new ConnectorRegistry();
    registry.register({ id: 'a', name: 'A', type: 'ANNOUNCED', namespaces: ['acme'] }, 'chain-acme');
    registry.register({ id: 'a', name: 'A', type: 'ANNOUNCED', namespaces: ['beta'], contested: true }, 'chain-beta');
    expect(registry.get('a')).toMatchObject({ type: 'MULTI_CHAIN', contested: true });
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
