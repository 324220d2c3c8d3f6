import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Account } from '../connection/ConnectionStore';
import { createKernel, type Kernel } from '../createKernel';
import { definePlugin } from '../manifest/definePlugin';
import { createMemoryStorage, type StoragePort } from '../storage/StoragePort';
import { createWalletStandardAdapter, LINKED_WALLETS_FEATURE, standardWalletId, type StandardWallet, type StandardWalletAccount, type WalletStandardNamespace } from './createWalletStandardAdapter';

/** A small in-memory Wallet Standard wallet for the "acme" chain (`acme:main` / `acme:test`). */
function acmeWallet(name: string, addresses: string[], { icon = 'data:image/svg+xml;base64,PHN2Zy8+', reject = false, hold = false } = {}) {
  const listeners = new Set<(c: { accounts?: readonly StandardWalletAccount[] }) => void>();
  /** With `hold`, prompts wait here until `release()`. */
  const held: Array<() => void> = [];
  let authorised = false;
  let disconnects = 0;
  const toAccount = (address: string): StandardWalletAccount => ({ address, publicKey: new Uint8Array(32), chains: ['acme:main', 'acme:test'], features: [] });
  const wallet = {
    name,
    icon,
    chains: ['acme:main', 'acme:test'],
    accounts: [] as StandardWalletAccount[],
    features: {
      'standard:connect': {
        version: '1.0.0',
        connect: async ({ silent = false } = {}) => {
          if (silent && !authorised) return { accounts: [] };
          if (hold && !silent) await new Promise<void>((r) => held.push(r));
          if (reject && !silent) throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
          authorised = true;
          wallet.accounts = addresses.map(toAccount);
          return { accounts: wallet.accounts };
        },
      },
      'standard:disconnect': { version: '1.0.0', disconnect: async () => void ((authorised = false), disconnects++) },
      'standard:events': {
        version: '1.0.0',
        on: (_event: 'change', listener: (c: { accounts?: readonly StandardWalletAccount[] }) => void) => (listeners.add(listener), () => listeners.delete(listener)),
      },
    },
  };
  return {
    wallet: wallet as StandardWallet,
    change(list: string[]) {
      wallet.accounts = list.map(toAccount);
      for (const l of listeners) l({ accounts: wallet.accounts });
    },
    listenerCount: () => listeners.size,
    disconnects: () => disconnects,
    held: () => held.length,
    release: () => held.splice(0).forEach((answer) => answer()),
  };
}

const isAcme = (a: string) => /^[a-z]{4,10}$/.test(a);
const spec: WalletStandardNamespace = {
  namespace: 'acme',
  supports: (w) => w.chains.some((c) => c.startsWith('acme:')) && 'standard:connect' in w.features,
  requestAccounts: async (w, silent) => ((await (w.features['standard:connect'] as { connect(i: { silent: boolean }): Promise<{ accounts: StandardWalletAccount[] }> }).connect({ silent })).accounts),
  toAccounts: (accounts, network) =>
    accounts.filter((a) => isAcme(a.address) && !(network === 'acme:test' && a.address.startsWith('main'))).map((a): Account => ({ address: `${network}:${a.address}`, type: 'eoa' })),
  pickNetwork: (_w, current) => current ?? 'acme:main',
};

const acmePlugin = definePlugin({
  manifest: { id: 'chain-acme', version: '1.0.0', kernel: '^0.1.0', namespaces: [{ id: 'acme', name: 'Acme', defaultAccountType: 'eoa' }] },
});

let kernel: Kernel | undefined;
afterEach(async () => {
  await kernel?.dispose();
  kernel = undefined;
});

async function setUp(storage: StoragePort = createMemoryStorage()) {
  kernel = createKernel({ plugins: [acmePlugin], storage, logLevel: 'silent' });
  await kernel.start();
  const adapter = createWalletStandardAdapter({ connection: kernel.connection, connectors: kernel.connectors, logger: kernel.logger, pluginId: 'chain-acme' }, spec);
  return { kernel, adapter };
}

describe('createWalletStandardAdapter', () => {
  it('lists wallets that serve the namespace, once, and ignores the others', async () => {
    const { kernel, adapter } = await setUp();
    const good = acmeWallet('Acme Wallet', ['alice']);
    adapter.addWallet(good.wallet);
    adapter.addWallet(good.wallet);
    adapter.addWallet({ ...acmeWallet('Other', ['bob']).wallet, chains: ['other:1'] });
    adapter.addWallet({ name: 'Broken', icon: '', chains: ['acme:main'], accounts: [], features: { 'standard:connect': {} } } as StandardWallet);
    expect(kernel.connectors.getSnapshot().map((c) => [c.id, c.type, c.namespaces])).toEqual([
      ['ws:acme-wallet', 'ANNOUNCED', ['acme']],
      ['ws:broken', 'ANNOUNCED', ['acme']],
    ]);
    expect(standardWalletId(good.wallet)).toBe('ws:acme-wallet');
  });

  it('connects, follows account changes, and disconnects on an empty account list', async () => {
    const { kernel, adapter } = await setUp();
    const w = acmeWallet('Acme Wallet', ['alice', 'bobby']);
    adapter.addWallet(w.wallet);
    await adapter.connect('ws:acme-wallet');
    expect(kernel.connection.get('acme')).toMatchObject({ status: 'connected', address: 'acme:main:alice', network: 'acme:main', connectorId: 'ws:acme-wallet' });
    expect(adapter.activeWallet()?.account.address).toBe('alice');
    w.change(['carol', 'INVALID!']);
    expect(kernel.connection.get('acme').accounts.map((a) => a.address)).toEqual(['acme:main:carol']);
    w.change([]);
    expect(kernel.connection.get('acme').status).toBe('disconnected');
    expect(w.listenerCount()).toBe(0);
    await adapter.connect('ws:acme-wallet');
    await adapter.disconnect();
    expect(w.disconnects()).toBe(1);
    expect(kernel.connection.get('acme').status).toBe('disconnected');
  });

  it('leaves the namespace disconnected when the wallet rejects, and rethrows its error', async () => {
    const { kernel, adapter } = await setUp();
    adapter.addWallet(acmeWallet('Acme Wallet', ['alice'], { reject: true }).wallet);
    await expect(adapter.connect('ws:acme-wallet')).rejects.toMatchObject({ code: 4001 });
    expect(kernel.connection.get('acme').status).toBe('disconnected');
    await expect(adapter.connect('ws:nobody')).rejects.toMatchObject({ code: 'kernel/adapter-not-found', details: 'no acme wallet "ws:nobody"' });
  });

  it('reconnects silently after a reload, even when the wallet registers later, and gives up on an unauthorised one', async () => {
    const storage = createMemoryStorage();
    const w = acmeWallet('Acme Wallet', ['alice']);
    const first = await setUp(storage);
    first.adapter.addWallet(w.wallet);
    await first.adapter.connect('ws:acme-wallet');
    await first.kernel.dispose();

    const second = await setUp(storage);
    expect(second.kernel.connection.get('acme').status).toBe('connecting');
    const restoring = second.adapter.reconnect('ws:acme-wallet');
    // Another wallet registering first must not end the wait for this one.
    second.adapter.addWallet(acmeWallet('Other Wallet', ['bobby']).wallet);
    await new Promise((r) => setTimeout(r, 20));
    second.adapter.addWallet(w.wallet);
    await expect(restoring).resolves.toBe(true);
    expect(second.kernel.connection.get('acme')).toMatchObject({ status: 'connected', address: 'acme:main:alice' });
    await second.kernel.dispose();

    // Connected before, but the wallet forgot the site: silent connect returns nothing, and no prompt (it would reject).
    const third = await setUp(storage);
    third.adapter.addWallet(acmeWallet('Acme Wallet', ['alice'], { reject: true }).wallet);
    await expect(third.adapter.reconnect('ws:acme-wallet')).resolves.toBe(false);
    expect(third.kernel.connection.get('acme').status).toBe('disconnected');
  });

  it('re-reads the accounts for the new network on a switch, and refuses one where the wallet has none', async () => {
    const { kernel, adapter } = await setUp();
    adapter.addWallet(acmeWallet('Acme Wallet', ['alice', 'mainonly']).wallet);
    await adapter.connect('ws:acme-wallet');
    const network = (id: string) => ({ caipNetworkId: id, name: id, nativeCurrency: { name: 'A', symbol: 'A', decimals: 9 } });
    await adapter.switchNetwork(network('acme:test'));
    expect(kernel.connection.get('acme')).toMatchObject({ network: 'acme:test', address: 'acme:test:alice' });
    expect(kernel.connection.get('acme').accounts).toHaveLength(1);
    const lonely = await setUp();
    lonely.adapter.addWallet(acmeWallet('Main Only', ['mainonly']).wallet);
    await lonely.adapter.connect('ws:main-only');
    await expect(lonely.adapter.switchNetwork(network('acme:test'))).rejects.toMatchObject({ code: 'kernel/chain-not-supported' });
    expect(lonely.kernel.connection.get('acme').network).toBe('acme:main');
    await lonely.kernel.dispose();
  });

  it('joins another plugin\'s wallet only on a mutual link, never on an equal name and icon or a one-sided claim', async () => {
    const { kernel, adapter } = await setUp();
    const icon = 'data:image/svg+xml;base64,PHN2Zy8+';
    const provider = { request: async () => null };
    const linkTo = (wallet: StandardWallet, ...objects: object[]) => Object.assign(wallet.features, { [LINKED_WALLETS_FEATURE]: { version: '1.0.0', wallets: objects } });
    const real = acmeWallet('Acme Wallet', ['alice']).wallet;
    linkTo(real, provider);
    // The other plugin's wallet names `real` back: evidence a look-alike cannot copy.
    kernel.connectors.register({ id: 'com.acme', name: 'Acme Wallet', type: 'ANNOUNCED', namespaces: ['beta'], icon }, 'chain-beta', { wallet: provider, linked: [real] });
    kernel.connectors.register({ id: 'com.copied', name: 'Copied Wallet', type: 'ANNOUNCED', namespaces: ['beta'], icon }, 'chain-beta', { wallet: {}, linked: [] });
    const copied = acmeWallet('Copied Wallet', ['bobby']).wallet;
    const oneSided = acmeWallet('Acme Wallet', ['carol']).wallet;
    linkTo(oneSided, provider);
    adapter.addWallet(real);
    adapter.addWallet(copied);
    adapter.addWallet(oneSided);
    expect(kernel.connectors.getSnapshot().map((c) => [c.id, c.type, c.namespaces])).toEqual([
      ['com.acme', 'MULTI_CHAIN', ['beta', 'acme']],
      ['com.copied', 'ANNOUNCED', ['beta']],
      ['ws:copied-wallet', 'ANNOUNCED', ['acme']],
      // Same name as `real` and names the same provider, which does not name it back: listed apart.
      ['ws:acme-wallet', 'ANNOUNCED', ['acme']],
    ]);
  });

  it('one wallet object serving two namespaces is one entry; another plugin\'s wallet with its name is listed apart', async () => {
    const { kernel, adapter } = await setUp();
    const second = createWalletStandardAdapter({ connection: kernel.connection, connectors: kernel.connectors, logger: kernel.logger, pluginId: 'chain-acme2' }, { ...spec, namespace: 'acme2' });
    const wallet = acmeWallet('Acme Wallet', ['alice']).wallet;
    adapter.addWallet(wallet);
    second.addWallet(acmeWallet('Acme Wallet', ['bobby']).wallet);
    second.addWallet(wallet);
    expect(kernel.connectors.getSnapshot().map((c) => [c.id, c.namespaces])).toEqual([
      ['ws:acme-wallet', ['acme', 'acme2']],
      ['ws:acme-wallet#2', ['acme2']],
    ]);
  });

  it('a linked-wallets feature that throws or is malformed is no evidence, and the wallet is still listed', async () => {
    const { kernel, adapter } = await setUp();
    const throwing = acmeWallet('Throwing', ['alice']).wallet;
    Object.defineProperty(throwing.features, LINKED_WALLETS_FEATURE, { enumerable: true, get: () => { throw new Error('hostile'); } });
    const malformed = acmeWallet('Malformed', ['bobby']).wallet;
    Object.assign(malformed.features, { [LINKED_WALLETS_FEATURE]: { wallets: 'not a list' } });
    adapter.addWallet(throwing);
    adapter.addWallet(malformed);
    expect(kernel.connectors.getSnapshot().map((c) => c.id)).toEqual(['ws:throwing', 'ws:malformed']);
  });

  it('disconnects when the connected wallet unregisters', async () => {
    const { kernel, adapter } = await setUp();
    const w = acmeWallet('Acme Wallet', ['alice']);
    adapter.addWallet(w.wallet);
    await adapter.connect('ws:acme-wallet');
    adapter.removeWallet(w.wallet);
    expect(kernel.connection.get('acme').status).toBe('disconnected');
    expect(kernel.connectors.getSnapshot()).toEqual([]);
  });

  it('serves a connector another plugin lists with an attached wallet: connect, reconnect after a reload, detach', async () => {
    const storage = createMemoryStorage();
    const w = acmeWallet('Session', ['alice']);
    const first = await setUp(storage);
    const detach = first.adapter.attachProvider('walletConnect', w.wallet);
    // Nothing is listed for it here: the attaching plugin owns the connector.
    expect(first.kernel.connectors.getSnapshot()).toEqual([]);
    expect(() => first.adapter.attachProvider('walletConnect', acmeWallet('Other', ['bobby']).wallet)).toThrow(expect.objectContaining({ code: 'kernel/wallet-taken' }));
    await first.adapter.connect('walletConnect');
    expect(first.kernel.connection.get('acme')).toMatchObject({ status: 'connected', address: 'acme:main:alice', connectorId: 'walletConnect' });
    detach();
    expect(w.listenerCount()).toBe(0);
    await expect(first.adapter.connect('walletConnect')).rejects.toMatchObject({ code: 'kernel/adapter-not-found' });
    await first.kernel.dispose();

    const second = await setUp(storage);
    const restoring = second.adapter.reconnect('walletConnect');
    second.adapter.attachProvider('walletConnect', w.wallet);
    await expect(restoring).resolves.toBe(true);
    expect(second.kernel.connection.get('acme')).toMatchObject({ status: 'connected', address: 'acme:main:alice', connectorId: 'walletConnect' });
  });

  it('refuses to attach something that is not a wallet of the namespace', async () => {
    const { adapter } = await setUp();
    for (const bad of [undefined, null, 'wallet', { name: 'X' }, { ...acmeWallet('B', ['bobby']).wallet, chains: ['other:1'] }]) {
      expect(() => adapter.attachProvider('walletConnect', bad)).toThrow(expect.objectContaining({ code: 'kernel/invalid-wallet', message: 'The wallet for "walletConnect" is not a Wallet Standard wallet for acme' }));
    }
  });
});

describe('connect attempts', () => {
  const settle = () => new Promise((r) => setTimeout(r, 0));

  it('a cancelled attempt rejects at once and its late answer is dropped; the wallet is told to disconnect', async () => {
    const { kernel, adapter } = await setUp();
    const slow = acmeWallet('Slow Wallet', ['slowy'], { hold: true });
    adapter.addWallet(slow.wallet);
    const controller = new AbortController();
    const attempt = adapter.connect('ws:slow-wallet', { signal: controller.signal });
    await settle();
    expect(slow.held()).toBe(1);
    expect(kernel.connection.get('acme').status).toBe('connecting');
    controller.abort();
    await expect(attempt).rejects.toMatchObject({ name: 'ConnectCancelledError' });
    expect(kernel.connection.get('acme').status).toBe('disconnected');
    slow.release();
    await settle();
    expect(kernel.connection.get('acme')).toMatchObject({ status: 'disconnected', address: undefined });
    expect(slow.disconnects()).toBe(1);
    expect(slow.listenerCount()).toBe(0);
  });

  it('a superseded attempt never takes over the connection of the newer one, nor its storage', async () => {
    const storage = createMemoryStorage();
    const { kernel, adapter } = await setUp(storage);
    const slow = acmeWallet('Slow Wallet', ['slowy'], { hold: true });
    const fast = acmeWallet('Fast Wallet', ['fasty']);
    adapter.addWallet(slow.wallet);
    adapter.addWallet(fast.wallet);
    const first = adapter.connect('ws:slow-wallet');
    await settle();
    await adapter.connect('ws:fast-wallet');
    await expect(first).rejects.toMatchObject({ code: 'kernel/connect-cancelled', details: 'superseded' });
    slow.release();
    await settle();
    expect(kernel.connection.get('acme')).toMatchObject({ status: 'connected', address: 'acme:main:fasty', connectorId: 'ws:fast-wallet' });
    expect(adapter.activeWallet()?.wallet).toBe(fast.wallet);
    expect(slow.disconnects()).toBe(1);
    expect(fast.disconnects()).toBe(0);
    expect(JSON.parse(storage.get('portico/connection')!).namespaces.acme).toMatchObject({ status: 'connected', connectorId: 'ws:fast-wallet' });
  });

  it('an attempt given up while connected keeps the connected wallet, its events and its stored status', async () => {
    const storage = createMemoryStorage();
    const { kernel, adapter } = await setUp(storage);
    const fast = acmeWallet('Fast Wallet', ['fasty', 'other']);
    const slow = acmeWallet('Slow Wallet', ['slowy'], { hold: true });
    adapter.addWallet(fast.wallet);
    adapter.addWallet(slow.wallet);
    await adapter.connect('ws:fast-wallet');
    const controller = new AbortController();
    const attempt = adapter.connect('ws:slow-wallet', { signal: controller.signal });
    await settle();
    expect(JSON.parse(storage.get('portico/connection')!).namespaces.acme).toMatchObject({ status: 'connected', connectorId: 'ws:fast-wallet' });
    controller.abort();
    await expect(attempt).rejects.toMatchObject({ name: 'ConnectCancelledError' });
    slow.release();
    await settle();
    expect(kernel.connection.get('acme')).toMatchObject({ status: 'connected', address: 'acme:main:fasty', connectorId: 'ws:fast-wallet' });
    fast.change(['other']);
    expect(kernel.connection.get('acme').address).toBe('acme:main:other');
  });
});

describe('the defaults: a namespace that gives its id and nothing else', () => {
  const acmeWithPolicy = definePlugin({
    manifest: {
      id: 'chain-acme',
      version: '1.0.0',
      kernel: '^0.1.0',
      namespaces: [{ id: 'acme', name: 'Acme', defaultAccountType: 'eoa' }],
      // The view the gate shows confirmed requests on (a modal's; here the router only records it).
      contributes: { views: [{ id: 'Approve', title: 'Approve', role: 'approval' }], rpcPolicies: [{ id: 'acme', namespace: 'acme', safe: ['acme_read'], confirm: ['acme_sign'] }] },
    },
  });
  /** The app's networks: one the wallet does not list first, then one it does. */
  const networks = [
    { caipNetworkId: 'acme:other', name: 'Other', nativeCurrency: { name: 'A', symbol: 'A', decimals: 6 } },
    { caipNetworkId: 'acme:test', name: 'Test', nativeCurrency: { name: 'A', symbol: 'A', decimals: 6 } },
  ];
  /** Every kernel a test made (a test can make several): all disposed after it. */
  const made: Kernel[] = [];
  afterEach(async () => void (await Promise.all(made.splice(0).map((k) => k.dispose()))));
  async function defaults(namespace: WalletStandardNamespace = { namespace: 'acme' }) {
    const kernel = createKernel({ plugins: [acmeWithPolicy], storage: createMemoryStorage(), logLevel: 'silent' });
    made.push(kernel);
    await kernel.start();
    const parts = { connection: kernel.connection, connectors: kernel.connectors, logger: kernel.logger, pluginId: 'chain-acme', networks: () => networks, gate: kernel.requestGate };
    return { kernel, adapter: createWalletStandardAdapter(parts, namespace) };
  }

  it('lists the wallets that list a chain of the namespace and can connect; connects on the app’s first network the wallet lists, accounts as <network>:<address>', async () => {
    const { kernel, adapter } = await defaults();
    const w = acmeWallet('Acme Wallet', ['alice']);
    adapter.addWallet(w.wallet);
    adapter.addWallet({ ...acmeWallet('Other Chain', ['bob']).wallet, chains: ['other:main'] });
    adapter.addWallet({ ...acmeWallet('No Connect', ['carl']).wallet, features: {} });
    expect(kernel.connectors.getSnapshot().map((c) => c.id)).toEqual(['ws:acme-wallet']);
    await adapter.connect('ws:acme-wallet');
    expect(kernel.connection.get('acme')).toMatchObject({ status: 'connected', address: 'acme:test:alice', network: 'acme:test' });
    expect(kernel.connection.get('acme').accounts).toEqual([{ address: 'acme:test:alice', type: 'eoa' }]);
  });

  it('keeps only the accounts `isAccount` accepts (the wallet is untrusted), of `accountType`; none left is no connection', async () => {
    const { kernel, adapter } = await defaults({ namespace: 'acme', isAccount: (a) => /^[a-z]{4,10}$/.test(a.address), accountType: 'smart' });
    adapter.addWallet(acmeWallet('Acme Wallet', ['alice', 'NOT VALID', 'bobby']).wallet);
    await adapter.connect('ws:acme-wallet');
    expect(kernel.connection.get('acme').accounts).toEqual([
      { address: 'acme:test:alice', type: 'smart' },
      { address: 'acme:test:bobby', type: 'smart' },
    ]);
    await adapter.disconnect();
    const bad = await defaults({ namespace: 'acme', isAccount: () => false });
    bad.adapter.addWallet(acmeWallet('Acme Wallet', ['alice']).wallet);
    await expect(bad.adapter.connect('ws:acme-wallet')).rejects.toMatchObject({ code: 'kernel/no-active-caip-address' });
  });

  it('by default an account must list a chain of the namespace', async () => {
    const { kernel, adapter } = await defaults();
    const account = (address: string, chains: string[]): StandardWalletAccount => ({ address, publicKey: new Uint8Array(32), chains, features: [] });
    const { wallet } = acmeWallet('Acme Wallet', []);
    const accounts = [account('alice', ['acme:test']), account('carol', ['other:main']), account('dave', [])];
    adapter.addWallet({ ...wallet, features: { ...wallet.features, 'standard:connect': { version: '1.0.0', connect: async () => ({ accounts }) } } } as StandardWallet);
    await adapter.connect('ws:acme-wallet');
    expect(kernel.connection.get('acme').accounts.map((a) => a.address)).toEqual(['acme:test:alice']);
  });

  it('what the wallet hands over is untrusted: junk entries and addresses no CAIP-10 id can hold are dropped, the rest connect', async () => {
    const { kernel, adapter } = await defaults();
    const account = (address: unknown, chains: string[] = ['acme:test']) => ({ address, publicKey: new Uint8Array(32), chains, features: [] });
    const junk = [null, 7, 'alice', account(42), account('with:colon'), account('x'.repeat(129)), account('carol')];
    const { wallet } = acmeWallet('Acme Wallet', []);
    adapter.addWallet({ ...wallet, features: { ...wallet.features, 'standard:connect': { version: '1.0.0', connect: async () => ({ accounts: junk }) } } } as StandardWallet);
    await adapter.connect('ws:acme-wallet');
    expect(kernel.connection.get('acme').accounts.map((a) => a.address)).toEqual(['acme:test:carol']);
  });

  it('never puts an account on a network its wallet does not list; a wallet on none of the app’s networks is not connected', async () => {
    const { kernel, adapter } = await defaults();
    const account = (address: string, chains: string[]) => ({ address, publicKey: new Uint8Array(32), chains, features: [] });
    const { wallet } = acmeWallet('Acme Wallet', []);
    // The wallet serves acme:test, but one of its accounts is on acme:main only.
    const accounts = [account('alice', ['acme:main']), account('bobby', ['acme:test'])];
    adapter.addWallet({ ...wallet, features: { ...wallet.features, 'standard:connect': { version: '1.0.0', connect: async () => ({ accounts }) } } } as StandardWallet);
    await adapter.connect('ws:acme-wallet');
    expect(kernel.connection.get('acme').accounts.map((a) => a.address)).toEqual(['acme:test:bobby']);
    const elsewhere = await defaults();
    const { wallet: mainOnly } = acmeWallet('Main Only', ['alice']);
    elsewhere.adapter.addWallet({ ...mainOnly, chains: ['acme:main'] });
    await expect(elsewhere.adapter.connect('ws:main-only')).rejects.toMatchObject({ code: 'kernel/chain-not-supported' });
    expect(elsewhere.kernel.connection.get('acme').status).toBe('disconnected');
  });

  it('reconnects silently: from the accounts the wallet already shares, else `connect({ silent: true })`, never a prompt', async () => {
    const w = acmeWallet('Acme Wallet', ['alice']);
    const first = await defaults();
    first.adapter.addWallet(w.wallet);
    await first.adapter.connect('ws:acme-wallet');
    const second = await defaults();
    second.adapter.addWallet(w.wallet);
    second.kernel.connection.setConnecting('acme', 'ws:acme-wallet');
    await expect(second.adapter.reconnect('ws:acme-wallet')).resolves.toBe(true);
    expect(second.kernel.connection.get('acme').address).toBe('acme:test:alice');
    // A wallet that never said yes answers a silent connect with nothing: no connection, and no prompt.
    const stranger = acmeWallet('Stranger', ['dave'], { hold: true });
    const third = await defaults();
    third.adapter.addWallet(stranger.wallet);
    third.kernel.connection.setConnecting('acme', 'ws:stranger');
    await expect(third.adapter.reconnect('ws:stranger')).resolves.toBe(false);
    expect(stranger.held()).toBe(0);
  });

  it('callFeature: calls the connected wallet’s feature through the gate, and says what is missing', async () => {
    const { kernel, adapter } = await defaults();
    const signed: string[] = [];
    const w = acmeWallet('Acme Wallet', ['alice']);
    const wallet = { ...w.wallet, features: { ...w.wallet.features, 'acme:sign': { sign: async (text: string) => (signed.push(text), `signed:${text}`) } } } as StandardWallet;
    type Sign = { sign(text: string): Promise<string> };
    await expect(adapter.callFeature('acme:sign', { method: 'acme_sign', params: ['hi'] }, (f: Sign) => f.sign('hi'))).rejects.toMatchObject({ code: 'kernel/no-active-caip-address' });
    adapter.addWallet(wallet);
    await adapter.connect('ws:acme-wallet');
    // A confirm method the wallet confirms itself runs at once, with the wallet's account.
    await expect(adapter.callFeature('acme:sign', { method: 'acme_sign', params: ['hi'] }, (f: Sign, account) => f.sign(`hi ${account.address}`), { walletConfirms: true })).resolves.toBe('signed:hi alice');
    expect(kernel.requestGate.getSnapshot().pending).toEqual([]);
    // By default a confirm method waits on the approval view first; the wallet is asked once it is approved.
    const waiting = adapter.callFeature('acme:sign', { method: 'acme_sign', params: ['again'] }, (f: Sign) => f.sign('again'));
    await vi.waitFor(() => expect(kernel.requestGate.getSnapshot().pending).toHaveLength(1), { timeout: 10_000 });
    expect(signed).toEqual(['hi alice']);
    kernel.requestGate.approve(kernel.requestGate.getSnapshot().pending[0]!.id);
    await expect(waiting).resolves.toBe('signed:again');
    // A method the policy does not name is refused before the wallet is asked.
    await expect(adapter.callFeature('acme:sign', { method: 'acme_drain', params: [] }, (f: Sign) => f.sign('drain'))).rejects.toMatchObject({ code: 'kernel/rpc-method-not-allowed' });
    await expect(adapter.callFeature('acme:nothing', { method: 'acme_read', params: [] }, async () => 'x')).rejects.toMatchObject({ code: 'kernel/feature-missing' });
    expect(signed).toEqual(['hi alice', 'again']);
  });
});
