import { createKernel, createMemoryStorage, validateManifest } from '@portico/kernel';
import { describe, expect, it } from 'vitest';
import { sendPlugin } from './plugin';

const load = (features: Record<string, boolean> = {}) =>
  createKernel({ plugins: [sendPlugin], features, storage: createMemoryStorage(), logLevel: 'silent' });

describe('sendPlugin', () => {
  it('has a valid manifest', () => {
    expect(() => validateManifest(sendPlugin.manifest)).not.toThrow();
  });

  it('adds the Send button on eip155, solana and bip122, behind the send flag', () => {
    const kernel = load();
    for (const ns of ['eip155', 'solana', 'bip122']) expect(kernel.contributions.list('walletButtons', ns).map((b) => b.id)).toEqual(['send']);
    expect(kernel.flags.get('send')?.value).toBe(true);
    expect(load({ send: false }).contributions.list('walletButtons')).toEqual([]);
  });

  it('loads its view only when it is opened', async () => {
    const view = await sendPlugin.views!.Send!();
    expect(typeof view.default).toBe('function');
  });
});
