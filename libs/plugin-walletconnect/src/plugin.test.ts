import { createKernel, createMemoryStorage, validateManifest } from '@portico/kernel';
import { describe, expect, it } from 'vitest';
import { walletconnectPlugin } from './plugin';

const load = (features: Record<string, boolean> = {}) =>
  createKernel({ plugins: [walletconnectPlugin], features, storage: createMemoryStorage(), logLevel: 'silent' });

describe('walletconnectPlugin', () => {
  it('has a valid manifest', () => {
    expect(() => validateManifest(walletconnectPlugin.manifest)).not.toThrow();
  });

  it('contributes the WALLET_CONNECT connector group, which sorts first', () => {
    expect(load().contributions.list('connectorGroups')).toEqual([
      { id: 'walletConnect', group: 'walletConnect', connectorType: 'WALLET_CONNECT', pluginId: 'walletconnect' },
    ]);
  });
});
