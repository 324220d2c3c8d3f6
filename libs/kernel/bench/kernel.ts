// `npm run bench -w @portico/kernel` (also the last part of the root `npm run bench`):
// tinybench (the library vitest's `bench()` runs on), used directly because only its own API
// runs code after each sample outside the timing: every started kernel is disposed there, as a
// page that loads a kernel never keeps hundreds of them alive. Prints mean, median, p99 and max.
import { Bench } from 'tinybench';
import { createKernel, createMemoryStorage, definePlugin, orderContributions, type Kernel, type PluginDefinition } from '../test/internals';

/** 20 plugins in a dependency chain of 4 levels, each with a flag, a view, a button, a policy and a listener. */
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

const bench = new Bench({ time: 3000, warmupTime: 1000, warmupIterations: 200 });
let kernel: Kernel | undefined;
bench.add(
  'create a kernel and activate 20 plugins',
  async () => {
    kernel = createKernel({ plugins, storage: createMemoryStorage(), logLevel: 'silent' });
    await kernel.start();
  },
  {
    afterEach: async () => {
      await kernel?.dispose();
      kernel = undefined;
    },
  },
);
bench.add('order 1,000 contributions', () => {
  orderContributions(contributions, hostOrder);
});

await bench.warmup();
await bench.run();
const ms = (value: number | undefined) => `${(value ?? Number.NaN).toFixed(3)} ms`;
for (const task of bench.tasks) {
  const result = task.result;
  if (!result || result.error) throw new Error(`bench "${task.name}" failed: ${String(result?.error)}`);
  const sorted = [...result.samples].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  console.log(
    `${task.name.padEnd(40)} mean ${ms(result.mean)}, median ${ms(median)}, p99 ${ms(result.p99)}, max ${ms(result.max)} (${result.samples.length} samples)`,
  );
}
