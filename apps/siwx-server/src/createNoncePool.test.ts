import { afterEach, describe, expect, it, vi } from 'vitest';
import { createNoncePool } from './createNoncePool';

const limits = { ttlMs: 60_000, max: 100, maxPerClient: 2, maxPerClientAccount: 2 };
const issue = (pool: ReturnType<typeof createNoncePool>, client: string, account: string) => {
  const issued = pool.issue(client, account);
  if (!('nonce' in issued)) throw new Error(`refused: ${issued.refused.limit}`);
  return issued.nonce;
};

afterEach(() => void vi.useRealTimers());

describe('createNoncePool take', () => {
  it('spends a nonce once: every later take of it is unknown', () => {
    const pool = createNoncePool(limits);
    const nonce = issue(pool, '203.0.113.7', 'eip155:1:0xabc');
    const isFor = (account: string) => account === 'eip155:1:0xabc';
    expect(Array.from({ length: 12 }, () => pool.take(nonce, isFor))).toEqual(['taken', ...Array(11).fill('unknown')]);
  });

  it('leaves a nonce issued for another account outstanding for its own', () => {
    const pool = createNoncePool(limits);
    const nonce = issue(pool, '203.0.113.7', 'eip155:1:0xabc');
    expect(pool.take(nonce, (account) => account === 'eip155:1:0xdef')).toBe('other-account');
    expect(pool.take(nonce, (account) => account === 'eip155:1:0xabc')).toBe('taken');
  });

  it('a spent nonce frees its slot under the client limit; an expired one is unknown', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const pool = createNoncePool(limits);
    const first = issue(pool, '2001:db8:1:2::/64', 'a');
    issue(pool, '2001:db8:1:2::/64', 'b');
    expect(pool.issue('2001:db8:1:2::/64', 'c')).toMatchObject({ refused: { limit: 'client' } });
    expect(pool.take(first, () => true)).toBe('taken');
    const late = issue(pool, '2001:db8:1:2::/64', 'c');
    vi.setSystemTime(Date.now() + limits.ttlMs);
    expect(pool.take(late, () => true)).toBe('unknown');
    expect(pool.take('NeverIssued123', () => true)).toBe('unknown');
  });
});
