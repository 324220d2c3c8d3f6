import { createKernel, createMemoryStorage, validateManifest } from '@portico/kernel';
import { describe, expect, it } from 'vitest';
import { smartSessionsPlugin } from './plugin';

const load = (features: Record<string, boolean> = {}) =>
  createKernel({ plugins: [smartSessionsPlugin], features, storage: createMemoryStorage(), logLevel: 'silent' });

describe('smartSessionsPlugin', () => {
  it('has a valid manifest and owns the smartSessions flag, off by default', () => {
    expect(() => validateManifest(smartSessionsPlugin.manifest)).not.toThrow();
    expect(load().flags.get('smartSessions')).toMatchObject({ value: false, owner: 'smart-sessions' });
  });

  it('off: the kernel refuses ERC-7715 grants and reads (no policy names them) and the Account view has no Permissions button', async () => {
    const kernel = load();
    await kernel.start();
    expect(kernel.rpcPolicy.classify('wallet_grantPermissions', 'eip155')).toBe('reject');
    expect(kernel.rpcPolicy.classify('wallet_getGrantedExecutionPermissions', 'eip155')).toBe('reject');
    expect(kernel.contributions.list('walletButtons', 'eip155').map((b) => b.id)).not.toContain('permissions');
  });

  it('on: a grant waits for the user and is read field by field; the read of grants is safe; the Permissions button and view are there', async () => {
    const kernel = load({ smartSessions: true });
    await kernel.start();
    expect(kernel.rpcPolicy.classify('wallet_grantPermissions', 'eip155')).toBe('confirm');
    expect(kernel.rpcPolicy.readerOf('eip155', 'wallet_grantPermissions')).toEqual({ as: 'permissions' });
    expect(kernel.rpcPolicy.classify('wallet_getGrantedExecutionPermissions', 'eip155')).toBe('safe');
    expect(kernel.contributions.list('walletButtons', 'eip155').find((b) => b.id === 'permissions')).toMatchObject({ view: 'Permissions', icon: 'key' });
    expect(kernel.contributions.list('walletButtons', 'solana').map((b) => b.id)).not.toContain('permissions');
  });
});
