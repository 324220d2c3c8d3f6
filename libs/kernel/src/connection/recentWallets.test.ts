import { describe, expect, it } from 'vitest';
import { withRecentWallet } from './recentWallets';

describe('withRecentWallet', () => {
  it('puts the wallet first, without duplicates, keeping two and only the wallet fields', () => {
    const a = { id: 'a', name: 'A' };
    const b = { id: 'b', name: 'B', rdns: 'com.b' };
    const connector = { id: 'c', name: 'C', icon: 'data:,' };
    expect(withRecentWallet([a, b], connector)).toEqual([{ id: 'c', name: 'C' }, a]);
    expect(withRecentWallet([a, b], b)).toEqual([b, a]);
  });
});
