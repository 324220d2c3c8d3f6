import { createKernel, createMemoryStorage, validateManifest } from '@portico/kernel';
import { describe, expect, it } from 'vitest';
import { chainBip122Plugin } from './plugin';

const load = (features: Record<string, boolean> = {}) =>
  createKernel({ plugins: [chainBip122Plugin], features, storage: createMemoryStorage(), logLevel: 'silent' });

describe('chainBip122Plugin', () => {
  it('has a valid manifest', () => {
    expect(() => validateManifest(chainBip122Plugin.manifest)).not.toThrow();
  });

  it('provides bip122 with payment as its default account type', () => {
    const kernel = load();
    expect(kernel.connection.preferredAccountType('bip122')).toBe('payment');
    expect(() => kernel.caip.parseAddress('bip122:000000000019d6689c085ae165831e93:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).not.toThrow();
  });

  it('asks for confirmation on Bitcoin signing and sending', () => {
    const { rpcPolicy } = load();
    for (const m of ['signMessage', 'signPsbt', 'sendTransfer']) expect(rpcPolicy.classify(m, 'bip122')).toBe('confirm');
    expect(rpcPolicy.classify('getAccountAddresses', 'bip122')).toBe('safe');
    expect(rpcPolicy.classify('eth_sendTransaction', 'bip122')).toBe('reject');
  });
});
