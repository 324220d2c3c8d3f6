import { createKernel, createMemoryStorage, type KernelConfig } from '@portico/kernel';
import { describe, expect, it } from 'vitest';
import { allPlugins } from './allPlugins';

const kernelWith = (config: Partial<KernelConfig> = {}) =>
  createKernel({ plugins: allPlugins, storage: createMemoryStorage(), logLevel: 'silent', ...config });

const ids = (items: readonly { id: string }[]) => items.map((item) => item.id);

describe('the spec’s defaults emerge from the plugins’ own manifests', () => {
  it('loads every first-party plugin and activates them all at start, but the one whose flag the spec has off (smart sessions) and the e-mail login (resolved: it activates with its views or a connection of its wallet)', async () => {
    const kernel = kernelWith();
    await kernel.start();
    expect(kernel.plugins.getSnapshot().filter((p) => p.status !== 'active')).toEqual([
      expect.objectContaining({ id: 'smart-sessions', status: 'disabled', disabledBy: 'smartSessions' }),
      expect.objectContaining({ id: 'email', status: 'resolved', error: undefined }),
    ]);
    expect(kernel.plugins.getSnapshot()).toHaveLength(allPlugins.length);
    const on = kernelWith({ features: { smartSessions: true } });
    await on.start();
    expect(on.plugins.getSnapshot().filter((p) => p.status !== 'active')).toEqual([expect.objectContaining({ id: 'email', status: 'resolved' })]);
    await expect(on.plugins.activate('email')).resolves.toBe(true);
    expect(on.plugins.getSnapshot().filter((p) => p.status !== 'active')).toEqual([]);
  });

  it('turns on swaps, onramp, receive, send, email, history, analytics, allWallets and turns off legalCheckbox, smartSessions, collapseWallets', () => {
    const flags = kernelWith().flags;
    for (const on of ['swaps', 'onramp', 'receive', 'send', 'email', 'history', 'analytics', 'allWallets']) {
      expect({ on, value: flags.isEnabled(on), source: flags.get(on)?.source }).toEqual({ on, value: true, source: 'default' });
    }
    for (const off of ['legalCheckbox', 'smartSessions', 'collapseWallets']) {
      expect({ off, value: flags.isEnabled(off), declared: flags.get(off)?.owner !== undefined }).toEqual({ off, value: false, declared: true });
    }
  });

  it('orders connect methods email, social, wallet', () => {
    expect(ids(kernelWith().contributions.list('connectMethods'))).toEqual(['email', 'social', 'wallet']);
  });

  it('orders wallet-feature buttons onramp, swaps, receive, send (the e-mail wallet adds its settings, for AUTH wallets only)', () => {
    const buttons = kernelWith().contributions.list('walletButtons', 'eip155');
    // What every wallet's Account view shows; a button with `connectorTypes` shows only for those wallets.
    expect(ids(buttons.filter((b) => !b.connectorTypes))).toEqual(['onramp', 'swaps', 'receive', 'send']);
    expect(buttons.filter((b) => b.connectorTypes).map((b) => [b.id, b.connectorTypes])).toEqual([['email', ['AUTH']]]);
  });

  it('orders social options google, x, discord, farcaster, github, apple, facebook', () => {
    expect(ids(kernelWith().contributions.list('socialProviders'))).toEqual(['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook']);
  });

  it('orders connector groups walletConnect, injected, …, external by the platform taxonomy', () => {
    const groups = kernelWith().contributions.list('connectorGroups').map((g) => g.group);
    expect(groups).toEqual(['walletConnect', 'injected', 'injected', 'injected', 'injected', 'external', 'external']);
  });

  it('orders account tabs Tokens, NFTs, Activity', () => {
    expect(ids(kernelWith().contributions.list('accountTabs', 'eip155'))).toEqual(['tokens', 'nfts', 'activity']);
  });

  it('gives each namespace its spec default account type', () => {
    const { connection } = kernelWith();
    expect(['eip155', 'solana', 'bip122'].map((ns) => connection.preferredAccountType(ns))).toEqual(['smartAccount', 'eoa', 'payment']);
  });

  it('hides a disabled feature completely: flag off means not activated and no button', async () => {
    const kernel = kernelWith({ features: { swaps: false, email: false } });
    await kernel.start();
    expect(kernel.plugins.get('swaps')?.status).toBe('disabled');
    expect(ids(kernel.contributions.list('walletButtons', 'eip155'))).toEqual(['onramp', 'receive', 'send']);
    expect(ids(kernel.contributions.list('connectMethods'))).toEqual(['social', 'wallet']);
  });

  it('lets the host reorder and hide any contribution by id', () => {
    const kernel = kernelWith({ contributions: { connectMethods: { order: ['wallet'] }, walletButtons: { disabled: ['onramp'] } } });
    expect(ids(kernel.contributions.list('connectMethods'))).toEqual(['wallet', 'email', 'social']);
    expect(ids(kernel.contributions.list('walletButtons', 'eip155').filter((b) => !b.connectorTypes))).toEqual(['swaps', 'receive', 'send']);
  });

  it('keeps each namespace’s RPC policy to its own namespace', () => {
    const { rpcPolicy } = kernelWith();
    expect(rpcPolicy.classify('personal_sign', 'eip155')).toBe('confirm');
    expect(rpcPolicy.classify('personal_sign', 'solana')).toBe('reject');
    expect(rpcPolicy.classify('solana_signMessage', 'solana')).toBe('confirm');
    expect(rpcPolicy.classify('signPsbt', 'bip122')).toBe('confirm');
    expect(rpcPolicy.classify('eth_sign', 'eip155')).toBe('reject');
  });
});
