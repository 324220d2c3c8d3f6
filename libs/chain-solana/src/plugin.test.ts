import { createKernel, createMemoryStorage, validateManifest } from '@portico/kernel';
import { describe, expect, it } from 'vitest';
import { chainSolanaPlugin } from './plugin';

const load = (features: Record<string, boolean> = {}) =>
  createKernel({ plugins: [chainSolanaPlugin], features, storage: createMemoryStorage(), logLevel: 'silent' });

describe('chainSolanaPlugin', () => {
  it('has a valid manifest', () => {
    expect(() => validateManifest(chainSolanaPlugin.manifest)).not.toThrow();
  });

  it('provides solana with eoa as its default account type', () => {
    const kernel = load();
    expect(kernel.connection.preferredAccountType('solana')).toBe('eoa');
    expect(() => kernel.caip.parseAddress('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv')).not.toThrow();
  });

  it('asks for confirmation on every Solana signing method', () => {
    const { rpcPolicy } = load();
    for (const m of ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction', 'solana_signAllTransactions']) expect(rpcPolicy.classify(m, 'solana')).toBe('confirm');
    expect(rpcPolicy.classify('solana_getAccounts', 'solana')).toBe('safe');
    expect(rpcPolicy.classify('personal_sign', 'solana')).toBe('reject');
  });
});
