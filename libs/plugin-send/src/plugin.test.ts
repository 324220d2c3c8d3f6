import { createKernel, createMemoryStorage, validateManifest } from '@portico/kernel';
import { describe, expect, it } from 'vitest';
import { sendPlugin } from './plugin';

const load = (features: Record<string, boolean> = {}) =>
  createKernel({ plugins: [sendPlugin], features, storage: createMemoryStorage(), logLevel: 'silent' });

describe('sendPlugin', () => {
  it('has a valid manifest', () => {
    expect(() => validateManifest(sendPlugin.manifest)).not.toThrow();
  });

  it('adds the Send button for eip155 and solana, behind the send flag', () => {
    const kernel = load();
    expect(kernel.contributions.list('walletButtons', 'solana').map((b) => b.id)).toEqual(['send']);
    expect(kernel.contributions.list('walletButtons', 'bip122')).toEqual([]);
    expect(kernel.flags.get('send')?.value).toBe(true);
  });
});
