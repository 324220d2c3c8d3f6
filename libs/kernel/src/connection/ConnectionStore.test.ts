import { describe, expect, it, vi } from 'vitest';
import { CONNECTION_SCHEMA_VERSION, createMemoryStorage, RECENT_WALLETS_KEPT } from '../../test/internals';
import { AdapterNotFoundError, InvalidCaipAddressError, InvalidCaipNetworkIdError } from '../../src/entries/errors';
import { chainPlugin, errorOf, kernelFactory, record, waitFor } from '../../test/helpers';

const makeKernel = kernelFactory();

const acme = chainPlugin('acme');
const beta = chainPlugin('beta', { namespaces: [{ id: 'beta', name: 'Beta', defaultAccountType: 'smartAccount' }] });
const A1 = 'acme:1:0xaaa';
const A2 = 'acme:1:0xbbb';

describe('ConnectionStore: statuses and events', () => {
  it('moves a namespace through connecting → connected → disconnected with events', () => {
    const kernel = makeKernel({ plugins: [acme] });
    const statuses = record(kernel, 'connection:status-changed');
    const connected = record(kernel, 'account:connected');
    const disconnected = record(kernel, 'account:disconnected');
    const store = kernel.connection;

    expect(store.get('acme')).toEqual({ status: 'disconnected', accounts: [], address: undefined, network: undefined, connectorId: undefined });
    store.setConnecting('acme', 'acme-injected');
    expect(store.get('acme').status).toBe('connecting');
    store.setConnected('acme', { accounts: [{ address: A1, type: 'eoa' }] });
    expect(store.get('acme')).toEqual({
      status: 'connected',
      accounts: [{ address: A1, type: 'eoa' }],
      address: A1,
      network: 'acme:1',
      connectorId: 'acme-injected',
    });
    store.setDisconnected('acme');
    expect(store.get('acme')).toMatchObject({ status: 'disconnected', accounts: [], address: undefined, network: 'acme:1' });

    expect(statuses).toEqual([
      { namespace: 'acme', status: 'connecting' },
      { namespace: 'acme', status: 'connected' },
      { namespace: 'acme', status: 'disconnected' },
    ]);
    expect(connected).toEqual([{ namespace: 'acme', address: A1, connectorId: 'acme-injected' }]);
    expect(disconnected).toEqual([{ namespace: 'acme' }]);
  });

  it('keeps statuses per namespace and one active namespace', () => {
    const kernel = makeKernel({ plugins: [acme, beta] });
    const store = kernel.connection;
    store.setConnected('acme', { accounts: [{ address: A1, type: 'eoa' }] });
    store.setConnected('beta', { accounts: [{ address: 'beta:main:xyz', type: 'smartAccount' }] });
    expect(store.get('acme').status).toBe('connected');
    expect(store.get('beta').status).toBe('connected');
    expect(store.getSnapshot().activeNamespace).toBe('acme');
    store.setDisconnected('acme');
    expect(store.getSnapshot().activeNamespace).toBe('beta');
    store.setActiveNamespace('acme');
    expect(store.getSnapshot().activeNamespace).toBe('acme');
  });

  it('does not emit account:connected again for an already connected namespace', () => {
    const kernel = makeKernel({ plugins: [acme] });
    const connected = record(kernel, 'account:connected');
    kernel.connection.setConnected('acme', { accounts: [{ address: A1, type: 'eoa' }] });
    kernel.connection.setConnected('acme', { accounts: [{ address: A2, type: 'eoa' }] });
    expect(connected).toHaveLength(1);
    expect(kernel.connection.get('acme').address).toBe(A2);
  });

  it('setNetwork emits network:switched only on a change', () => {
    const kernel = makeKernel({ plugins: [acme] });
    const switched = record(kernel, 'network:switched');
    kernel.connection.setConnected('acme', { accounts: [{ address: A1, type: 'eoa' }], network: 'acme:1' });
    kernel.connection.setNetwork('acme', 'acme:1');
    kernel.connection.setNetwork('acme', 'acme:2');
    expect(switched).toEqual([{ namespace: 'acme', network: 'acme:2' }]);
    expect(kernel.connection.get('acme').network).toBe('acme:2');
  });

  it('setAccounts keeps the selected account when still present, else selects the first, and emits account:changed', () => {
    const kernel = makeKernel({ plugins: [acme] });
    const changed = record(kernel, 'account:changed');
    const store = kernel.connection;
    store.setConnected('acme', { accounts: [{ address: A1, type: 'eoa' }] });
    store.setAccounts('acme', [
      { address: A2, type: 'eoa' },
      { address: A1, type: 'eoa' },
    ]);
    expect(store.get('acme').address).toBe(A1);
    store.setAccounts('acme', [{ address: A2, type: 'smartAccount' }]);
    expect(store.get('acme').address).toBe(A2);
    expect(changed).toEqual([{ namespace: 'acme', address: A2 }]);
  });

  it('setAccounts with an empty list disconnects', () => {
    const kernel = makeKernel({ plugins: [acme] });
    const disconnected = record(kernel, 'account:disconnected');
    kernel.connection.setConnected('acme', { accounts: [{ address: A1, type: 'eoa' }] });
    kernel.connection.setAccounts('acme', []);
    expect(kernel.connection.get('acme').status).toBe('disconnected');
    expect(disconnected).toEqual([{ namespace: 'acme' }]);
  });

  it('disconnecting a namespace never seen does nothing', () => {
    const kernel = makeKernel({ plugins: [acme] });
    const statuses = record(kernel, 'connection:status-changed');
    kernel.connection.setDisconnected('acme');
    expect(statuses).toEqual([]);
  });
});

describe('ConnectionStore: validation', () => {
  it('rejects a namespace no enabled chain plugin provides with AdapterNotFoundError', () => {
    const kernel = makeKernel({ plugins: [acme] });
    const error = errorOf(() => kernel.connection.setConnected('zeta', { accounts: [{ address: 'zeta:1:0x1', type: 'eoa' }] }));
    expect(error).toBeInstanceOf(AdapterNotFoundError);
    expect((error as AdapterNotFoundError).message).toBe('Adapter not found');
    expect((error as AdapterNotFoundError).details).toBe('no enabled chain plugin provides "zeta"');
    expect(() => kernel.connection.setConnecting('zeta')).toThrow(AdapterNotFoundError);
    expect(() => kernel.connection.setPreferredAccountType('zeta', 'eoa')).toThrow(AdapterNotFoundError);
    expect(() => kernel.connection.setActiveNamespace('zeta')).toThrow(AdapterNotFoundError);
  });

  it('rejects a namespace whose chain plugin is turned off', () => {
    const kernel = makeKernel({ plugins: [chainPlugin('acme', { featureFlag: { id: 'acmeChain', default: false } })] });
    expect(() => kernel.connection.setConnecting('acme')).toThrow(AdapterNotFoundError);
    kernel.setFeature('acmeChain', true);
    expect(() => kernel.connection.setConnecting('acme')).not.toThrow();
  });

  it('rejects an address that is not CAIP-10 with InvalidCaipAddressError', () => {
    const kernel = makeKernel({ plugins: [acme] });
    for (const address of ['0xaaa', 'acme:1', 'acme::0xaaa', 'acme:1:0xaaa:extra']) {
      expect(() => kernel.connection.setConnected('acme', { accounts: [{ address, type: 'eoa' }] })).toThrow(InvalidCaipAddressError);
    }
    expect(kernel.connection.get('acme').status).toBe('disconnected');
  });

  it('rejects an address of an unknown namespace, and one of another known namespace', () => {
    const kernel = makeKernel({ plugins: [acme, beta] });
    expect(() => kernel.connection.setConnected('acme', { accounts: [{ address: 'zeta:1:0x1', type: 'eoa' }] })).toThrow(
      InvalidCaipAddressError,
    );
    expect(() => kernel.connection.setConnected('acme', { accounts: [{ address: 'beta:1:0x1', type: 'eoa' }] })).toThrow(
      AdapterNotFoundError,
    );
    kernel.connection.setConnected('acme', { accounts: [{ address: A1, type: 'eoa' }] });
    expect(() => kernel.connection.setAccounts('acme', [{ address: 'nonsense', type: 'eoa' }])).toThrow(InvalidCaipAddressError);
    expect(kernel.connection.get('acme').address).toBe(A1);
  });

  it('rejects a network of another namespace or a malformed one', () => {
    const kernel = makeKernel({ plugins: [acme] });
    expect(() => kernel.connection.setConnected('acme', { accounts: [{ address: A1, type: 'eoa' }], network: 'beta:1' })).toThrow(
      InvalidCaipNetworkIdError,
    );
    kernel.connection.setConnected('acme', { accounts: [{ address: A1, type: 'eoa' }] });
    expect(() => kernel.connection.setNetwork('acme', 'acme')).toThrow(InvalidCaipNetworkIdError);
    expect(() => kernel.connection.setNetwork('acme', 'beta:1')).toThrow(InvalidCaipNetworkIdError);
  });
});

describe('ConnectionStore: preferences and recent wallets', () => {
  it('keeps the two most recent wallets, newest first, without duplicates', () => {
    const kernel = makeKernel();
    const store = kernel.connection;
    expect(RECENT_WALLETS_KEPT).toBe(2);
    store.addRecentWallet({ id: 'w1', name: 'One', rdns: 'com.one' });
    store.addRecentWallet({ id: 'w2', name: 'Two' });
    store.addRecentWallet({ id: 'w1', name: 'One again', rdns: 'com.one' });
    expect(store.getSnapshot().recentWallets).toEqual([
      { id: 'w1', name: 'One again', rdns: 'com.one' },
      { id: 'w2', name: 'Two' },
    ]);
    store.addRecentWallet({ id: 'w3', name: 'Three' });
    expect(store.getSnapshot().recentWallets.map((w) => w.id)).toEqual(['w3', 'w1']);
  });

  it('does not keep unknown fields of a recent wallet', () => {
    const kernel = makeKernel();
    kernel.connection.addRecentWallet({ id: 'w1', name: 'One', secret: 'x' } as never);
    expect(kernel.connection.getSnapshot().recentWallets).toEqual([{ id: 'w1', name: 'One' }]);
  });

  it("falls back to the chain plugin's default account type, and prefers the user's choice", () => {
    const kernel = makeKernel({ plugins: [acme, beta] });
    expect(kernel.connection.preferredAccountType('acme')).toBe('eoa');
    expect(kernel.connection.preferredAccountType('beta')).toBe('smartAccount');
    expect(kernel.connection.preferredAccountType('zeta')).toBeUndefined();
    kernel.connection.setPreferredAccountType('beta', 'eoa');
    expect(kernel.connection.preferredAccountType('beta')).toBe('eoa');
  });

  it('selects the first account of the preferred type on connect, else the first account', () => {
    const kernel = makeKernel({ plugins: [acme, beta] });
    const accounts = [
      { address: 'beta:1:0xeoa', type: 'eoa' as const },
      { address: 'beta:1:0xsmart', type: 'smartAccount' as const },
    ];
    kernel.connection.setConnected('beta', { accounts });
    expect(kernel.connection.get('beta').address).toBe('beta:1:0xsmart');
    kernel.connection.setConnected('acme', { accounts: [{ address: A1, type: 'smartAccount' }] });
    expect(kernel.connection.get('acme').address).toBe(A1);
  });
});

describe('ConnectionStore: persistence', () => {
  it('round-trips through shared storage into a second kernel, restoring connections as connecting', () => {
    const storage = createMemoryStorage();
    const first = makeKernel({ storage, plugins: [acme, beta] });
    first.connection.setConnecting('acme', 'acme-injected');
    first.connection.setConnected('acme', { accounts: [{ address: A1, type: 'eoa' }], network: 'acme:7' });
    first.connection.setPreferredAccountType('beta', 'eoa');
    first.connection.addRecentWallet({ id: 'w1', name: 'One', rdns: 'com.one' });

    const saved = JSON.parse(storage.get('portico/connection') ?? 'null');
    expect(saved).toEqual({
      v: CONNECTION_SCHEMA_VERSION,
      namespaces: { acme: { status: 'connected', connectorId: 'acme-injected', network: 'acme:7' } },
      preferredAccountTypes: { beta: 'eoa' },
      recentWallets: [{ id: 'w1', name: 'One', rdns: 'com.one' }],
      activeNamespace: 'acme',
    });
    expect(storage.get('portico/connection')).not.toContain('0xaaa');

    const second = makeKernel({ storage, plugins: [acme, beta] });
    const store = second.connection;
    expect(store.get('acme')).toEqual({ status: 'connecting', accounts: [], address: undefined, network: 'acme:7', connectorId: 'acme-injected' });
    expect(store.restoredSession('acme')).toEqual({ connectorId: 'acme-injected', network: 'acme:7' });
    expect(store.restoredSession('beta')).toBeUndefined();
    expect(store.getSnapshot()).toMatchObject({
      activeNamespace: 'acme',
      preferredAccountTypes: { beta: 'eoa' },
      recentWallets: [{ id: 'w1', name: 'One', rdns: 'com.one' }],
    });
  });

  it('a silent reconnect completes the restored session; the reconnect window gives up on the rest', () => {
    const storage = createMemoryStorage();
    const first = makeKernel({ storage, plugins: [acme, beta] });
    first.connection.setConnected('acme', { accounts: [{ address: A1, type: 'eoa' }] });
    first.connection.setConnected('beta', { accounts: [{ address: 'beta:main:xyz', type: 'eoa' }] });

    const second = makeKernel({ storage, plugins: [acme, beta] });
    const statuses = record(second, 'connection:status-changed');
    const disconnected = record(second, 'account:disconnected');
    second.connection.setConnected('acme', { accounts: [{ address: A1, type: 'eoa' }] });
    expect(second.connection.restoredSession('acme')).toBeUndefined();
    vi.useFakeTimers();
    try {
      second.connection.startReconnectWindow(new Set(['acme', 'beta']));
      expect(second.connection.get('beta').status).toBe('connecting');
      vi.advanceTimersByTime(10_000);
    } finally {
      vi.useRealTimers();
    }
    expect(second.connection.get('acme').status).toBe('connected');
    expect(second.connection.get('beta').status).toBe('disconnected');
    expect(second.connection.restoredSession('beta')).toBeUndefined();
    expect(statuses).toEqual([
      { namespace: 'acme', status: 'connected' },
      { namespace: 'beta', status: 'disconnected' },
    ]);
    expect(disconnected).toEqual([]);
  });

  it('the reconnect window sets a timer only while something is being restored', () => {
    const storage = createMemoryStorage();
    vi.useFakeTimers();
    try {
      const fresh = makeKernel({ storage, plugins: [acme] });
      fresh.connection.startReconnectWindow(new Set(['acme']));
      expect(vi.getTimerCount()).toBe(0);
      fresh.connection.setConnected('acme', { accounts: [{ address: A1, type: 'eoa' }] });
      const reloaded = makeKernel({ storage, plugins: [acme] });
      reloaded.connection.startReconnectWindow(new Set(['acme']));
      expect(vi.getTimerCount()).toBe(1);
      reloaded.connection.dispose();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('after start(), restored namespaces no plugin provides are dropped; others wait for reconnectTimeoutMs', async () => {
    const storage = createMemoryStorage();
    const first = makeKernel({ storage, plugins: [acme, beta] });
    first.connection.setConnected('acme', { accounts: [{ address: A1, type: 'eoa' }] });
    first.connection.setConnected('beta', { accounts: [{ address: 'beta:main:xyz', type: 'eoa' }] });

    const second = makeKernel({ storage, reconnectTimeoutMs: 40, plugins: [acme] });
    expect(second.connection.get('beta').status).toBe('connecting');
    await second.start();
    expect(second.connection.get('beta').status).toBe('disconnected');
    expect(second.connection.get('acme').status).toBe('connecting');
    await waitFor(() => second.connection.get('acme').status === 'disconnected');
  });

  it.each([
    ['corrupt JSON', '{"v":2,'],
    ['JSON null', 'null'],
    ['a foreign shape', JSON.stringify({ user: 'someone', theme: 'dark' })],
    ['an unknown version', JSON.stringify({ v: 3, namespaces: {}, preferredAccountTypes: {}, recentWallets: [] })],
    ['a wrong status', JSON.stringify({ v: 2, namespaces: { acme: { status: 'online' } }, preferredAccountTypes: {}, recentWallets: [] })],
    ['a bad network id', JSON.stringify({ v: 2, namespaces: { acme: { status: 'connected', network: 'acme' } }, preferredAccountTypes: {}, recentWallets: [] })],
    ['a wrong type', JSON.stringify({ v: 2, namespaces: [], preferredAccountTypes: {}, recentWallets: [] })],
    ['too many recent wallets', JSON.stringify({ v: 2, namespaces: {}, preferredAccountTypes: {}, recentWallets: [1, 2, 3].map((i) => ({ id: `w${i}`, name: 'W' })) })],
    ['a malformed account type', JSON.stringify({ v: 2, namespaces: {}, preferredAccountTypes: { acme: 'not a type!' }, recentWallets: [] })],
  ])('discards %s without throwing, removes the key and warns', (_label, text) => {
    const storage = createMemoryStorage({ 'portico/connection': text, 'portico/other': 'kept' });
    const warnings: string[] = [];
    const kernel = makeKernel({ storage, logLevel: 'warn', logSink: (_level, message) => void warnings.push(message), plugins: [acme] });
    expect(kernel.connection.getSnapshot()).toEqual({ namespaces: {}, activeNamespace: undefined, preferredAccountTypes: {}, recentWallets: [] });
    expect(storage.dump()).toEqual({ 'portico/other': 'kept' });
    expect(warnings).toEqual(['[portico] Discarded unreadable connection data under "portico/connection"']);
  });

  it('ignores a stored account type the chain plugin does not declare, keeping its default', () => {
    const storage = createMemoryStorage({ 'portico/connection': JSON.stringify({ v: 2, namespaces: {}, preferredAccountTypes: { acme: 'vault', beta: 'vault' }, recentWallets: [] }) });
    const typed = chainPlugin('acme', { namespaces: [{ id: 'acme', name: 'ACME', accountTypes: ['eoa', 'smartAccount'], defaultAccountType: 'eoa' }] });
    const kernel = makeKernel({ storage, plugins: [typed, beta] });
    expect(kernel.connection.preferredAccountType('acme')).toBe('eoa');
    // beta declares no list: its words are its own business.
    expect(kernel.connection.preferredAccountType('beta')).toBe('vault');
    kernel.connection.setPreferredAccountType('acme', 'smartAccount');
    expect(kernel.connection.preferredAccountType('acme')).toBe('smartAccount');
  });

  it('migrates the legacy v1 record', () => {
    const legacy = { v: 1, connectionStatus: 'connected', connectedNamespaces: 'acme,beta', preferredAccountTypes: { acme: 'smartAccount' } };
    const storage = createMemoryStorage({ 'portico/connection': JSON.stringify(legacy) });
    const kernel = makeKernel({ storage, plugins: [acme, beta] });
    expect(kernel.connection.get('acme').status).toBe('connecting');
    expect(kernel.connection.get('beta').status).toBe('connecting');
    expect(kernel.connection.restoredSession('beta')).toEqual({ connectorId: undefined, network: undefined });
    expect(kernel.connection.preferredAccountType('acme')).toBe('smartAccount');
    expect(storage.get('portico/connection')).toBe(JSON.stringify(legacy));

    kernel.connection.setConnected('acme', { accounts: [{ address: A1, type: 'eoa' }] });
    expect(JSON.parse(storage.get('portico/connection') ?? '{}').v).toBe(2);
  });

  it('migrates a legacy v1 record that was disconnected, skipping bad namespace names', () => {
    const legacy = { v: 1, connectionStatus: 'disconnected', connectedNamespaces: ' acme , NOT OK,,' };
    const storage = createMemoryStorage({ 'portico/connection': JSON.stringify(legacy) });
    const kernel = makeKernel({ storage, plugins: [acme] });
    expect(kernel.connection.getSnapshot().namespaces).toEqual({});
    expect(kernel.connection.preferredAccountType('acme')).toBe('eoa');
  });

  it('uses the storageKey prefix', () => {
    const storage = createMemoryStorage();
    const kernel = makeKernel({ storage, storageKey: 'shop-modal', plugins: [acme] });
    kernel.connection.addRecentWallet({ id: 'w', name: 'W' });
    expect(Object.keys(storage.dump())).toEqual(['shop-modal/connection']);
  });
});

describe('ConnectionStore: connect attempts', () => {
  it('gives each attempt a new id; a superseded ticket can no longer connect, and its answer changes nothing', () => {
    const kernel = makeKernel({ plugins: [acme] });
    const abandoned = record(kernel, 'connection:attempt-abandoned');
    const store = kernel.connection;
    const first = store.beginConnect('acme', 'wallet-a');
    const second = store.beginConnect('acme', 'wallet-b');
    expect(second.id).toBeGreaterThan(first.id);
    expect(first.isCurrent()).toBe(false);
    expect(first.signal.aborted).toBe(true);
    expect(abandoned).toEqual([{ namespace: 'acme', connectorId: 'wallet-a', reason: 'superseded' }]);
    expect(errorOf(() => store.setConnected('acme', { accounts: [{ address: A1, type: 'eoa' }], connectorId: 'wallet-a', attempt: first }))).toMatchObject({
      code: 'kernel/connect-cancelled',
    });
    expect(store.get('acme')).toMatchObject({ status: 'connecting', connectorId: 'wallet-b', accounts: [] });
    store.setConnected('acme', { accounts: [{ address: A2, type: 'eoa' }], connectorId: 'wallet-b', attempt: second });
    expect(store.get('acme')).toMatchObject({ status: 'connected', address: A2, connectorId: 'wallet-b' });
    // Connected: abandoning the finished ticket is a no-op.
    second.abandon();
    expect(store.get('acme').status).toBe('connected');
  });

  it('abandoning restores the status from before the attempt, and a disconnect during the attempt is remembered', () => {
    const kernel = makeKernel({ plugins: [acme] });
    const disconnected = record(kernel, 'account:disconnected');
    const store = kernel.connection;
    store.setConnected('acme', { accounts: [{ address: A1, type: 'eoa' }], connectorId: 'wallet-a' });
    const retry = store.beginConnect('acme', 'wallet-b');
    expect(store.get('acme')).toMatchObject({ status: 'connecting', address: A1 });
    retry.abandon();
    expect(store.get('acme')).toMatchObject({ status: 'connected', address: A1, connectorId: 'wallet-a' });
    const again = store.beginConnect('acme', 'wallet-b');
    // The wallet connected before goes away while the user is connecting another one.
    store.setDisconnected('acme');
    expect(disconnected).toHaveLength(1);
    expect(store.get('acme')).toMatchObject({ status: 'connecting', accounts: [], connectorId: 'wallet-b' });
    again.abandon();
    expect(store.get('acme')).toMatchObject({ status: 'disconnected', accounts: [], connectorId: undefined });
  });

  it('an aborted signal cancels the attempt; an already aborted one never starts it', () => {
    const kernel = makeKernel({ plugins: [acme] });
    const store = kernel.connection;
    const controller = new AbortController();
    const ticket = store.beginConnect('acme', 'wallet-a', controller.signal);
    controller.abort();
    expect(ticket.isCurrent()).toBe(false);
    expect(store.get('acme').status).toBe('disconnected');
    const statuses = record(kernel, 'connection:status-changed');
    const late = store.beginConnect('acme', 'wallet-a', AbortSignal.abort());
    expect(late.isCurrent()).toBe(false);
    expect(late.signal.aborted).toBe(true);
    expect(statuses).toEqual([]);
  });
});
