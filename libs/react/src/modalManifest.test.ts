import { createKernel, createMemoryStorage, validateManifest } from '@portico/kernel';
import { describe, expect, it } from 'vitest';
import { corePlugin } from '@portico/core';
import { modalPlugin } from './modalPlugin';

describe('modal and core manifests', () => {
  it('are valid', () => {
    expect(() => validateManifest(modalPlugin.manifest)).not.toThrow();
    expect(() => validateManifest(corePlugin.manifest)).not.toThrow();
  });

  it('the core declares the spec defaults of the flags the modal owns', () => {
    const kernel = createKernel({ plugins: [corePlugin], storage: createMemoryStorage(), logLevel: 'silent' });
    const flags = Object.fromEntries([...kernel.flags.getSnapshot()].map(([id, f]) => [id, f.value]));
    expect(flags).toEqual({ analytics: true, allWallets: true, legalCheckbox: false, collapseWallets: false });
    expect([...kernel.flags.getSnapshot().values()].every((f) => f.owner === 'core')).toBe(true);
  });

  it('offers Tokens on every namespace and names none (a chain plugin adds the tabs its namespace has, e.g. NFTs)', () => {
    const kernel = createKernel({ plugins: [modalPlugin], storage: createMemoryStorage(), logLevel: 'silent' });
    expect(kernel.contributions.list('accountTabs').map((t) => [t.id, t.namespaces])).toEqual([['tokens', undefined]]);
    expect(kernel.contributions.list('accountTabs', 'anything').map((t) => t.id)).toEqual(['tokens']);
  });
});
