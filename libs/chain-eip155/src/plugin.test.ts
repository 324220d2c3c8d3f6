import { createKernel, createMemoryStorage, validateManifest } from '@portico/kernel';
import { describe, expect, it } from 'vitest';
import { chainEip155Plugin } from './plugin';

const load = (features: Record<string, boolean> = {}) =>
  createKernel({ plugins: [chainEip155Plugin], features, storage: createMemoryStorage(), logLevel: 'silent' });

describe('chainEip155Plugin', () => {
  it('has a valid manifest', () => {
    expect(() => validateManifest(chainEip155Plugin.manifest)).not.toThrow();
  });

  it('provides eip155 with smartAccount as its default account type', async () => {
    const kernel = load();
    expect([...kernel.caip.namespaces()]).toEqual(['eip155']);
    expect(kernel.connection.preferredAccountType('eip155')).toBe('smartAccount');
    expect(kernel.caip.parseAddress('eip155:1:0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb').reference).toBe('1');
  });

  it('classifies reads as safe, signing and sending as confirm, and everything else as reject', () => {
    const { rpcPolicy } = load();
    for (const m of ['eth_call', 'eth_getBalance', 'eth_chainId', 'wallet_getCapabilities', 'wallet_getAssets', 'wallet_getCallsStatus']) expect(rpcPolicy.classify(m, 'eip155')).toBe('safe');
    for (const m of ['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'wallet_sendCalls', 'wallet_revokePermissions']) expect(rpcPolicy.classify(m, 'eip155')).toBe('confirm');
    // ERC-7715 grants are plugin-smart-sessions' (the smartSessions flag): without it, refused.
    for (const m of ['wallet_grantPermissions', 'eth_sign', 'eth_signTransaction', 'eth_signTypedData_v3', 'debug_traceTransaction', 'solana_signMessage']) expect(rpcPolicy.classify(m, 'eip155')).toBe('reject');
  });
});
