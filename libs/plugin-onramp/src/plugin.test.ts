import { createKernel, createMemoryStorage, validateManifest } from '@portico/kernel';
import { describe, expect, it } from 'vitest';
import { onrampPlugin } from './plugin';

const load = (features: Record<string, boolean> = {}) =>
  createKernel({ plugins: [onrampPlugin], features, storage: createMemoryStorage(), logLevel: 'silent' });

describe('onrampPlugin', () => {
  it('has a valid manifest', () => {
    expect(() => validateManifest(onrampPlugin.manifest)).not.toThrow();
  });

  it('adds the Buy button for eip155 and solana (the spec’s onramp chains), not bip122', () => {
    const kernel = load();
    expect(kernel.contributions.list('walletButtons', 'eip155').map((b) => b.id)).toEqual(['onramp']);
    expect(kernel.contributions.list('walletButtons', 'solana').map((b) => b.id)).toEqual(['onramp']);
    expect(kernel.contributions.list('walletButtons', 'bip122')).toEqual([]);
    expect(kernel.flags.get('onramp')?.value).toBe(true);
  });
});
