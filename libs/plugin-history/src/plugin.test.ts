import { createKernel, createMemoryStorage, validateManifest } from '@portico/kernel';
import { describe, expect, it } from 'vitest';
import { historyPlugin } from './plugin';

const load = (features: Record<string, boolean> = {}) =>
  createKernel({ plugins: [historyPlugin], features, storage: createMemoryStorage(), logLevel: 'silent' });

describe('historyPlugin', () => {
  it('has a valid manifest', () => {
    expect(() => validateManifest(historyPlugin.manifest)).not.toThrow();
  });

  it('adds the Activity tab for eip155 only (the spec: activity is eip155 only)', () => {
    const kernel = load();
    expect(kernel.contributions.list('accountTabs', 'eip155').map((t) => t.id)).toEqual(['activity']);
    expect(kernel.contributions.list('accountTabs', 'solana')).toEqual([]);
    expect(kernel.flags.get('history')?.value).toBe(true);
  });
});
