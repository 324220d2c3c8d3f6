import { describe, expect, it } from 'vitest';
import { CONNECTOR_GROUPS, ContributionRegistry, type Manifest } from '../../test/internals';
import { DuplicateContributionError } from '../../src/entries/errors';
import { kernelFactory, manifest, plugin, record } from '../../test/helpers';

const makeKernel = kernelFactory();

const methods = (...entries: Array<{ id: string; order?: number }>) =>
  ({ connectMethods: entries.map((e) => ({ label: e.id, ...e })) }) satisfies Manifest['contributes'];

describe('contributions through the kernel', () => {
  it('orders by order hint, then id, across plugins', () => {
    const kernel = makeKernel({
      plugins: [
        plugin(manifest('one', { contributes: methods({ id: 'wallet', order: 3 }, { id: 'zz' }) })),
        plugin(manifest('two', { contributes: methods({ id: 'email', order: 1 }, { id: 'aa' }) })),
        plugin(manifest('three', { contributes: methods({ id: 'social', order: 2 }) })),
      ],
    });
    expect(kernel.contributions.list('connectMethods').map((c) => c.id)).toEqual(['email', 'social', 'wallet', 'aa', 'zz']);
  });

  it('the host order list beats order hints', () => {
    const kernel = makeKernel({
      contributions: { connectMethods: { order: ['wallet', 'email'] } },
      plugins: [plugin(manifest('one', { contributes: methods({ id: 'email', order: 1 }, { id: 'social', order: 2 }, { id: 'wallet', order: 3 }) }))],
    });
    expect(kernel.contributions.list('connectMethods').map((c) => c.id)).toEqual(['wallet', 'email', 'social']);
  });

  it('hides contributions the host disables by id, in that point only', () => {
    const kernel = makeKernel({
      contributions: { walletButtons: { disabled: ['shared-id'] } },
      plugins: [
        plugin(
          manifest('one', {
            contributes: {
              walletButtons: [
                { id: 'shared-id', label: 'X', view: 'V' },
                { id: 'kept', label: 'K', view: 'V' },
              ],
              accountTabs: [{ id: 'shared-id', label: 'Tab', view: 'V' }],
            },
          }),
        ),
      ],
    });
    expect(kernel.contributions.list('walletButtons').map((c) => c.id)).toEqual(['kept']);
    expect(kernel.contributions.list('accountTabs').map((c) => c.id)).toEqual(['shared-id']);
    expect(kernel.contributions.ownerOf('walletButtons', 'shared-id')).toBe('one');
  });

  it('orders connector groups by the platform taxonomy whatever the plugin order', () => {
    const groups = [...CONNECTOR_GROUPS].reverse();
    const kernel = makeKernel({
      plugins: groups.map((group, i) =>
        plugin(
          manifest(`source-${i}`, {
            contributes: { connectorGroups: [{ id: `a-${group}`, group, connectorType: 'INJECTED', order: -i }] },
          }),
        ),
      ),
    });
    expect(kernel.contributions.list('connectorGroups').map((c) => c.group)).toEqual([
      'walletConnect',
      'recent',
      'injected',
      'featured',
      'custom',
      'external',
      'recommended',
    ]);
  });

  it('orders connector sources within one group by hint, then id', () => {
    const kernel = makeKernel({
      plugins: [
        plugin(
          manifest('one', {
            contributes: {
              connectorGroups: [
                { id: 'z-later', group: 'injected', connectorType: 'INJECTED' },
                { id: 'b-second', group: 'injected', connectorType: 'ANNOUNCED', order: 5 },
                { id: 'c-first', group: 'injected', connectorType: 'ANNOUNCED', order: -5 },
                { id: 'a-top', group: 'walletConnect', connectorType: 'WALLET_CONNECT', order: 99 },
              ],
            },
          }),
        ),
      ],
    });
    expect(kernel.contributions.list('connectorGroups').map((c) => c.id)).toEqual(['a-top', 'c-first', 'b-second', 'z-later']);
  });

  it('filters by namespace, keeping entries that name no namespace', () => {
    const kernel = makeKernel({
      plugins: [
        plugin(
          manifest('one', {
            contributes: {
              accountTabs: [
                { id: 'tokens', label: 'Tokens', view: 'V', namespaces: ['acme', 'beta'], order: 1 },
                { id: 'nfts', label: 'NFTs', view: 'V', namespaces: ['acme'], order: 2 },
                { id: 'activity', label: 'Activity', view: 'V', order: 3 },
              ],
            },
          }),
        ),
      ],
    });
    expect(kernel.contributions.list('accountTabs', 'acme').map((c) => c.id)).toEqual(['tokens', 'nfts', 'activity']);
    expect(kernel.contributions.list('accountTabs', 'beta').map((c) => c.id)).toEqual(['tokens', 'activity']);
    expect(kernel.contributions.list('accountTabs', 'gamma').map((c) => c.id)).toEqual(['activity']);
  });

  it('tags each contribution with the plugin that made it', () => {
    const kernel = makeKernel({ plugins: [plugin(manifest('maker', { contributes: { alerts: [{ id: 'oops', title: 'Oops', message: 'm', severity: 'error' }] } }))] });
    expect(kernel.contributions.list('alerts')).toEqual([{ id: 'oops', title: 'Oops', message: 'm', severity: 'error', pluginId: 'maker' }]);
  });

  it('fails only the later plugin on a duplicate contribution id', async () => {
    const view = { views: [{ id: 'Shared', title: 'S' }] };
    const kernel = makeKernel({
      plugins: [
        plugin(manifest('first', { contributes: view })),
        plugin(manifest('second', { contributes: { ...view, walletButtons: [{ id: 'b', label: 'B', view: 'Shared' }] } })),
        plugin(manifest('third', { contributes: { views: [{ id: 'Other', title: 'O' }] } })),
      ],
    });
    const failed = record(kernel, 'plugin:failed');
    await kernel.start();
    expect(kernel.plugins.get('first')?.status).toBe('active');
    expect(kernel.plugins.get('third')?.status).toBe('active');
    const error = kernel.plugins.get('second')?.error;
    expect(error).toBeInstanceOf(DuplicateContributionError);
    expect(error?.message).toBe('Plugin "second" contributes views "Shared", which "first" already contributes');
    expect(failed.map((f) => f.id)).toEqual(['second']);
    expect(kernel.contributions.list('views').map((v) => [v.id, v.pluginId])).toEqual([
      ['Other', 'third'],
      ['Shared', 'first'],
    ]);
    expect(kernel.contributions.list('walletButtons')).toEqual([]);
  });

  it('notifies subscribers once per change and keeps snapshots stable in between', () => {
    const registry = new ContributionRegistry();
    let notified = 0;
    registry.subscribe(() => notified++);
    const before = registry.getSnapshot();
    expect(registry.getSnapshot()).toBe(before);
    registry.add('p', { views: [{ id: 'V', title: 'V' }] });
    expect(notified).toBe(1);
    expect(registry.getSnapshot()).not.toBe(before);
    registry.remove('p');
    registry.remove('p');
    expect(notified).toBe(2);
    expect(registry.list('views')).toEqual([]);
  });

  it('a batch of adds and removes recomputes and notifies once, at its end; clashes inside it still throw', () => {
    const registry = new ContributionRegistry();
    let notified = 0;
    registry.subscribe(() => notified++);
    registry.batch(() => {
      for (let i = 0; i < 20; i++) registry.add(`p${i}`, { views: [{ id: `V${i}`, title: 'V' }] });
      registry.remove('p3');
      expect(notified).toBe(0);
      expect(() => registry.add('clash', { views: [{ id: 'V1', title: 'V' }] })).toThrow(DuplicateContributionError);
    });
    expect(notified).toBe(1);
    expect(registry.list('views')).toHaveLength(19);
    registry.batch(() => undefined);
    expect(notified).toBe(1);
  });

  it('lets a plugin re-add its own contributions without a clash', () => {
    const registry = new ContributionRegistry();
    registry.add('p', { views: [{ id: 'V', title: 'V' }] });
    expect(() => registry.add('p', { views: [{ id: 'V', title: 'V2' }] })).not.toThrow();
    expect(registry.list('views').map((v) => v.title)).toEqual(['V2']);
    expect(() => registry.add('q', { views: [{ id: 'V', title: 'V3' }] })).toThrow(DuplicateContributionError);
  });

  it('knows the owner of each id through removes and re-adds', () => {
    const registry = new ContributionRegistry();
    registry.add('p', { views: [{ id: 'V', title: 'V' }, { id: 'W', title: 'W' }] });
    expect(registry.ownerOf('views', 'W')).toBe('p');
    expect(registry.ownerOf('walletButtons', 'W')).toBeUndefined();
    registry.add('p', { views: [{ id: 'V', title: 'V' }] });
    expect(registry.ownerOf('views', 'W')).toBeUndefined();
    expect(() => registry.add('q', { views: [{ id: 'W', title: 'W' }] })).not.toThrow();
    registry.remove('p');
    expect(registry.ownerOf('views', 'V')).toBeUndefined();
    expect(registry.ownerOf('views', 'W')).toBe('q');
    expect(() => registry.add('r', { views: [{ id: 'V', title: 'V' }] })).not.toThrow();
    expect(registry.list('views').map((v) => [v.id, v.pluginId])).toEqual([
      ['V', 'r'],
      ['W', 'q'],
    ]);
  });
});
