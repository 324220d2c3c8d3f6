import { createKernel, createMemoryStorage, validateManifest } from '@portico/kernel';
import { describe, expect, it } from 'vitest';
import { swapsPlugin } from './plugin';

const load = (features: Record<string, boolean> = {}) =>
  createKernel({ plugins: [swapsPlugin], features, storage: createMemoryStorage(), logLevel: 'silent' });

describe('swapsPlugin', () => {
  it('has a valid manifest', () => {
    expect(() => validateManifest(swapsPlugin.manifest)).not.toThrow();
  });

  it('adds the Swap button for EVM accounts only, behind the swaps flag', () => {
    const kernel = load();
    expect(kernel.contributions.list('walletButtons', 'eip155').map((b) => b.id)).toEqual(['swaps']);
    expect(kernel.contributions.list('walletButtons', 'solana')).toEqual([]);
    expect(kernel.flags.get('swaps')?.value).toBe(true);
  });
});
