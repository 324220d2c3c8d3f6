import { describe, expect, it } from 'vitest';
import { FeatureFlags, type PluginDefinition } from '../../test/internals';
import { deferred, kernelFactory, manifest, nextEvent, plugin, record, waitFor } from '../../test/helpers';

const makeKernel = kernelFactory();

/** A feature plugin behind `flag`, logging activations and disposals into `log`. */
function flagged(log: string[], id: string, flag: string, defaultValue: boolean): PluginDefinition {
  return plugin(
    manifest(id, {
      featureFlag: { id: flag, default: defaultValue },
      contributes: { walletButtons: [{ id: `${id}-button`, label: id, view: `${id}View` }] },
    }),
    {
      activate: () => {
        log.push(`+${id}`);
        return () => void log.push(`-${id}`);
      },
    },
  );
}

describe('FeatureFlags', () => {
  it('host beats remote beats the declared default, and reports the source', () => {
    const flags = new FeatureFlags({ hosted: false });
    flags.declare('owner', [
      { id: 'hosted', default: true },
      { id: 'remoted', default: true },
      { id: 'defaulted', default: true },
    ]);
    flags.applyRemote({ hosted: true, remoted: false });
    expect(flags.get('hosted')).toEqual({ id: 'hosted', value: false, source: 'host', owner: 'owner' });
    expect(flags.get('remoted')).toEqual({ id: 'remoted', value: false, source: 'remote', owner: 'owner' });
    expect(flags.get('defaulted')).toEqual({ id: 'defaulted', value: true, source: 'default', owner: 'owner' });
  });

  it('a batch of declarations recomputes and notifies once, at its end', () => {
    const flags = new FeatureFlags({ second: false });
    let notified = 0;
    flags.subscribe(() => notified++);
    const result = flags.batch(() => {
      flags.declare('a', [{ id: 'first', default: true }]);
      flags.declare('b', [{ id: 'second', default: true }]);
      flags.declare('c', [{ id: 'first', default: false }]);
      expect(notified).toBe(0);
      return 'done';
    });
    expect(result).toBe('done');
    expect(notified).toBe(1);
    expect(flags.get('first')).toEqual({ id: 'first', value: true, source: 'default', owner: 'a' });
    expect(flags.get('second')).toEqual({ id: 'second', value: false, source: 'host', owner: 'b' });
    flags.batch(() => undefined);
    expect(notified).toBe(1);
  });

  it('reads unknown flags as off', () => {
    expect(new FeatureFlags().isEnabled('whatever')).toBe(false);
    expect(new FeatureFlags().get('whatever')).toBeUndefined();
  });

  it('setHost(undefined) falls back to remote, then default', () => {
    const flags = new FeatureFlags();
    flags.declare('owner', [{ id: 'f', default: false }]);
    flags.applyRemote({ f: true });
    flags.setHost('f', false);
    expect(flags.isEnabled('f')).toBe(false);
    flags.setHost('f', undefined);
    expect(flags.get('f')?.source).toBe('remote');
    expect(flags.isEnabled('f')).toBe(true);
    flags.applyRemote({});
    expect(flags.get('f')?.source).toBe('default');
    expect(flags.isEnabled('f')).toBe(false);
  });

  it('the first declarer owns a flag', () => {
    const flags = new FeatureFlags();
    flags.declare('first', [{ id: 'shared', default: true }]);
    flags.declare('second', [{ id: 'shared', default: false }]);
    expect(flags.get('shared')).toMatchObject({ owner: 'first', value: true });
  });

  it('applyRemote returns the ids whose value changed', () => {
    const flags = new FeatureFlags({ pinned: true });
    flags.declare('owner', [
      { id: 'a', default: false },
      { id: 'b', default: true },
      { id: 'pinned', default: true },
    ]);
    expect(flags.applyRemote({ a: true, b: true, pinned: false }).sort()).toEqual(['a']);
  });

  it('does not treat Object.prototype members as set flags', () => {
    const flags = new FeatureFlags();
    flags.declare('owner', [
      { id: 'constructor', default: false },
      { id: 'toString', default: false },
    ]);
    expect(flags.isEnabled('constructor')).toBe(false);
    expect(flags.get('toString')).toEqual({ id: 'toString', value: false, source: 'default', owner: 'owner' });
  });
});

describe('feature flags gate plugins', () => {
  it('a plugin whose flag is off by default is never activated and contributes nothing', async () => {
    const log: string[] = [];
    const kernel = makeKernel({ plugins: [flagged(log, 'legal', 'legalCheckbox', false), flagged(log, 'swap', 'swapLike', true)] });
    await kernel.start();
    expect(log).toEqual(['+swap']);
    expect(kernel.plugins.get('legal')).toMatchObject({ status: 'disabled', disabledBy: 'legalCheckbox', error: undefined });
    expect(kernel.contributions.list('walletButtons').map((b) => b.id)).toEqual(['swap-button']);
  });

  it('host features beat the manifest default in both directions', async () => {
    const log: string[] = [];
    const kernel = makeKernel({
      features: { legalCheckbox: true, swapLike: false },
      plugins: [flagged(log, 'legal', 'legalCheckbox', false), flagged(log, 'swap', 'swapLike', true)],
    });
    await kernel.start();
    expect(log).toEqual(['+legal']);
    expect(kernel.contributions.list('walletButtons').map((b) => b.id)).toEqual(['legal-button']);
  });

  it('a plugin declaring a flag named like an Object.prototype member still honours its default', async () => {
    const log: string[] = [];
    const kernel = makeKernel({ plugins: [flagged(log, 'odd', 'constructor', false)] });
    await kernel.start();
    expect(log).toEqual([]);
    expect(kernel.plugins.get('odd')?.status).toBe('disabled');
  });

  it('setFeature at run time enables and disables a plugin, withdrawing its contributions', async () => {
    const log: string[] = [];
    const kernel = makeKernel({ plugins: [flagged(log, 'swap', 'swapLike', true)] });
    const changed = record(kernel, 'flag:changed');
    await kernel.start();

    kernel.setFeature('swapLike', false);
    expect(kernel.contributions.list('walletButtons')).toEqual([]);
    expect(kernel.plugins.get('swap')?.status).toBe('disabled');
    await waitFor(() => log.includes('-swap'));

    kernel.setFeature('swapLike', true);
    await waitFor(() => kernel.plugins.get('swap')?.status === 'active');
    expect(log).toEqual(['+swap', '-swap', '+swap']);
    expect(kernel.contributions.list('walletButtons').map((b) => b.id)).toEqual(['swap-button']);
    expect(changed).toEqual([
      { id: 'swapLike', value: false },
      { id: 'swapLike', value: true },
    ]);
  });

  it('setFeature with the current value emits nothing; clearing it returns to the default', async () => {
    const log: string[] = [];
    const kernel = makeKernel({ features: { swapLike: false }, plugins: [flagged(log, 'swap', 'swapLike', true)] });
    const changed = record(kernel, 'flag:changed');
    await kernel.start();
    kernel.setFeature('swapLike', false);
    expect(changed).toEqual([]);
    kernel.setFeature('swapLike', undefined);
    expect(changed).toEqual([{ id: 'swapLike', value: true }]);
    await waitFor(() => log.includes('+swap'));
  });

  it('turning a flag off while its plugin is activating undoes the activation', async () => {
    const log: string[] = [];
    const entered = deferred();
    const release = deferred();
    const kernel = makeKernel({
      plugins: [
        plugin(manifest('slow', { featureFlag: { id: 'slowFlag', default: true } }), {
          activate: async (ctx) => {
            log.push('+slow');
            ctx.events.on('network:switched', () => undefined);
            entered.resolve();
            await release.promise;
            return () => void log.push('-slow');
          },
        }),
      ],
    });
    const starting = kernel.start();
    await entered.promise;
    kernel.setFeature('slowFlag', false);
    release.resolve();
    // start() settles when that activation, and the undoing it needed, are over.
    await starting;
    expect(log).toEqual(['+slow', '-slow']);
    expect(kernel.plugins.get('slow')?.status).toBe('disabled');
    expect(kernel.events.listenerCount('network:switched')).toBe(0);
  });

  it('a plugin enabled before start() contributes at once but activates only on start()', async () => {
    const log: string[] = [];
    const kernel = makeKernel({ plugins: [flagged(log, 'swap', 'swapLike', false)] });
    kernel.setFeature('swapLike', true);
    expect(kernel.contributions.list('walletButtons')).toHaveLength(1);
    // Activation would start on the flag change itself, showing 'activating'.
    expect(kernel.plugins.get('swap')?.status).toBe('resolved');
    expect(log).toEqual([]);
    await kernel.start();
    expect(log).toEqual(['+swap']);
  });
});

describe('remote config', () => {
  it('start() does not wait for remote config; its flags apply when it arrives', async () => {
    const log: string[] = [];
    const remote = deferred<unknown>();
    const kernel = makeKernel({
      remoteConfig: () => remote.promise,
      plugins: [flagged(log, 'legal', 'legalCheckbox', false), flagged(log, 'swap', 'swapLike', true)],
    });
    const changed = record(kernel, 'flag:changed');
    await kernel.start();
    expect(log).toEqual(['+swap']);

    remote.resolve({ legalCheckbox: true, swapLike: false });
    await waitFor(() => log.length === 3);
    expect(log.slice(1).sort()).toEqual(['+legal', '-swap']);
    expect(kernel.flags.get('legalCheckbox')?.source).toBe('remote');
    expect(changed).toEqual(
      expect.arrayContaining([
        { id: 'legalCheckbox', value: true },
        { id: 'swapLike', value: false },
      ]),
    );
  });

  it('host features beat remote config', async () => {
    const log: string[] = [];
    const remote = deferred<unknown>();
    const kernel = makeKernel({
      features: { swapLike: true },
      remoteConfig: () => remote.promise,
      plugins: [flagged(log, 'swap', 'swapLike', true)],
    });
    await kernel.start();
    // The config is applied as a whole: its other flag shows that it has arrived.
    const applied = nextEvent(kernel, 'flag:changed', ({ id }) => id === 'otherFlag');
    remote.resolve({ swapLike: false, otherFlag: true });
    await applied;
    expect(kernel.flags.get('otherFlag')).toMatchObject({ value: true, source: 'remote' });
    expect(kernel.flags.get('swapLike')).toMatchObject({ value: true, source: 'host' });
    expect(log).toEqual(['+swap']);
  });

  it.each([
    ['a non-boolean value', { swapLike: 'no' }],
    ['an array', [false]],
    ['null', null],
    ['a too long flag name', { ['x'.repeat(65)]: true }],
  ])('ignores malformed remote config (%s) and warns', async (_label, payload) => {
    const log: string[] = [];
    const warnings: string[] = [];
    const kernel = makeKernel({
      logLevel: 'warn',
      logSink: (level, message) => void (level === 'warn' && warnings.push(message)),
      remoteConfig: async () => payload,
      plugins: [flagged(log, 'swap', 'swapLike', true)],
    });
    await kernel.start();
    await waitFor(() => warnings.length > 0);
    expect(warnings[0]).toMatch(/^\[portico\] Ignored remote config: /);
    expect(kernel.flags.get('swapLike')).toMatchObject({ value: true, source: 'default' });
    expect(log).toEqual(['+swap']);
  });

  it('ignores a remote config that rejects, and one that throws synchronously', async () => {
    const warnings: string[] = [];
    const sink = (level: string, message: string) => void (level === 'warn' && warnings.push(message));
    const a = makeKernel({ logLevel: 'warn', logSink: sink, remoteConfig: () => Promise.reject(new Error('offline')) });
    const b = makeKernel({
      logLevel: 'warn',
      logSink: sink,
      remoteConfig: () => {
        throw new Error('bug');
      },
    });
    await expect(a.start()).resolves.toBeUndefined();
    await expect(b.start()).resolves.toBeUndefined();
    await waitFor(() => warnings.length === 2);
    expect(warnings).toEqual(['[portico] Remote config failed to load; using defaults', '[portico] Remote config failed to load; using defaults']);
  });

  it('remote config arriving after dispose is ignored', async () => {
    const remote = deferred<unknown>();
    const config = () => ({ remoteConfig: () => remote.promise, plugins: [flagged([], 'swap', 'swapLike', true)] });
    const kernel = makeKernel(config());
    await kernel.start();
    // A live twin, started later, waits on the same config the same way, so it handles the config
    // after the disposed kernel has: once the twin has applied it, the other has decided.
    const twin = makeKernel(config());
    await twin.start();
    await kernel.dispose();
    const applied = nextEvent(twin, 'flag:changed', ({ id }) => id === 'swapLike');
    remote.resolve({ swapLike: false });
    await applied;
    expect(twin.flags.get('swapLike')?.source).toBe('remote');
    expect(kernel.flags.get('swapLike')?.source).toBe('default');
  });
});
