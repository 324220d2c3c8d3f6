import { describe, expect, it } from 'vitest';
import { type PluginDefinition } from '../../test/internals';
import { DependencyCycleError, DependencyUnavailableError, DependencyVersionMismatchError, DuplicatePluginError, KernelVersionMismatchError, ManifestInvalidError, MissingDependencyError, PluginActivationError, PluginConflictError } from '../../src/entries/errors';
import { kernelFactory, manifest, plugin, record } from '../../test/helpers';

const makeKernel = kernelFactory();

/** Plugins that log their activation and disposal into `log`. */
function tracked(log: string[], id: string, extra: Parameters<typeof manifest>[1] = {}): PluginDefinition {
  return plugin(manifest(id, extra), {
    activate: () => {
      log.push(`+${id}`);
      return () => void log.push(`-${id}`);
    },
  });
}

describe('plugin graph: order', () => {
  it('activates dependencies before dependents even when listed after them', async () => {
    const log: string[] = [];
    const kernel = makeKernel({
      plugins: [
        tracked(log, 'feature', { requires: { middle: '^1.0.0' } }),
        tracked(log, 'middle', { requires: { base: '^1.0.0' } }),
        tracked(log, 'base'),
      ],
    });
    await kernel.start();
    expect(log).toEqual(['+base', '+middle', '+feature']);
  });

  it('does not report a failure for a dependent listed before its dependency', async () => {
    const failed: string[] = [];
    const sink: string[] = [];
    const kernel = makeKernel({
      logLevel: 'error',
      logSink: (_level, message) => void sink.push(message),
      plugins: [plugin(manifest('feature', { requires: { base: '^1.0.0' } })), plugin(manifest('base'))],
    });
    kernel.events.on('plugin:failed', ({ id }) => failed.push(id));
    await kernel.start();
    expect(kernel.plugins.get('feature')?.status).toBe('active');
    expect(failed).toEqual([]);
    expect(sink).toEqual([]);
  });

  it('activates optional dependencies first when they are present', async () => {
    const log: string[] = [];
    const kernel = makeKernel({
      plugins: [tracked(log, 'feature', { optional: { extras: '^1.0.0', absent: '^1.0.0' } }), tracked(log, 'extras')],
    });
    await kernel.start();
    expect(log).toEqual(['+extras', '+feature']);
    expect(kernel.plugins.get('feature')?.status).toBe('active');
  });

  it('ignores an optional dependency whose version is out of range', async () => {
    const log: string[] = [];
    const kernel = makeKernel({
      plugins: [tracked(log, 'feature', { optional: { extras: '^2.0.0' } }), tracked(log, 'extras')],
    });
    await kernel.start();
    expect(log.sort()).toEqual(['+extras', '+feature']);
    expect(kernel.plugins.get('feature')?.status).toBe('active');
  });

  it('disposes in reverse activation order', async () => {
    const log: string[] = [];
    const kernel = makeKernel({
      plugins: [tracked(log, 'c', { requires: { b: '^1.0.0' } }), tracked(log, 'b', { requires: { a: '^1.0.0' } }), tracked(log, 'a')],
    });
    await kernel.start();
    log.length = 0;
    const disposed = record(kernel, 'plugin:disposed');
    await kernel.dispose();
    expect(log).toEqual(['-c', '-b', '-a']);
    expect(disposed.map((d) => d.id)).toEqual(['c', 'b', 'a']);
  });
});

describe('plugin graph: failures, each with its own error', () => {
  it('MissingDependencyError names both plugins', async () => {
    const kernel = makeKernel({ plugins: [plugin(manifest('feature', { requires: { ghost: '^1.0.0' } }))] });
    await kernel.start();
    const info = kernel.plugins.get('feature');
    expect(info?.status).toBe('failed');
    expect(info?.error).toBeInstanceOf(MissingDependencyError);
    expect(info?.error?.message).toBe('Plugin "feature" requires "ghost", which is not installed');
  });

  it('DependencyVersionMismatchError names the range and the installed version', async () => {
    const kernel = makeKernel({
      plugins: [plugin(manifest('feature', { requires: { base: '^2.0.0' } })), plugin(manifest('base', { version: '1.4.0' }))],
    });
    await kernel.start();
    const error = kernel.plugins.get('feature')?.error;
    expect(error).toBeInstanceOf(DependencyVersionMismatchError);
    expect(error?.message).toBe('Plugin "feature" requires "base" ^2.0.0, but version 1.4.0 is installed');
    expect(kernel.plugins.get('base')?.status).toBe('active');
  });

  it('PluginConflictError drops the later plugin in the host list', async () => {
    const log: string[] = [];
    const kernel = makeKernel({ plugins: [tracked(log, 'first'), tracked(log, 'second', { conflictsWith: ['first'] })] });
    await kernel.start();
    expect(log).toEqual(['+first']);
    const error = kernel.plugins.get('second')?.error;
    expect(error).toBeInstanceOf(PluginConflictError);
    expect(error?.message).toBe('Plugin "second" conflicts with "first"; only one of them can be enabled');
  });

  it('PluginConflictError also drops the later one when the earlier declares the conflict', async () => {
    const kernel = makeKernel({ plugins: [plugin(manifest('first', { conflictsWith: ['second'] })), plugin(manifest('second'))] });
    await kernel.start();
    expect(kernel.plugins.get('first')?.status).toBe('active');
    expect(kernel.plugins.get('second')?.error).toBeInstanceOf(PluginConflictError);
  });

  it('a conflict with an absent plugin is harmless', async () => {
    const kernel = makeKernel({ plugins: [plugin(manifest('first', { conflictsWith: ['absent'] }))] });
    await kernel.start();
    expect(kernel.plugins.get('first')?.status).toBe('active');
  });

  it('DependencyCycleError names the cycle from each member', async () => {
    const kernel = makeKernel({
      plugins: [
        plugin(manifest('a', { requires: { b: '^1.0.0' } })),
        plugin(manifest('b', { requires: { a: '^1.0.0' } })),
        plugin(manifest('bystander')),
      ],
    });
    await kernel.start();
    const a = kernel.plugins.get('a')?.error;
    expect(a).toBeInstanceOf(DependencyCycleError);
    expect(a?.message).toBe('Plugin "a" is part of a dependency cycle: a → b → a');
    expect(kernel.plugins.get('b')?.error?.message).toBe('Plugin "b" is part of a dependency cycle: b → a → b');
    expect(kernel.plugins.get('bystander')?.status).toBe('active');
  });

  it('DependencyCycleError covers longer cycles, and their dependents fail as unavailable', async () => {
    const kernel = makeKernel({
      plugins: [
        plugin(manifest('x', { requires: { y: '^1.0.0' } })),
        plugin(manifest('y', { requires: { z: '^1.0.0' } })),
        plugin(manifest('z', { requires: { x: '^1.0.0' } })),
        plugin(manifest('user', { requires: { x: '^1.0.0' } })),
      ],
    });
    await kernel.start();
    expect((kernel.plugins.get('x')?.error as DependencyCycleError).cycle).toEqual(['x', 'y', 'z', 'x']);
    expect(kernel.plugins.get('z')?.error?.message).toContain('z → x → y → z');
    expect(kernel.plugins.get('user')?.error).toBeInstanceOf(DependencyUnavailableError);
  });

  it('DependencyUnavailableError when the dependency is turned off by its flag', async () => {
    const log: string[] = [];
    const kernel = makeKernel({
      features: { baseFlag: false },
      plugins: [tracked(log, 'base', { featureFlag: { id: 'baseFlag', default: true } }), tracked(log, 'feature', { requires: { base: '^1.0.0' } })],
    });
    await kernel.start();
    expect(log).toEqual([]);
    expect(kernel.plugins.get('base')).toMatchObject({ status: 'disabled', disabledBy: 'baseFlag' });
    const error = kernel.plugins.get('feature')?.error;
    expect(error).toBeInstanceOf(DependencyUnavailableError);
    expect(error?.message).toBe('Plugin "feature" requires "base", which is turned off by feature flag "baseFlag"');
  });

  it('DependencyUnavailableError when the dependency fails to activate', async () => {
    const kernel = makeKernel({
      plugins: [
        plugin(manifest('base'), {
          activate: () => {
            throw new Error('boom');
          },
        }),
        plugin(manifest('feature', { requires: { base: '^1.0.0' } })),
      ],
    });
    await kernel.start();
    expect(kernel.plugins.get('base')?.error).toBeInstanceOf(PluginActivationError);
    const error = kernel.plugins.get('feature')?.error;
    expect(error).toBeInstanceOf(DependencyUnavailableError);
    expect(error?.message).toBe('Plugin "feature" requires "base", which is not available (Plugin "base" failed to activate)');
  });

  it('KernelVersionMismatchError names the range and this kernel', async () => {
    const kernel = makeKernel({ plugins: [plugin(manifest('future', { kernel: '^2.0.0' }))] });
    await kernel.start();
    const info = kernel.plugins.get('future');
    expect(info?.status).toBe('invalid');
    expect(info?.error).toBeInstanceOf(KernelVersionMismatchError);
    expect(info?.error?.message).toBe(`Plugin "future" needs kernel ^2.0.0, but this kernel is ${kernel.version}`);
  });

  it('DuplicatePluginError keeps the first of two plugins with one id', async () => {
    const log: string[] = [];
    const first = plugin(manifest('twin'), { activate: () => void log.push('first') });
    const second = plugin(manifest('twin', { version: '2.0.0' }), { activate: () => void log.push('second') });
    const kernel = makeKernel({ plugins: [first, second] });
    const failed = record(kernel, 'plugin:failed');
    await kernel.start();
    expect(log).toEqual(['first']);
    expect(kernel.plugins.get('twin')).toMatchObject({ status: 'active', version: '1.0.0' });
    expect(failed).toHaveLength(1);
    expect(failed[0]?.error).toBeInstanceOf(DuplicatePluginError);
    expect(failed[0]?.error.message).toBe('Plugin "twin" is listed more than once');
  });

  it('ManifestInvalidError marks the plugin invalid and never runs it', async () => {
    let ran = false;
    const kernel = makeKernel({
      plugins: [{ manifest: { id: 'broken', version: 'one', kernel: '^1.0.0' }, activate: () => void (ran = true) } as unknown as PluginDefinition],
    });
    const failed = record(kernel, 'plugin:failed');
    await kernel.start();
    expect(ran).toBe(false);
    expect(kernel.plugins.get('broken')?.status).toBe('invalid');
    expect(failed[0]?.error).toBeInstanceOf(ManifestInvalidError);
    expect(failed[0]?.error.message).toBe('Plugin "broken" has an invalid manifest: version: Must be a semantic version such as 1.2.3');
  });

  it('a plugin requiring an invalid one fails as missing', async () => {
    const kernel = makeKernel({
      plugins: [
        { manifest: { id: 'broken', version: '1.0.0', kernel: '^0.1.0', extra: 1 } } as unknown as PluginDefinition,
        plugin(manifest('feature', { requires: { broken: '^1.0.0' } })),
      ],
    });
    await kernel.start();
    expect(kernel.plugins.get('feature')?.error).toBeInstanceOf(MissingDependencyError);
  });

  it('cascades to dependents, transitively, but not to unrelated plugins', async () => {
    const log: string[] = [];
    const kernel = makeKernel({
      plugins: [
        tracked(log, 'root', { requires: { ghost: '^1.0.0' } }),
        tracked(log, 'child', { requires: { root: '^1.0.0' } }),
        tracked(log, 'grandchild', { requires: { child: '^1.0.0' } }),
        tracked(log, 'soft', { optional: { root: '^1.0.0' } }),
        tracked(log, 'unrelated'),
      ],
    });
    const failed = record(kernel, 'plugin:failed');
    await kernel.start();
    expect(log.sort()).toEqual(['+soft', '+unrelated']);
    expect(kernel.plugins.get('child')?.error?.message).toBe(
      'Plugin "child" requires "root", which is not available (Plugin "root" requires "ghost", which is not installed)',
    );
    expect(kernel.plugins.get('grandchild')?.error).toBeInstanceOf(DependencyUnavailableError);
    expect(failed.map((f) => f.id).sort()).toEqual(['child', 'grandchild', 'root']);
  });

  it('queues failures found before start() and emits them on start()', async () => {
    const kernel = makeKernel({ plugins: [plugin(manifest('feature', { requires: { ghost: '^1.0.0' } }))] });
    const failed = record(kernel, 'plugin:failed');
    expect(kernel.plugins.get('feature')?.status).toBe('failed');
    expect(failed).toEqual([]);
    await kernel.start();
    expect(failed.map((f) => f.id)).toEqual(['feature']);
  });
});
