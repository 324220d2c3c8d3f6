import { bench, describe } from 'vitest';
import { createKernel, createMemoryStorage, definePlugin, orderContributions, type PluginDefinition } from '../test/internals';

/** 20 plugins in a dependency chain of 4 levels, each with a view, a button and a policy. */
function twentyPlugins(): PluginDefinition[] {
  return Array.from({ length: 20 }, (_, i) =>
    definePlugin({
      manifest: {
        id: `bench-${i}`,
        version: '1.0.0',
        kernel: '^0.1.0',
        ...(i >= 5 ? { requires: { [`bench-${i - 5}`]: '^1.0.0' } } : {}),
        ...(i === 0 ? { namespaces: [{ id: 'benchns', name: 'Bench', defaultAccountType: 'eoa' as const }] } : {}),
        featureFlag: { id: `bench${i}`, default: true },
        contributes: {
          views: [{ id: `View${i}`, title: `View ${i}` }],
          walletButtons: [{ id: `button-${i}`, label: `Button ${i}`, view: `View${i}`, order: 20 - i }],
          rpcPolicies: [{ id: `policy-${i}`, namespace: 'benchns', safe: [`read_${i}`], confirm: [`sign_${i}`] }],
        },
      },
      activate: (ctx) => {
        ctx.events.on('account:connected', () => undefined);
      },
    }),
  );
}

const plugins = twentyPlugins();
const contributions = Array.from({ length: 1000 }, (_, i) => ({
  id: `c-${(i * 7919) % 1000}`,
  order: i % 3 === 0 ? undefined : (i * 31) % 97,
}));
const hostOrder = ['c-10', 'c-500', 'c-999'];

describe('kernel', () => {
  bench('create a kernel and activate 20 plugins', async () => {
    const kernel = createKernel({ plugins, storage: createMemoryStorage(), logLevel: 'silent' });
    await kernel.start();
  });

  bench('order 1,000 contributions', () => {
    orderContributions(contributions, hostOrder);
  });
});
