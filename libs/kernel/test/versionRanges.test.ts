import { describe, expect, it } from 'vitest';
import { kernelFactory, manifest, plugin } from './helpers';

const makeKernel = kernelFactory();

describe('any-version ranges', () => {
  it('accepts "*" as a kernel range and a dependency range', async () => {
    const kernel = makeKernel({
      plugins: [plugin(manifest('base', { kernel: '*' })), plugin(manifest('dependent', { requires: { base: '*' } }))],
    });
    await kernel.start();
    expect(kernel.plugins.getSnapshot().map((p) => p.status)).toEqual(['active', 'active']);
  });
});
