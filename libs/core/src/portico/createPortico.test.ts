import { createMemoryStorage, definePlugin, kernelRefs } from '@portico/kernel';
import { connectorPreparerRef } from '../actions/connectorPreparerRef';
import { shellPlugin } from '@portico/kernel/testing';
import { ChainNotSupportedError, ConfigInvalidError } from '@portico/kernel/errors';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { acmeChain, acmeNetworks as networks } from '../../testing/acmeChain';
import { createPortico, type Portico } from './createPortico';
import { followConnectAttempts } from './followConnectAttempts';


const made: Portico[] = [];
afterEach(async () => {
  await Promise.all(made.splice(0).map((p) => p.dispose()));
});
const portico = (config: Parameters<typeof createPortico>[0]) => {
  const instance = createPortico({ storage: createMemoryStorage(), logLevel: 'silent', ...config }, { shell: shellPlugin });
  // What a binding's modal does once its code is there: it shows the connect attempts.
  followConnectAttempts(instance.kernel);
  made.push(instance);
  return instance;
};

describe('createPortico config', () => {
  it('raises Project ID Not Configured instead of throwing when projectId is missing', () => {
    const p = portico({});
    expect(p.kernel.alerts.getSnapshot().map((a) => a.title)).toEqual(['Project ID Not Configured']);
    expect(portico({ projectId: 'abc' }).kernel.alerts.getSnapshot()).toEqual([]);
  });

  it('rejects setting both sign-in options, saying both cannot be set', () => {
    const { plugin: signIn } = acmeChain();
    expect(() => createPortico({ projectId: 'p', siwx: signIn, siweConfig: {} })).toThrow(ConfigInvalidError);
    expect(() => createPortico({ projectId: 'p', siwx: signIn, siweConfig: {} })).toThrow('siwx: Cannot set both siwx and siweConfig; choose one sign-in option');
  });

  it('loads the plugin given as siwx (once, even if also listed)', () => {
    const { plugin: signIn } = acmeChain();
    const p = portico({ projectId: 'p', siwx: signIn, plugins: [signIn] });
    expect(p.kernel.plugins.getSnapshot().map((x) => x.id)).toEqual(['core', 'test-shell', 'chain-acme']);
  });

  it('refuses something that is not a plugin as siwx', () => {
    expect(() => createPortico({ projectId: 'p', siwx: { statement: 'hi' } as never })).toThrow('siwx: Expected the sign-in plugin made with createSiwxPlugin()');
  });

  it.each([
    [{ projectId: 'p', bogus: 1 }, '(root): Unrecognized key: "bogus"'],
    [{ projectId: 'p', networks, defaultNetwork: 'acme:9' }, 'defaultNetwork: Must be one of the configured networks'],
    [{ projectId: 'p', networks: [{ ...networks[0]!, caipNetworkId: 'acme' }] }, 'networks[0].caipNetworkId: Must be a CAIP-2 network id'],
    [{ projectId: 'p', themeMode: 'sepia' }, 'themeMode: Expected one of "light", "dark", "system"'],
    [{ projectId: 'p', locale: 'English' }, 'locale: Must be a language tag'],
    [{ projectId: 'p', cspNonce: 'x' }, 'cspNonce: Must be the base64 nonce of your CSP'],
    [{ projectId: 'p', metadata: { name: 'App', url: 'javascript:alert(1)' } }, 'metadata.url: Must be an http(s) URL'],
  ])('names the field of a bad config %#', (config, message) => {
    expect(() => createPortico(config as never)).toThrow(message);
  });

  it('says in the console what the host got wrong but can run with (the words load only then)', async () => {
    const said: string[] = [];
    const warn = vi.spyOn(console, 'warn').mockImplementation((...args) => void said.push(args.map(String).join(' ')));
    const error = vi.spyOn(console, 'error').mockImplementation((...args) => void said.push(args.map(String).join(' ')));
    try {
      portico({ logLevel: 'warn', siweConfig: {}, features: { legalCheckbox: true } } as never);
      await vi.waitFor(() => expect(said).toHaveLength(3));
      expect(said.join('\n')).toMatch(/siweConfig is the legacy sign-in option[\s\S]*legalCheckbox is on but neither[\s\S]*Project ID Not Configured: pass projectId/);
      said.length = 0;
      portico({ projectId: 'p', logLevel: 'warn' });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(said).toEqual([]);
    } finally {
      warn.mockRestore();
      error.mockRestore();
    }
  });

  it("loads the binding's shell once even when the host lists it", () => {
    const p = portico({ projectId: 'p', plugins: [shellPlugin] });
    expect(p.kernel.plugins.getSnapshot().filter((x) => x.id === shellPlugin.manifest.id)).toHaveLength(1);
  });
});

describe('lazy plugins (functions that load a plugin)', () => {
  const feature = (id: string) => definePlugin({ manifest: { id, version: '1.0.0', kernel: '^0.1.0', featureFlag: { id, default: true }, contributes: { walletButtons: [{ id, label: id, view: id, order: 1 }], views: [{ id, title: id }] } } });

  it('are not loaded at creation nor by start alone; the modal’s first open loads them and their buttons join', async () => {
    let loads = 0;
    const p = portico({ projectId: 'p', plugins: [() => (loads++, Promise.resolve(feature('later')))] });
    expect(p.kernel.plugins.get('later')).toBeUndefined();
    await p.start();
    expect(loads).toBe(0);
    // Opened at once, while the lazy-plugin loader's own module may still be on its way.
    p.open();
    await vi.waitFor(() => expect(p.kernel.contributions.list('walletButtons').map((b) => b.id)).toEqual(['later']));
    expect(p.kernel.plugins.get('later')?.status).toBe('active');
    expect(loads).toBe(1);
    // Loaded once: later opens do not load it again.
    p.close();
    p.open();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(loads).toBe(1);
  });

  it('load when the browser is idle after start, without an open', async () => {
    vi.useFakeTimers();
    try {
      const p = portico({ projectId: 'p', plugins: [() => Promise.resolve(feature('idle'))] });
      await p.start();
      await vi.advanceTimersByTimeAsync(2_500);
      expect(p.kernel.plugins.get('idle')?.status).toBe('active');
    } finally {
      vi.useRealTimers();
    }
  });

  it('one that fails to load is logged and tried again at the next open; the others join', async () => {
    let attempt = 0;
    const errors: unknown[] = [];
    const p = portico({
      projectId: 'p',
      logLevel: 'error',
      plugins: [
        () => (++attempt === 1 ? Promise.reject(new Error('chunk failed')) : Promise.resolve(feature('flaky'))),
        () => Promise.resolve(feature('fine')),
        () => Promise.resolve({ not: 'a plugin' } as never),
        // A loader that throws at once (a plugin factory passed uncalled, say) fails like a rejected one.
        (() => {
          throw new Error('not a loader');
        }) as never,
      ],
    });
    const error = vi.spyOn(console, 'error').mockImplementation((...args) => void errors.push(args));
    try {
      await p.start();
      p.open();
      await vi.waitFor(() => expect(p.kernel.plugins.get('fine')?.status).toBe('active'));
      expect(p.kernel.plugins.get('flaky')).toBeUndefined();
      // The kernel reports what is not a plugin as it does at creation.
      await vi.waitFor(() => expect(p.kernel.plugins.get('(unnamed)')?.status).toBe('invalid'));
      expect(errors.map((e) => String(e)).filter((e) => e.includes('A lazy plugin did not load'))).toHaveLength(2);
      p.close();
      p.open();
      await vi.waitFor(() => expect(p.kernel.plugins.get('flaky')?.status).toBe('active'));
    } finally {
      error.mockRestore();
    }
  });

  it('the config names a list entry that is neither a plugin nor a loader', () => {
    const expected = 'Expected a plugin, a function that loads one, or { load, when: "connected" }';
    expect(() => createPortico({ projectId: 'p', plugins: ['swaps' as never] })).toThrow(`plugins[0]: ${expected}`);
    // A staged loader must say when, and only 'connected' is a stage; its load must be a function.
    expect(() => createPortico({ projectId: 'p', plugins: [{ load: () => Promise.resolve(feature('x')) } as never] })).toThrow(`plugins[0]: ${expected}`);
    expect(() => createPortico({ projectId: 'p', plugins: [{ load: () => Promise.resolve(feature('x')), when: 'idle' } as never] })).toThrow(`plugins[0]: ${expected}`);
    expect(() => createPortico({ projectId: 'p', plugins: [{ load: 'x', when: 'connected' } as never] })).toThrow(`plugins[0]: ${expected}`);
  });

  it("{ when: 'connected' } loads nothing before an account connects, not at idle nor at opens; then at idle, and at an open while connected", async () => {
    const { plugin: chain } = acmeChain();
    let loads = 0;
    let plainLoads = 0;
    const p = portico({
      projectId: 'p',
      networks,
      plugins: [chain, { load: () => (loads++, Promise.resolve(feature('wallettools'))), when: 'connected' }, () => (plainLoads++, Promise.resolve(feature('chooser')))],
    });
    await p.start();
    p.open();
    await vi.waitFor(() => expect(p.kernel.plugins.get('chooser')?.status).toBe('active'));
    // Idle passes (onIdle's fallback is a timeout) and the modal opens again: still nothing.
    await new Promise((resolve) => setTimeout(resolve, 300));
    p.close();
    p.open();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(loads).toBe(0);
    expect(p.kernel.plugins.get('wallettools')).toBeUndefined();
    p.close();
    await p.connect('acme-wallet');
    await vi.waitFor(() => expect(p.kernel.plugins.get('wallettools')?.status).toBe('active'), { timeout: 4_000 });
    expect([loads, plainLoads]).toEqual([1, 1]);
  });
});

describe('without a binding (a headless host)', () => {
  it('connects through the chain adapter with no view to show, and reads the account', async () => {
    const { plugin, calls } = acmeChain();
    const p = createPortico({ projectId: 'p', storage: createMemoryStorage(), logLevel: 'silent', networks, plugins: [plugin] });
    made.push(p);
    await p.start();
    await p.connect('acme-wallet');
    expect(p.kernel.connection.get('acme').status).toBe('connected');
    expect(p.kernel.router.getSnapshot().isOpen).toBe(false);
    expect(await p.balance('acme')).toEqual({ value: 1_234_567n, decimals: 6, symbol: 'ACM' });
    expect(calls).toEqual(['connect:acme-wallet', 'balance']);
  });
});

describe("a connector's preparer (a provider loaded on demand)", () => {
  const withPrepared = async (id: string, prepare: () => Promise<void>) => {
    const { plugin, calls } = acmeChain();
    const control = { off: () => undefined as void };
    const onDemand = definePlugin({
      manifest: { id: 'ondemand', version: '1.0.0', kernel: '^0.1.0', requires: { 'chain-acme': '^1.0.0' } },
      activate(ctx) {
        control.off = ctx.services.get(kernelRefs.connectors).register({ id, name: 'On Demand', type: 'WALLET_CONNECT', namespaces: ['acme'] }, ctx.pluginId);
        ctx.services.register(connectorPreparerRef(id), { useValue: () => (calls.push('prepare'), prepare()) });
      },
    });
    const p = portico({ projectId: 'p', networks, plugins: [plugin, onDemand] });
    await p.start();
    return { p, calls, control };
  };

  it('is awaited before the adapter connects through the connector', async () => {
    const { p, calls } = await withPrepared('ondemand', () => new Promise((resolve) => setTimeout(resolve, 20)));
    await p.connect('ondemand');
    expect(calls).toEqual(['prepare', 'connect:ondemand']);
    expect(p.kernel.connection.get('acme').status).toBe('connected');
  });

  it('failing, fails the attempt with its error and connects nothing', async () => {
    const { p, calls } = await withPrepared('ondemand', () => Promise.reject(new Error('binding chunk missing')));
    await expect(p.connect('ondemand')).rejects.toThrow('binding chunk missing');
    expect(calls).toEqual(['prepare']);
    expect(p.kernel.connection.get('acme').status).toBe('disconnected');
  });

  it('taking the connector away (nothing it could carry loaded) says so instead of connecting', async () => {
    const made = await withPrepared('gone', async () => made.control.off());
    await expect(made.p.connect('gone')).rejects.toMatchObject({ name: 'AdapterNotFoundError', details: '"On Demand" is no longer available' });
    expect(made.calls.filter((c) => c.startsWith('connect:'))).toEqual([]);
  });
});

describe('account reads report their state', () => {
  it('a failed name lookup is an error on identityRead (retried, not cached) and undefined from identity()', async () => {
    const { plugin, calls } = acmeChain({ identityFails: true });
    const p = portico({ projectId: 'p', networks, plugins: [plugin] });
    await p.start();
    await p.connect('acme-wallet');
    await p.preload();
    const read = p.identityRead('acme')!;
    expect(read.getSnapshot().status).toBe('idle');
    await expect(read.fetch()).rejects.toThrow('name service unreachable');
    expect(read.getSnapshot()).toMatchObject({ status: 'error', data: undefined, failureCount: 1 });
    expect(read.getSnapshot().error?.message).toBe('name service unreachable');
    expect(await p.identity('acme')).toBeUndefined();
    expect(calls.filter((c) => c === 'identity')).toHaveLength(2);
  });

  it('a balance read goes idle → loading → success', async () => {
    const { plugin } = acmeChain();
    const p = portico({ projectId: 'p', networks, plugins: [plugin] });
    await p.start();
    await p.connect('acme-wallet');
    await p.preload();
    const read = p.balanceRead('acme')!;
    const seen: string[] = [read.getSnapshot().status];
    const off = read.subscribe(() => seen.push(read.getSnapshot().status));
    await read.fetch();
    off();
    expect([...new Set(seen)]).toEqual(['idle', 'loading', 'success']);
  });

  it('before the read code has loaded, a read is a stand-in: loading, then the real read, to its watchers too', async () => {
    const { plugin } = acmeChain();
    const p = portico({ projectId: 'p', networks, plugins: [plugin] });
    await p.start();
    // Not connected: no read at all, as once the code is there.
    expect(p.balanceRead('acme')).toBeUndefined();
    await p.connect('acme-wallet');
    const standIn = p.balanceRead('acme')!;
    expect(standIn.getSnapshot()).toMatchObject({ status: 'loading', isLoading: true, data: undefined });
    const seen: unknown[] = [];
    const off = standIn.subscribe(() => seen.push(standIn.getSnapshot().data));
    await vi.waitFor(() => expect(standIn.getSnapshot().status).toBe('success'));
    expect(standIn.getSnapshot().data).toEqual(await p.balance('acme'));
    expect(seen.at(-1)).toEqual(standIn.getSnapshot().data);
    off();
    // Loaded: the real read itself from now on, one object per account and network.
    expect(p.balanceRead('acme')).toBe(p.balanceRead('acme'));
    expect(p.balanceRead('acme')!.getSnapshot()).toEqual(standIn.getSnapshot());
  });
});

describe('connect, switch, disconnect through the chain-adapter contract', () => {
  it('connects, records the recent wallet and closes the modal with "connected"', async () => {
    const { plugin, calls } = acmeChain();
    const p = portico({ projectId: 'p', networks, plugins: [plugin] });
    await p.start();
    const closed = p.open();
    await p.connect('acme-wallet');
    await expect(closed).resolves.toBe('connected');
    expect(calls).toEqual(['connect:acme-wallet']);
    expect(p.kernel.connection.getSnapshot().recentWallets).toEqual([{ id: 'acme-wallet', name: 'Acme Wallet', rdns: 'xyz.acme' }]);
    expect(p.connectAttempt.getSnapshot()).toBeUndefined();
  });

  it('keeps the modal on Connecting with the error when the wallet declines', async () => {
    const { plugin } = acmeChain({ decline: true });
    const p = portico({ projectId: 'p', networks, plugins: [plugin] });
    await p.start();
    void p.open();
    await expect(p.connect('acme-wallet')).rejects.toThrow('User rejected the request.');
    expect(p.kernel.router.getSnapshot()).toMatchObject({ isOpen: true, current: { view: 'Connecting' } });
    expect(p.connectAttempt.getSnapshot()).toMatchObject({ connectorId: 'acme-wallet', status: 'failed' });
  });

  it('opens Account when connected and Connect when not', async () => {
    const { plugin } = acmeChain();
    const account = definePlugin({ manifest: { id: 'account-view', version: '1.0.0', kernel: '*', contributes: { views: [{ id: 'Account', title: 'Account', role: 'account' }] } } });
    const p = portico({ projectId: 'p', networks, plugins: [plugin, account] });
    await p.start();
    void p.open();
    expect(p.kernel.router.getSnapshot().current.view).toBe('Connect');
    await p.connect('acme-wallet');
    void p.open();
    expect(p.kernel.router.getSnapshot().current.view).toBe('Account');
  });

  it('switches to a configured network, and raises Network Not Found for an unknown one', async () => {
    const { plugin, calls } = acmeChain();
    const p = portico({ projectId: 'p', networks, plugins: [plugin] });
    await p.start();
    await p.connect('acme-wallet');
    await p.switchNetwork('acme:2');
    expect(p.kernel.connection.get('acme').network).toBe('acme:2');
    await expect(p.switchNetwork('acme:99')).rejects.toThrow(ChainNotSupportedError);
    expect(p.kernel.alerts.getSnapshot().map((a) => [a.id, a.details])).toEqual([['network-not-found', 'acme:99']]);
    expect(calls).toEqual(['connect:acme-wallet', 'switch:acme:2']);
  });

  it('caches the balance for 30 s and disconnects every namespace', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { plugin, calls } = acmeChain();
    const p = portico({ projectId: 'p', networks, plugins: [plugin] });
    try {
      await p.start();
      await p.connect('acme-wallet');
      expect(await p.balance('acme')).toEqual({ value: 1_234_567n, decimals: 6, symbol: 'ACM' });
      vi.setSystemTime(Date.now() + 29_000);
      await p.balance('acme');
      expect(calls.filter((c) => c === 'balance')).toHaveLength(1);
      vi.setSystemTime(Date.now() + 2_000);
      await p.balance('acme');
      expect(calls.filter((c) => c === 'balance')).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
    await p.disconnect();
    expect(p.kernel.connection.get('acme').status).toBe('disconnected');
    expect(await p.balance('acme')).toBeUndefined();
  });

  it('refreshBalances forgets the cached balance: the next read asks the chain again (after a transfer)', async () => {
    const { plugin, calls } = acmeChain();
    const p = portico({ projectId: 'p', networks, plugins: [plugin] });
    await p.start();
    await p.connect('acme-wallet');
    await p.balance('acme');
    await p.balance('acme');
    expect(calls.filter((c) => c === 'balance')).toHaveLength(1);
    p.refreshBalances();
    await p.balance('acme');
    expect(calls.filter((c) => c === 'balance')).toHaveLength(2);
    await p.dispose();
  });

  it.each([[{ name: 'alice.acme', avatar: 'data:image/png;base64,AA==' }], [undefined]])('caches the identity %j for 5 minutes, "no name" included', async (identity) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const { plugin, calls } = acmeChain({ identity });
      const p = portico({ projectId: 'p', networks, plugins: [plugin] });
      await p.start();
      await p.connect('acme-wallet');
      expect(await p.identity('acme')).toEqual(identity);
      vi.setSystemTime(Date.now() + 299_000);
      expect(await p.identity('acme')).toEqual(identity);
      expect(calls.filter((c) => c === 'identity')).toHaveLength(1);
      vi.setSystemTime(Date.now() + 2_000);
      await p.identity('acme');
      expect(calls.filter((c) => c === 'identity')).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('theme variables in the config', () => {
  it('accepts the documented variables', () => {
    expect(() => createPortico({ projectId: 'p', themeVariables: { accent: '#ff0066', borderRadius: '8px', zIndex: 10 }, storage: createMemoryStorage(), logLevel: 'silent' }).dispose()).not.toThrow();
  });

  it.each([{ accent: 'red; background: url(https://x.example)' }, { zIndex: 1.5 }, { colour: 'red' }])('rejects %j naming themeVariables', (themeVariables) => {
    expect(() => createPortico({ projectId: 'p', themeVariables: themeVariables as never })).toThrow(/themeVariables: Unknown keys or unsafe values/);
  });
});

describe('custom wallets (the host’s own, reached through WalletConnect)', () => {
  // A connection-protocol plugin (as plugin-walletconnect): the connector that reaches registry wallets.
  const protocol = definePlugin({
    manifest: { id: 'protocol', version: '1.0.0', kernel: '^0.1.0', requires: { 'chain-acme': '^1.0.0' }, contributes: { connectorGroups: [{ id: 'walletConnect', group: 'walletConnect', connectorType: 'WALLET_CONNECT' }] } },
    activate(ctx) {
      ctx.services.get(kernelRefs.connectors).register({ id: 'walletConnect', name: 'WalletConnect', type: 'WALLET_CONNECT', namespaces: ['acme'] }, ctx.pluginId);
    },
  });
  it('lists them in the custom group in the host’s order once started, minus excluded ones; unsafe links are dropped with a warning', async () => {
    const { plugin } = acmeChain();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const p = createPortico({
      projectId: 'p',
      networks,
      plugins: [plugin, protocol],
      storage: createMemoryStorage(),
      logLevel: 'warn',
      excludeWalletIds: ['hidden'],
      customWallets: [
        { id: 'mine', name: 'My Wallet', mobileLink: 'mywallet://', webappLink: 'javascript:alert(1)' },
        { id: 'hidden', name: 'Hidden Wallet' },
        { id: 'second', name: 'Second Wallet', webappLink: 'https://second.example', appStore: 'https://apps.apple.com/app/second/id2', playStore: 'market://details?id=second' },
      ],
    });
    made.push(p);
    await p.start();
    const listed = p.kernel.connectors.getSnapshot().filter((c) => c.group === 'custom');
    expect(listed.map((c) => [c.id, c.order, c.via])).toEqual([
      ['mine', 0, 'walletConnect'],
      ['second', 2, 'walletConnect'],
    ]);
    expect(listed[0]!.links).toEqual({ mobile: 'mywallet://' });
    expect(listed[1]!.links).toEqual({ web: 'https://second.example', appStore: 'https://apps.apple.com/app/second/id2' });
    expect(warn.mock.calls.map((call) => String(call[0]))).toContainEqual(expect.stringContaining('Custom wallet "second": playStore ignored'));
    expect(warn.mock.calls.map((call) => String(call[0]))).toContainEqual(expect.stringContaining('Custom wallet "mine": webappLink ignored, it uses the javascript: scheme'));
    warn.mockRestore();
  });

  it('lists no custom wallet when WalletConnect, which reaches them, is not enabled, and says so', async () => {
    const { plugin } = acmeChain();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const p = portico({ projectId: 'p', networks, plugins: [plugin], logLevel: 'warn', customWallets: [{ id: 'mine', name: 'My Wallet' }] });
    await p.start();
    expect(p.kernel.connectors.get('mine')).toBeUndefined();
    expect(warn.mock.calls.map((call) => String(call[0]))).toContainEqual(expect.stringContaining('customWallets are reached through WalletConnect, which is not enabled: 1 custom wallet(s) not listed'));
    warn.mockRestore();
  });

  const servers: Server[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  });
  /** A registry that refuses every project, as the hosted API refuses an unknown one; `asked` are the paths asked. */
  const refusingRegistry = async () => {
    const asked: string[] = [];
    const server = createServer((request, response) => {
      asked.push(request.url ?? '');
      response.writeHead(403, { 'content-type': 'application/json' }).end('{"message":"Invalid project id"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    return { asked, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  };
  const alerted = (p: Portico) => vi.waitFor(() => expect(p.kernel.alerts.getSnapshot().map((a) => a.id)).toContain('invalid-project-id'), { timeout: 5_000 });

  it('a click that opens the modal while start still waits for the listing code (custom wallets) still has the registry asked: a refused project id raises its alert', async () => {
    const registry = await refusingRegistry();
    const p = portico({ projectId: 'unknown-project', networks, plugins: [acmeChain().plugin, protocol], walletRegistryUrl: registry.url, customWallets: [{ id: 'mine', name: 'My Wallet' }] });
    const starting = p.start();
    // Opened once the plugins are set up, while start waits for the listing code the custom wallets need.
    await p.kernel.start();
    expect(p.kernel.connectors.get('mine')).toBeUndefined();
    p.open();
    await starting;
    await alerted(p);
    expect(registry.asked.some((url) => url.startsWith('/getWallets'))).toBe(true);
    expect(p.directory.listed).toBe(true);
  });

  it('WalletConnect listed as a lazy plugin that arrives after the first open: the registry is asked once its connector is there', async () => {
    const registry = await refusingRegistry();
    let arrive: ((plugin: typeof protocol) => void) | undefined;
    const p = portico({ projectId: 'unknown-project', networks, plugins: [acmeChain().plugin, () => new Promise<typeof protocol>((resolve) => (arrive = resolve))], walletRegistryUrl: registry.url });
    await p.start();
    p.open();
    // The first listing is over with nothing to reach the registry through, and the plugin is on its way.
    await vi.waitFor(() => expect(p.directory.listed && arrive).toBeTruthy());
    expect(registry.asked).toEqual([]);
    arrive!(protocol);
    await alerted(p);
    expect(registry.asked.filter((url) => url.startsWith('/getWallets'))).toHaveLength(1);
  });

  it('refuses a malformed custom wallet, naming the field', () => {
    expect(() => createPortico({ projectId: 'p', customWallets: [{ id: '', name: 'x' }] } as never)).toThrow(/customWallets\[0\]\.id/);
  });
});

describe('connect attempts: cancelled, superseded, slow', () => {
  const settle = () => new Promise((r) => setTimeout(r, 0));

  it('leaving the Connecting view (Back) before the wallet answers cancels the attempt: nothing connects when it answers later', async () => {
    const acme = acmeChain({ hold: true });
    const p = portico({ projectId: 'p', networks, plugins: [acme.plugin] });
    await p.start();
    void p.open();
    const attempt = p.connect('acme-wallet');
    await settle();
    expect(p.kernel.router.getSnapshot().current.view).toBe('Connecting');
    expect(p.kernel.connection.get('acme').status).toBe('connecting');
    p.kernel.router.back();
    await expect(attempt).rejects.toMatchObject({ name: 'ConnectCancelledError' });
    expect(p.connectAttempt.getSnapshot()).toBeUndefined();
    expect(p.kernel.connection.get('acme').status).toBe('disconnected');
    acme.release();
    await settle();
    expect(p.kernel.connection.get('acme').status).toBe('disconnected');
    expect(p.kernel.connection.getSnapshot().recentWallets).toEqual([]);
  });

  it('closing the modal (Escape) cancels the attempt; cancelConnect does too', async () => {
    const acme = acmeChain({ hold: true });
    const p = portico({ projectId: 'p', networks, plugins: [acme.plugin] });
    await p.start();
    void p.open();
    const first = p.connect('acme-wallet');
    await settle();
    p.close();
    await expect(first).rejects.toMatchObject({ code: 'kernel/connect-cancelled' });
    const second = p.connect('acme-wallet');
    await settle();
    p.cancelConnect();
    await expect(second).rejects.toMatchObject({ code: 'kernel/connect-cancelled' });
    expect(p.kernel.connection.get('acme').status).toBe('disconnected');
  });

  it('a call made while the actions load is given up by cancelConnect or a newer call, like an attempt under way', async () => {
    const acme = acmeChain({ hold: true });
    const p = portico({ projectId: 'p', networks, plugins: [acme.plugin] });
    await p.start();
    // The actions are a module of their own: the attempt starts at the call, before they have loaded.
    const cancelled = p.connect('acme-wallet');
    p.cancelConnect();
    await expect(cancelled).rejects.toMatchObject({ code: 'kernel/connect-cancelled' });
    const older = p.connect('acme-wallet');
    const newer = p.connect('acme-wallet');
    await expect(older).rejects.toMatchObject({ details: 'superseded' });
    await settle();
    expect(p.connectAttempt.getSnapshot()).toMatchObject({ status: 'connecting', connectorId: 'acme-wallet' });
    acme.release();
    await newer;
    expect(p.kernel.connection.get('acme').status).toBe('connected');
  });

  it('the attempt is shown from the call on: before the actions load, the modal follows it once they have', async () => {
    const acme = acmeChain({ hold: true });
    const p = portico({ projectId: 'p', networks, plugins: [acme.plugin] });
    await p.start();
    void p.open();
    const attempt = p.connect('acme-wallet');
    // In the call's own task: the attempt is the store's, with its signal, before any chunk loaded.
    expect(p.connectAttempt.getSnapshot()).toMatchObject({ status: 'connecting', connectorId: 'acme-wallet' });
    expect(p.kernel.connection.attempt.current?.signal.aborted).toBe(false);
    await settle();
    expect(p.kernel.router.getSnapshot().current.view).toBe('Connecting');
    acme.release();
    await attempt;
    expect(p.kernel.router.getSnapshot().isOpen).toBe(false);
    expect(p.kernel.connection.attempt.current?.outcome).toBe('connected');
  });

  it("the modal follows an attempt begun before it started following; once stopped, it follows none", async () => {
    const acme = acmeChain({ hold: true });
    const p = createPortico({ storage: createMemoryStorage(), logLevel: 'silent', projectId: 'p', networks, plugins: [acme.plugin] }, { shell: shellPlugin });
    made.push(p);
    await p.start();
    void p.open();
    const first = p.connect('acme-wallet');
    first.catch(() => undefined);
    await settle();
    // No binding's modal yet (its chunk has not come): the attempt runs, nothing is shown for it.
    expect(p.kernel.router.getSnapshot().current.view).toBe('Connect');
    const stop = followConnectAttempts(p.kernel);
    expect(p.kernel.router.getSnapshot().current.view).toBe('Connecting');
    stop();
    p.kernel.router.back();
    // Stopped: leaving the view no longer gives the attempt up, and the next one is not shown.
    expect(p.kernel.connection.attempt.current?.outcome).toBeUndefined();
    const second = p.connect('acme-wallet');
    await expect(first).rejects.toMatchObject({ details: 'superseded' });
    expect(p.kernel.router.getSnapshot().current.view).toBe('Connect');
    acme.release();
    await second;
    expect(p.kernel.router.getSnapshot().isOpen).toBe(true);
  });

  it('an unknown connector fails its attempt with AdapterNotFoundError, shown on the Connecting view while the modal is open, and leaves no view behind while it is closed', async () => {
    const p = portico({ projectId: 'p', networks, plugins: [acmeChain({ hold: true }).plugin] });
    await p.start();
    void p.open();
    await expect(p.connect('nope')).rejects.toMatchObject({ name: 'AdapterNotFoundError' });
    expect(p.connectAttempt.getSnapshot()).toMatchObject({ connectorId: 'nope', status: 'failed', error: { name: 'AdapterNotFoundError' } });
    expect(p.kernel.router.getSnapshot()).toMatchObject({ isOpen: true, current: { view: 'Connecting' } });
    p.kernel.router.close('cancelled');
    // A host's own connect() with the modal closed: the attempt fails the same way, and the next open starts on Connect.
    await expect(p.connect('nope')).rejects.toMatchObject({ name: 'AdapterNotFoundError' });
    expect(p.connectAttempt.getSnapshot()).toMatchObject({ connectorId: 'nope', status: 'failed' });
    expect(p.kernel.router.getSnapshot().stack.map((entry) => entry.view)).toEqual(['Connect']);
    // A retry storm from a host script with the modal closed: each attempt ends (superseded or failed), and nothing is left behind.
    const storm = await Promise.allSettled(Array.from({ length: 20 }, () => p.connect('nope')));
    expect(storm.every((result) => result.status === 'rejected')).toBe(true);
    expect(p.kernel.router.getSnapshot()).toMatchObject({ isOpen: false, stack: [{ view: 'Connect' }] });
    expect(p.connectAttempt.getSnapshot()).toMatchObject({ connectorId: 'nope', status: 'failed' });
  });

  it('a newer attempt supersedes the pending one; the view follows the newer attempt', async () => {
    const acme = acmeChain({ hold: true });
    const p = portico({ projectId: 'p', networks, plugins: [acme.plugin] });
    await p.start();
    const closed = p.open();
    const first = p.connect('acme-wallet');
    await settle();
    const firstId = p.connectAttempt.getSnapshot()!.id;
    const retry = p.connect('acme-wallet');
    await expect(first).rejects.toMatchObject({ details: 'superseded' });
    expect(p.connectAttempt.getSnapshot()).toMatchObject({ status: 'connecting', connectorId: 'acme-wallet' });
    expect(p.connectAttempt.getSnapshot()!.id).toBeGreaterThan(firstId);
    acme.release();
    await retry;
    await expect(closed).resolves.toBe('connected');
    expect(p.kernel.connection.get('acme').status).toBe('connected');
  });

  it('says the wallet is not answering after connectTimeoutMs, and keeps the attempt open', async () => {
    vi.useFakeTimers();
    try {
      const acme = acmeChain({ hold: true });
      const p = portico({ projectId: 'p', networks, plugins: [acme.plugin], connectTimeoutMs: 5000 });
      await p.start();
      void p.open();
      const attempt = p.connect('acme-wallet');
      await vi.advanceTimersByTimeAsync(4999);
      expect(p.connectAttempt.getSnapshot()).toMatchObject({ status: 'connecting' });
      expect(p.connectAttempt.getSnapshot()?.slow).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      expect(p.connectAttempt.getSnapshot()).toMatchObject({ status: 'connecting', slow: true });
      // The wallet may still answer: the attempt completes.
      acme.release();
      await attempt;
      expect(p.kernel.connection.get('acme').status).toBe('connected');
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a connect timeout under a second', () => {
    expect(() => createPortico({ projectId: 'p', connectTimeoutMs: 10 })).toThrow('connectTimeoutMs');
  });
});
