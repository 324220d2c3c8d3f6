import { createKernel, createMemoryStorage, validateManifest } from '@portico/kernel';
import { describe, expect, it } from 'vitest';
import { receivePlugin } from './plugin';

const load = (features: Record<string, boolean> = {}) =>
  createKernel({ plugins: [receivePlugin], features, storage: createMemoryStorage(), logLevel: 'silent' });

describe('receivePlugin', () => {
  it('has a valid manifest', () => {
    expect(() => validateManifest(receivePlugin.manifest)).not.toThrow();
  });

  it('adds the Receive button on every namespace, behind the receive flag', () => {
    const kernel = load();
    for (const ns of ['eip155', 'solana', 'bip122']) expect(kernel.contributions.list('walletButtons', ns).map((b) => b.id)).toEqual(['receive']);
    expect(load({ receive: false }).contributions.list('walletButtons')).toEqual([]);
  });
});
