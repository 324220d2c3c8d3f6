import { describe, expect, it } from 'vitest';
import { createMemoryStorage, createServiceRef, type PluginContext } from '../../test/internals';
import { ServiceNotFoundError } from '../../src/entries/errors';
import { deferred, delay, kernelFactory, manifest, nextEvent, plugin } from '../../test/helpers';

const makeKernel = kernelFactory();

interface Greeter {
  greet(name: string): string;
}
const greeterRef = createServiceRef<Greeter>('acme/greeter');

describe('plugin context: everything registered is undone on dispose', () => {
  it('withdraws services, removes listeners, runs onDispose and the returned disposer in reverse, aborts the signal', async () => {
    const log: string[] = [];
    let context: PluginContext | undefined;
    const kernel = makeKernel({
      plugins: [
        plugin(manifest('acme'), {
          activate: (ctx) => {
            context = ctx;
            ctx.services.register(greeterRef, { useValue: { greet: (name) => `hi ${name}` } });
            ctx.events.on('network:switched', () => void log.push('listener'));
            ctx.events.once('account:disconnected', () => void log.push('once'));
            ctx.onDispose(() => void log.push('first onDispose'));
            ctx.onDispose(async () => {
              await delay(1);
              log.push('second onDispose');
            });
            ctx.signal.addEventListener('abort', () => void log.push('aborted'));
            return () => void log.push('returned disposer');
          },
        }),
      ],
    });
    await kernel.start();
    expect(kernel.getService(greeterRef).greet('you')).toBe('hi you');
    expect(kernel.events.listenerCount('network:switched')).toBe(1);
    kernel.events.emit('network:switched', { namespace: 'acme', network: 'acme:1' });
    expect(log).toEqual(['listener']);
    expect(context?.signal.aborted).toBe(false);

    kernel.setFeature('acmeOff', true); // unrelated flag: nothing happens
    expect(kernel.plugins.get('acme')?.status).toBe('active');

    const disposedEvents: string[] = [];
    kernel.events.on('plugin:disposed', ({ id }) => void disposedEvents.push(id));
    await kernel.dispose();

    expect(log).toEqual(['listener', 'aborted', 'returned disposer', 'second onDispose', 'first onDispose']);
    expect(disposedEvents).toEqual(['acme']);
    expect(context?.signal.aborted).toBe(true);
    expect(kernel.events.listenerCount('network:switched')).toBe(0);
    expect(kernel.events.listenerCount('account:disconnected')).toBe(0);
  });

  it('undoes a plugin disposed by its flag while the kernel keeps running', async () => {
    let context: PluginContext | undefined;
    const kernel = makeKernel({
      plugins: [
        plugin(manifest('acme', { featureFlag: { id: 'acme', default: true } }), {
          activate: (ctx) => {
            context = ctx;
            ctx.services.register(greeterRef, { useValue: { greet: () => 'hi' } });
            ctx.events.on('network:switched', () => undefined);
          },
        }),
      ],
    });
    await kernel.start();
    expect(kernel.getService(greeterRef).greet('x')).toBe('hi');
    const disposed = nextEvent(kernel, 'plugin:disposed', ({ id }) => id === 'acme');
    kernel.setFeature('acme', false);
    await disposed;
    expect(context?.signal.aborted).toBe(true);
    expect(() => kernel.getService(greeterRef)).toThrow(ServiceNotFoundError);
    expect(kernel.events.listenerCount('network:switched')).toBe(0);
  });

  it('a disposer that throws is logged and the others still run', async () => {
    const log: string[] = [];
    const errors: string[] = [];
    const kernel = makeKernel({
      logLevel: 'error',
      logSink: (_level, message) => void errors.push(message),
      plugins: [
        plugin(manifest('acme'), {
          activate: (ctx) => {
            ctx.onDispose(() => void log.push('ran'));
            ctx.onDispose(() => {
              throw new Error('bad disposer');
            });
          },
        }),
      ],
    });
    await kernel.start();
    await kernel.dispose();
    expect(log).toEqual(['ran']);
    expect(errors).toEqual(['[portico:acme] A disposer threw']);
  });

  it('a plugin cannot clear the kernel event bus', async () => {
    let thrown: unknown;
    const kernel = makeKernel({
      plugins: [
        plugin(manifest('acme'), {
          activate: (ctx) => {
            try {
              ctx.events.clear();
            } catch (error) {
              thrown = error;
            }
          },
        }),
      ],
    });
    kernel.events.on('network:switched', () => undefined);
    await kernel.start();
    expect((thrown as Error).message).toBe('A plugin cannot clear the kernel event bus');
    expect(kernel.events.listenerCount('network:switched')).toBe(1);
  });

  it('an unsubscribe a plugin calls itself is not a problem on dispose', async () => {
    const kernel = makeKernel({
      plugins: [
        plugin(manifest('acme'), {
          activate: (ctx) => {
            const off = ctx.events.on('network:switched', () => undefined);
            off();
            const withdraw = ctx.services.register(greeterRef, { useValue: { greet: () => 'x' } });
            withdraw();
          },
        }),
      ],
    });
    await kernel.start();
    expect(kernel.events.listenerCount('network:switched')).toBe(0);
    await expect(kernel.dispose()).resolves.toBeUndefined();
  });

  it('disposes a plugin whose activation finishes after the kernel was disposed', async () => {
    let disposed = false;
    let context: PluginContext | undefined;
    const entered = deferred();
    const release = deferred();
    const kernel = makeKernel({
      plugins: [
        plugin(manifest('slow'), {
          activate: async (ctx) => {
            context = ctx;
            entered.resolve();
            await release.promise;
            return () => void (disposed = true);
          },
        }),
      ],
    });
    const starting = kernel.start();
    await entered.promise;
    await kernel.dispose();
    release.resolve();
    // start() settles when that activation, and the undoing it needed, are over.
    await starting;
    expect(context?.signal.aborted).toBe(true);
    expect(disposed).toBe(true);
    expect(kernel.plugins.get('slow')?.status).not.toBe('active');
  });
});

describe('plugin context: what it offers', () => {
  it('gives the plugin its id, manifest, flags and a logger scoped to it', async () => {
    const lines: string[] = [];
    let seen: { id: string; version: string; flag: boolean; other: boolean } | undefined;
    const kernel = makeKernel({
      logLevel: 'info',
      logSink: (_level, message) => void lines.push(message),
      plugins: [
        plugin(manifest('acme', { flags: [{ id: 'acmeBeta', default: true }] }), {
          activate: (ctx) => {
            seen = { id: ctx.pluginId, version: ctx.manifest.version, flag: ctx.flags.isEnabled('acmeBeta'), other: ctx.flags.isEnabled('nope') };
            ctx.logger.info('hello');
          },
        }),
      ],
    });
    await kernel.start();
    expect(seen).toEqual({ id: 'acme', version: '1.0.0', flag: true, other: false });
    expect(lines).toContain('[portico:acme] hello');
  });

  it('gives each plugin storage private to it and to the kernel storage key', async () => {
    const storage = createMemoryStorage();
    const writer = (id: string) =>
      plugin(manifest(id), {
        activate: (ctx) => {
          ctx.storage.set('note', id);
          expect(ctx.storage.get('note')).toBe(id);
        },
      });
    const kernel = makeKernel({ storage, storageKey: 'app1', plugins: [writer('alpha'), writer('beta')] });
    await kernel.start();
    expect(storage.dump()).toEqual({ 'app1/plugin/alpha/note': 'alpha', 'app1/plugin/beta/note': 'beta' });
  });

  it('lets a plugin use services other plugins registered, and the kernel services', async () => {
    let greeting = '';
    const kernel = makeKernel({
      plugins: [
        plugin(manifest('provider'), {
          activate: (ctx) => void ctx.services.register(greeterRef, { useValue: { greet: (n) => `hello ${n}` } }),
        }),
        plugin(manifest('consumer', { requires: { provider: '^1.0.0' } }), {
          activate: (ctx) => {
            expect(ctx.services.has(greeterRef)).toBe(true);
            greeting = ctx.services.get(greeterRef).greet(ctx.pluginId);
          },
        }),
      ],
    });
    await kernel.start();
    expect(greeting).toBe('hello consumer');
  });

  it('a signal first read after dispose is already aborted; logger and storage work when first read late', async () => {
    let context: PluginContext | undefined;
    const lines: string[] = [];
    const storage = createMemoryStorage();
    const kernel = makeKernel({
      storage,
      logLevel: 'info',
      logSink: (_level, message) => void lines.push(message),
      plugins: [plugin(manifest('late'), { activate: (ctx) => void (context = ctx) })],
    });
    await kernel.start();
    await kernel.dispose();
    expect(context?.signal.aborted).toBe(true);
    expect((context?.signal.reason as Error).message).toBe('Plugin "late" was disposed');
    expect(context?.signal).toBe(context?.signal);
    context?.logger.info('still here');
    context?.storage.set('k', 'v');
    expect(lines).toContain('[portico:late] still here');
    expect(storage.dump()).toMatchObject({ 'portico/plugin/late/k': 'v' });
  });

  it('runs synchronous and asynchronous disposers one after another, in reverse', async () => {
    const log: string[] = [];
    const kernel = makeKernel({
      plugins: [
        plugin(manifest('mixed'), {
          activate: (ctx) => {
            ctx.onDispose(() => void log.push('sync 1'));
            ctx.onDispose(async () => {
              log.push('async start');
              await delay(1);
              log.push('async end');
            });
            ctx.onDispose(() => void log.push('sync 3'));
          },
        }),
      ],
    });
    await kernel.start();
    await kernel.dispose();
    expect(log).toEqual(['sync 3', 'async start', 'async end', 'sync 1']);
  });

  it('shares nothing mutable between plugins: each context has its own services and events', async () => {
    const contexts: PluginContext[] = [];
    const kernel = makeKernel({
      plugins: ['one', 'two'].map((id) => plugin(manifest(id), { activate: (ctx) => void contexts.push(ctx) })),
    });
    await kernel.start();
    const [one, two] = contexts;
    expect(one?.pluginId).toBe('one');
    expect(two?.pluginId).toBe('two');
    expect(one?.services).not.toBe(two?.services);
    expect(one?.events).not.toBe(two?.events);
    expect(Object.isFrozen(one?.flags)).toBe(true);
    const { on } = one!.events;
    on('network:switched', () => undefined);
    expect(kernel.events.listenerCount('network:switched')).toBe(1);
  });

  it('gives loadOnce: one load however many callers, a failed load tried again, the value in `current`', async () => {
    let context: PluginContext | undefined;
    const kernel = makeKernel({ plugins: [plugin(manifest('acme'), { activate: (ctx) => void (context = ctx) })] });
    await kernel.start();
    let calls = 0;
    const settings = context!.loadOnce(async () => {
      calls += 1;
      if (calls === 1) throw new Error('chunk failed');
      return { slippage: calls };
    });
    await expect(settings()).rejects.toThrow('chunk failed');
    expect(settings.current).toBeUndefined();
    const [a, b] = await Promise.all([settings(), settings()]);
    expect(a).toBe(b);
    expect(calls).toBe(2);
    expect(settings.current).toEqual({ slippage: 2 });
    await kernel.dispose();
  });
});
