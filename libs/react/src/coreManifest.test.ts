import { createKernel, createMemoryStorage, validateManifest } from '@portico/kernel';
import { describe, expect, it } from 'vitest';
import { corePlugin } from './corePlugin';

describe('core manifest', () => {
  it('is valid', () => {
    expect(() => validateManifest(corePlugin.manifest)).not.toThrow();
  });

  it('declares the spec defaults of the flags the modal owns', () => {
    const kernel = createKernel({ plugins: [corePlugin], storage: createMemoryStorage(), logLevel: 'silent' });
    const flags = Object.fromEntries([...kernel.flags.getSnapshot()].map(([id, f]) => [id, f.value]));
    expect(flags).toEqual({ analytics: true, allWallets: true, legalCheckbox: false, collapseWallets: false });
    expect([...kernel.flags.getSnapshot().values()].every((f) => f.owner === 'core')).toBe(true);
  });

  it('puts Tokens before NFTs and offers NFTs only where the spec has them', () => {
    const kernel = createKernel({ plugins: [corePlugin], storage: createMemoryStorage(), logLevel: 'silent' });
    expect(kernel.contributions.list('accountTabs').map((t) => t.id)).toEqual(['tokens', 'nfts']);
    expect(kernel.contributions.list('accountTabs', 'bip122').map((t) => t.id)).toEqual(['tokens']);
  });
});
