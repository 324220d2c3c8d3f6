import { describe, expect, it } from 'vitest';
import { createWalletFixture, FIXTURE_SIZE, HOSTILE_WALLET_NAME } from './fixture';

describe('createWalletFixture', () => {
  const wallets = createWalletFixture();

  it('is deterministic for a seed and differs across seeds', () => {
    expect(createWalletFixture()).toEqual(wallets);
    expect(createWalletFixture({ seed: 7 })[20]!.id).not.toBe(wallets[20]!.id);
    expect(createWalletFixture({ count: 30 })).toHaveLength(30);
  });

  it('has at least 1,000 wallets with unique 64-hex ids and unique names', () => {
    expect(wallets).toHaveLength(FIXTURE_SIZE);
    expect(wallets.length).toBeGreaterThanOrEqual(1000);
    expect(new Set(wallets.map((w) => w.id)).size).toBe(wallets.length);
    expect(wallets.every((w) => /^[0-9a-f]{64}$/.test(w.id))).toBe(true);
    expect(new Set(wallets.map((w) => w.name)).size).toBe(wallets.length);
  });

  it('mixes namespaces, links, rdns and one hostile entry', () => {
    const has = (ns: string) => wallets.filter((w) => w.chains?.some((c) => c.startsWith(`${ns}:`))).length;
    for (const ns of ['eip155', 'solana', 'bip122']) expect(has(ns)).toBeGreaterThan(100);
    expect(wallets.filter((w) => w.rdns).length).toBeGreaterThan(200);
    expect(wallets.filter((w) => w.injected?.length).length).toBe(wallets.filter((w) => w.rdns).length);
    expect(wallets.filter((w) => w.mobile_link?.match(/^[a-z0-9]+:\/\/$/)).length).toBeGreaterThan(100);
    expect(wallets.filter((w) => w.mobile_link?.startsWith('https://')).length).toBeGreaterThan(100);
    expect(wallets.filter((w) => w.desktop_link).length).toBeGreaterThan(100);
    expect(wallets.filter((w) => w.webapp_link).length).toBeGreaterThan(100);
    expect(wallets.filter((w) => w.name === HOSTILE_WALLET_NAME)).toHaveLength(1);
    expect(wallets.slice(0, 5).map((w) => w.name)).toEqual(['MetaMask', 'Trust Wallet', 'Rainbow', 'Phantom', 'Coinbase Wallet']);
  });
});
