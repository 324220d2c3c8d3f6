import { createKernel, createMemoryStorage, validateManifest } from '@portico/kernel';
import { describe, expect, it } from 'vitest';
import { historyPlugin } from './plugin';

const load = (features: Record<string, boolean> = {}) =>
  createKernel({ plugins: [historyPlugin], features, storage: createMemoryStorage(), logLevel: 'silent' });

describe('historyPlugin', () => {
  it('has a valid manifest', () => {
    expect(() => validateManifest(historyPlugin.manifest)).not.toThrow();
  });

  it('adds the Activity tab on every namespace (beyond the spec\'s eip155 only, as #17 asks), behind the history flag', () => {
    const kernel = load();
    for (const ns of ['eip155', 'solana', 'bip122']) expect(kernel.contributions.list('accountTabs', ns).map((t) => t.id)).toEqual(['activity']);
    expect(kernel.flags.get('history')?.value).toBe(true);
    expect(load({ history: false }).contributions.list('accountTabs')).toEqual([]);
  });

  it('loads its view only when it is opened', async () => {
    const view = await historyPlugin.views!.Activity!();
    expect(typeof view.default).toBe('function');
  });
});
