import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failedChunkUrl, retryUrl } from './viewModules';
import { createMemoryStorage, type PluginStatus } from '../../test/internals';
import { PluginActivationError, ViewLoadError, ViewNotFoundError } from '../../src/entries/errors';
import { chainPlugin, deferred, delay, kernelFactory, manifest, nextEvent, plugin, record, rejectionOf } from '../../test/helpers';

const makeKernel = kernelFactory();

const views = (...ids: string[]) => ({ views: ids.map((id) => ({ id, title: id })) });
const View = (name: string) => ({ default: `${name} component` });

describe('isolation of a failing plugin', () => {
  it('a plugin whose activate throws fails alone; its contributions are withdrawn', async () => {
    const kernel = makeKernel({
      plugins: [
        plugin(manifest('broken', { contributes: views('BrokenView') }), {
          activate: () => {
            throw new Error('kaput');
          },
        }),
        plugin(manifest('healthy', { contributes: views('HealthyView') })),
      ],
    });
    const failed = record(kernel, 'plugin:failed');
    expect(kernel.contributions.list('views').map((v) => v.id)).toEqual(['BrokenView', 'HealthyView']);
    await kernel.start();

    expect(failed.map((f) => f.id)).toEqual(['broken']);
    const error = failed[0]?.error;
    expect(error).toBeInstanceOf(PluginActivationError);
    expect(error?.message).toBe('Plugin "broken" failed to activate');
    expect(error?.details).toBe('kaput');
    expect((error?.cause as Error).message).toBe('kaput');
    expect(kernel.plugins.get('broken')).toMatchObject({ status: 'failed', error });
    expect(kernel.plugins.get('healthy')?.status).toBe('active');
    expect(kernel.contributions.list('views').map((v) => v.id)).toEqual(['HealthyView']);
    await expect(kernel.loadView('HealthyView')).rejects.toBeInstanceOf(ViewNotFoundError); // declared, no loader
  });

  it('a plugin whose activate rejects is isolated the same way, and what it registered is undone', async () => {
    let sawAbort = false;
    const kernel = makeKernel({
      plugins: [
        plugin(manifest('broken'), {
          activate: async (ctx) => {
            ctx.events.on('account:connected', () => undefined);
            ctx.signal.addEventListener('abort', () => (sawAbort = true));
            await delay(1);
            throw new TypeError('async kaput');
          },
        }),
        plugin(manifest('healthy')),
      ],
    });
    await kernel.start();
    expect(kernel.plugins.get('broken')?.status).toBe('failed');
    expect(kernel.plugins.get('broken')?.error?.details).toBe('async kaput');
    expect(kernel.events.listenerCount('account:connected')).toBe(0);
    expect(sawAbort).toBe(true);
    expect(kernel.plugins.get('healthy')?.status).toBe('active');
  });

  it('a failed plugin does not report again when an unrelated flag changes', async () => {
    const kernel = makeKernel({ plugins: [plugin(manifest('needy', { requires: { ghost: '^1.0.0' } })), plugin(manifest('other'))] });
    const failed = record(kernel, 'plugin:failed');
    await kernel.start();
    expect(failed).toHaveLength(1);
    kernel.setFeature('somethingElse', true);
    kernel.setFeature('somethingElse', false);
    expect(failed).toHaveLength(1);
    expect(kernel.plugins.get('needy')?.status).toBe('failed');
  });

  it('fails a plugin whose activate takes longer than activationTimeoutMs', async () => {
    let disposerRan = false;
    const kernel = makeKernel({
      activationTimeoutMs: 30,
      plugins: [
        plugin(manifest('slow'), {
          activate: (ctx) => {
            ctx.onDispose(() => void (disposerRan = true));
            return new Promise(() => undefined);
          },
        }),
        plugin(manifest('quick')),
      ],
    });
    const started = Date.now();
    await kernel.start();
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
    const error = kernel.plugins.get('slow')?.error;
    expect(error).toBeInstanceOf(PluginActivationError);
    expect(error?.message).toBe('Plugin "slow" did not activate within 30 ms');
    expect(disposerRan).toBe(true);
    expect(kernel.plugins.get('quick')?.status).toBe('active');
  });

  it('undoes what a timed-out plugin registers after it finally activates', async () => {
    const release = deferred();
    const registered = deferred();
    const kernel = makeKernel({
      activationTimeoutMs: 30,
      plugins: [
        plugin(manifest('late'), {
          activate: async (ctx) => {
            await release.promise;
            ctx.events.on('network:switched', () => undefined);
            registered.resolve();
          },
        }),
      ],
    });
    await kernel.start();
    expect(kernel.plugins.get('late')?.status).toBe('failed');
    release.resolve();
    await registered.promise;
    expect(kernel.events.listenerCount('network:switched')).toBe(0);
  });
});

describe('lazy activation', () => {
  it('activates on the first router.push to one of its views', async () => {
    const activated: string[] = [];
    const kernel = makeKernel({
      plugins: [
        plugin(manifest('lazy', { activation: { onViews: ['LazyView'] }, contributes: views('LazyView', 'OtherLazy') }), {
          activate: (ctx) => void activated.push(ctx.pluginId),
        }),
      ],
    });
    await kernel.start();
    expect(activated).toEqual([]);
    expect(kernel.plugins.get('lazy')?.status).toBe('resolved');
    expect(kernel.contributions.list('views')).toHaveLength(2);
    kernel.router.push('SomethingElse');
    kernel.router.push('OtherLazy');
    // Activation starts on the trigger itself: a wrong view would already show 'activating'.
    expect(kernel.plugins.get('lazy')?.status).toBe('resolved');
    expect(activated).toEqual([]);
    const active = nextEvent(kernel, 'plugin:activated', ({ id }) => id === 'lazy');
    kernel.router.push('LazyView');
    await active;
    kernel.router.back();
    kernel.router.push('LazyView');
    // Settles once any activation the second visit began has finished; none may run again.
    await expect(kernel.plugins.activate('lazy')).resolves.toBe(true);
    expect(activated).toEqual(['lazy']);
  });

  it('activates on loadView of one of its views, with its dependencies first', async () => {
    const log: string[] = [];
    const kernel = makeKernel({
      plugins: [
        plugin(manifest('lazy', { requires: { base: '^1.0.0' }, activation: { onViews: ['LazyView'] }, contributes: views('LazyView') }), {
          activate: () => void log.push('lazy'),
          views: { LazyView: async () => View('Lazy') },
        }),
        plugin(manifest('base', { activation: { onEvents: ['base:needed'] } }), { activate: () => void log.push('base') }),
      ],
    });
    await kernel.start();
    expect(log).toEqual([]);
    await expect(kernel.loadView('LazyView')).resolves.toEqual(View('Lazy'));
    expect(log).toEqual(['base', 'lazy']);
  });

  it('activates on the first of its events', async () => {
    const activated: string[] = [];
    const kernel = makeKernel({
      plugins: [plugin(manifest('watcher', { activation: { onEvents: ['account:connected'] } }), { activate: () => void activated.push('watcher') })],
    });
    await kernel.start();
    kernel.events.emit('account:disconnected', { namespace: 'acme' });
    // Activation starts on the trigger itself: another event would already show 'activating'.
    expect(kernel.plugins.get('watcher')?.status).toBe('resolved');
    expect(activated).toEqual([]);
    const active = nextEvent(kernel, 'plugin:activated', ({ id }) => id === 'watcher');
    kernel.events.emit('account:connected', { namespace: 'acme', address: 'acme:1:x', connectorId: undefined });
    await active;
    expect(activated).toEqual(['watcher']);
    kernel.events.emit('account:connected', { namespace: 'acme', address: 'acme:1:x', connectorId: undefined });
    // Settles once any activation the second event began has finished; none may run again.
    await expect(kernel.plugins.activate('watcher')).resolves.toBe(true);
    expect(activated).toEqual(['watcher']);
    expect(kernel.events.listenerCount('account:connected')).toBe(0);
  });

  it('activates once a connection uses one of its connectors: restored at start, or made later (#41)', async () => {
    const storage = createMemoryStorage();
    const wallet = () => plugin(manifest('wallet', { activation: { onConnectors: ['embedded'] } }), { activate: () => void activated.push('wallet') });
    const activated: string[] = [];
    // First page load: nothing uses the connector, so the plugin waits; a connection of another connector changes nothing.
    const first = makeKernel({ storage, plugins: [chainPlugin('acme'), wallet()] });
    await first.start();
    first.connection.setConnecting('acme', 'injected');
    first.connection.setConnected('acme', { accounts: [{ address: 'acme:1:0xaaa', type: 'eoa' }] });
    first.connection.setDisconnected('acme');
    expect(first.plugins.get('wallet')?.status).toBe('resolved');
    expect(activated).toEqual([]);
    // Connecting its connector activates it.
    const active = nextEvent(first, 'plugin:activated', ({ id }) => id === 'wallet');
    first.connection.setConnecting('acme', 'embedded');
    await active;
    expect(activated).toEqual(['wallet']);
    first.connection.setConnected('acme', { accounts: [{ address: 'acme:1:0xbbb', type: 'eoa' }] });
    expect(activated).toEqual(['wallet']);
    await first.dispose();
    // The next page load restores that connection: the plugin activates at start, with the eager ones.
    const second = makeKernel({ storage, plugins: [chainPlugin('acme'), wallet()] });
    expect(second.connection.get('acme')).toMatchObject({ status: 'connecting', connectorId: 'embedded' });
    expect(second.plugins.get('wallet')?.status).toBe('resolved');
    await second.start();
    expect(second.plugins.get('wallet')?.status).toBe('active');
    expect(activated).toEqual(['wallet', 'wallet']);
  });

  it('does not activate before start(), even when a restored connection uses its connector', async () => {
    const storage = createMemoryStorage();
    const first = makeKernel({ storage, plugins: [chainPlugin('acme')] });
    first.connection.setConnecting('acme', 'embedded');
    first.connection.setConnected('acme', { accounts: [{ address: 'acme:1:0xaaa', type: 'eoa' }] });
    const activated: string[] = [];
    const second = makeKernel({ storage, plugins: [chainPlugin('acme'), plugin(manifest('wallet', { activation: { onConnectors: ['embedded'] } }), { activate: () => void activated.push('wallet') })] });
    second.connection.setDisconnected('acme');
    second.connection.setConnecting('acme', 'embedded');
    await delay(1);
    expect(activated).toEqual([]);
    await second.start();
    expect(activated).toEqual(['wallet']);
  });

  it('kernel.plugins.activate activates a lazy plugin on demand', async () => {
    const kernel = makeKernel({
      plugins: [plugin(manifest('lazy', { activation: { onEvents: ['never:happens'] } }))],
    });
    await kernel.start();
    expect(kernel.plugins.get('lazy')?.status).toBe('resolved');
    await expect(kernel.plugins.activate('lazy')).resolves.toBe(true);
    expect(kernel.plugins.get('lazy')?.status).toBe('active');
    await expect(kernel.plugins.activate('unknown')).resolves.toBe(false);
  });

  it('publishes status changes to subscribers', async () => {
    const kernel = makeKernel({ plugins: [plugin(manifest('p'), { activate: () => delay(5) })] });
    const seen: PluginStatus[] = [];
    kernel.plugins.subscribe(() => {
      const status = kernel.plugins.get('p')?.status;
      if (status && seen.at(-1) !== status) seen.push(status);
    });
    await kernel.start();
    expect(seen).toEqual(['activating', 'active']);
    expect(kernel.plugins.getSnapshot().map((p) => p.id)).toEqual(['p']);
  });

  it('keeps one snapshot between changes, a new one after each, and survives a throwing subscriber', async () => {
    const kernel = makeKernel({ plugins: [plugin(manifest('p', { featureFlag: { id: 'pOn', default: true } }))] });
    const before = kernel.plugins.getSnapshot();
    expect(kernel.plugins.getSnapshot()).toBe(before);
    let calls = 0;
    kernel.plugins.subscribe(() => {
      throw new Error('subscriber bug');
    });
    const unsubscribe = kernel.plugins.subscribe(() => void calls++);
    await kernel.start();
    expect(calls).toBeGreaterThan(0);
    const after = kernel.plugins.getSnapshot();
    expect(after).not.toBe(before);
    expect(kernel.plugins.getSnapshot()).toBe(after);
    expect(after[0]?.status).toBe('active');
    unsubscribe();
    const seen = calls;
    kernel.setFeature('pOn', false);
    expect(kernel.plugins.get('p')?.status).toBe('disabled');
    expect(kernel.plugins.getSnapshot()).not.toBe(after);
    expect(calls).toBe(seen);
  });
});

describe('loadView', () => {
  it('peekView gives a loaded view at once, nothing before its load, and nothing once its plugin is gone', async () => {
    let loads = 0;
    const kernel = makeKernel({
      plugins: [plugin(manifest('p', { contributes: views('Peeked') }), { views: { Peeked: async () => (loads++, View('Peeked')) } })],
    });
    await kernel.start();
    expect(kernel.peekView('Peeked')).toBeUndefined();
    expect(kernel.peekView('Nowhere')).toBeUndefined();
    const loaded = await kernel.loadView('Peeked');
    expect(kernel.peekView('Peeked')).toBe(loaded);
    expect(loads).toBe(1);
    await kernel.dispose();
    expect(kernel.peekView('Peeked')).toBeUndefined();
  });

  it('throws ViewNotFoundError for a view no plugin contributes', async () => {
    const kernel = makeKernel();
    await kernel.start();
    const error = await rejectionOf(kernel.loadView('Nowhere'));
    expect(error).toBeInstanceOf(ViewNotFoundError);
    expect(error).toMatchObject({ message: 'View "Nowhere" is not available', viewId: 'Nowhere', details: 'no enabled plugin contributes it' });
  });

  it('throws ViewNotFoundError when the plugin declares the view but has no loader', async () => {
    const kernel = makeKernel({ plugins: [plugin(manifest('p', { contributes: views('Declared') }), { views: {} })] });
    await expect(kernel.loadView('Declared')).rejects.toMatchObject({
      name: 'ViewNotFoundError',
      details: 'plugin "p" declares it but provides no loader',
    });
  });

  it('throws ViewNotFoundError naming the reason when the owner cannot activate', async () => {
    const kernel = makeKernel({
      plugins: [
        plugin(manifest('p', { contributes: views('V'), activation: { onViews: ['V'] } }), {
          activate: () => {
            throw new Error('nope');
          },
          views: { V: async () => View('V') },
        }),
      ],
    });
    await kernel.start();
    const error = await rejectionOf(kernel.loadView('V'));
    expect(error).toBeInstanceOf(ViewNotFoundError);
    expect((error as ViewNotFoundError).details).toBe('plugin "p" is not active: Plugin "p" failed to activate');
  });

  it('throws ViewLoadError with the cause when the loader rejects, and a retry can succeed', async () => {
    let attempts = 0;
    const chunkError = new Error('chunk missing');
    const kernel = makeKernel({
      plugins: [
        plugin(manifest('p', { contributes: views('Flaky') }), {
          views: {
            Flaky: async () => {
              attempts++;
              if (attempts === 1) throw chunkError;
              return View('Flaky');
            },
          },
        }),
      ],
    });
    await kernel.start();
    const error = await rejectionOf(kernel.loadView('Flaky'));
    expect(error).toBeInstanceOf(ViewLoadError);
    expect(error).toMatchObject({ message: 'View "Flaky" failed to load', cause: chunkError, code: 'kernel/view-load-failed' });
    expect(kernel.plugins.get('p')?.status).toBe('active');
    await expect(kernel.loadView('Flaky')).resolves.toEqual(View('Flaky'));
    expect(attempts).toBe(2);
  });

  describe('a chunk the browser failed to fetch', () => {
    afterEach(() => vi.unstubAllGlobals());

    it('names the chunk only when the error is a failed dynamic import of a same-origin script', () => {
      vi.stubGlobal('location', new URL('https://host.example/app/'));
      const chunk = 'https://host.example/assets/AccountView-x1.js';
      expect(failedChunkUrl(new TypeError(`Failed to fetch dynamically imported module: ${chunk}`))).toBe(chunk);
      expect(failedChunkUrl(new TypeError(`error loading dynamically imported module: ${chunk}`))).toBe(chunk);
      expect(failedChunkUrl(new TypeError('Failed to fetch dynamically imported module: https://evil.example/a.js'))).toBeUndefined();
      expect(failedChunkUrl(new TypeError('Failed to fetch dynamically imported module: not a url'))).toBeUndefined();
      expect(failedChunkUrl(new Error('chunk missing'))).toBeUndefined();
      expect(failedChunkUrl('Failed to fetch dynamically imported module: ' + chunk)).toBeUndefined();
    });

    it('has no chunk to name outside a browser', () => {
      expect(failedChunkUrl(new TypeError('Failed to fetch dynamically imported module: https://host.example/a.js'))).toBeUndefined();
    });

    it('retries under a URL with a retry marker, keeping the chunk\'s own query', () => {
      expect(retryUrl('https://host.example/assets/A.js', 1)).toBe('https://host.example/assets/A.js?portico-retry=1');
      expect(retryUrl('https://host.example/assets/A.js?v=3&portico-retry=1', 2)).toBe('https://host.example/assets/A.js?v=3&portico-retry=2');
    });

    it('loads the view from the retry URL on the next attempt instead of the loader that keeps failing', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'portico-chunk-'));
      const file = join(dir, 'RetriedView.mjs');
      writeFileSync(file, "export default 'Retried component';\n");
      const chunk = pathToFileURL(file).href;
      vi.stubGlobal('location', new URL(pathToFileURL(dir + '/').href));
      let loaderCalls = 0;
      const kernel = makeKernel({
        plugins: [
          plugin(manifest('p', { contributes: views('Retried') }), {
            views: {
              Retried: async () => {
                loaderCalls++;
                throw new TypeError(`Failed to fetch dynamically imported module: ${chunk}`);
              },
            },
          }),
        ],
      });
      await kernel.start();
      try {
        await expect(kernel.loadView('Retried')).rejects.toBeInstanceOf(ViewLoadError);
        await expect(kernel.loadView('Retried')).resolves.toEqual(expect.objectContaining({ default: 'Retried component' }));
        expect(loaderCalls).toBe(1);
      } finally {
        // One folder per run was left in the temporary directory.
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });

  it('throws ViewLoadError when the module has no default export', async () => {
    const kernel = makeKernel({
      plugins: [plugin(manifest('p', { contributes: views('Odd') }), { views: { Odd: async () => ({}) as { default: unknown } } })],
    });
    await expect(kernel.loadView('Odd')).rejects.toBeInstanceOf(ViewLoadError);
  });

  it('still loads a view the host hid from lists', async () => {
    const kernel = makeKernel({
      contributions: { views: { disabled: ['Hidden'] } },
      plugins: [plugin(manifest('p', { contributes: views('Hidden') }), { views: { Hidden: async () => View('Hidden') } })],
    });
    expect(kernel.contributions.list('views')).toEqual([]);
    await expect(kernel.loadView('Hidden')).resolves.toEqual(View('Hidden'));
  });
});
