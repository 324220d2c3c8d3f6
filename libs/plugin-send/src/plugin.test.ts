import { createKernel, createMemoryStorage, validateManifest } from '@portico/kernel';
import { describe, expect, it } from 'vitest';
import { sendPlugin } from './plugin';

const load = (features: Record<string, boolean> = {}) =>
  createKernel({ plugins: [sendPlugin], features, storage: createMemoryStorage(), logLevel: 'silent' });

describe('sendPlugin', () => {
  it('has a valid manifest', () => {
    expect(() => validateManifest(sendPlugin.manifest)).not.toThrow();
  });

  it('adds the Send button where a chain adapter sends (eip155 and bip122 today), behind the send flag', () => {
    const kernel = load();
    expect(kernel.contributions.list('walletButtons', 'eip155').map((b) => b.id)).toEqual(['send']);
    expect(kernel.contributions.list('walletButtons', 'bip122').map((b) => b.id)).toEqual(['send']);
    expect(kernel.contributions.list('walletButtons', 'solana')).toEqual([]);
    expect(kernel.flags.get('send')?.value).toBe(true);
    expect(load({ send: false }).contributions.list('walletButtons')).toEqual([]);
  });

  it('loads its view only when it is opened', async () => {
    const view = await sendPlugin.views!.Send!();
    expect(typeof view.default).toBe('function');
  });
});
