import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNoncePool } from './createNoncePool';
import { openSiwxDatabase, type OpenSiwxDatabase } from './db/openSiwxDatabase';

const limits = { ttlMs: 60_000, max: 100, maxPerClient: 2, maxPerClientAccount: 2 };
let open: OpenSiwxDatabase;
beforeAll(async () => void (open = await openSiwxDatabase()));
afterAll(() => open.close());

const issue = async (pool: ReturnType<typeof createNoncePool>, client: string, account: string) => {
  const issued = await pool.issue(client, account);
  if (!('nonce' in issued)) throw new Error(`refused: ${issued.refused.limit}`);
  return issued.nonce;
};

describe('createNoncePool take', () => {
  it('spends a nonce once: of 12 parallel takes one gets it, every other is unknown', async () => {
    const pool = createNoncePool(open.db, limits);
    const nonce = await issue(pool, '203.0.113.7', 'eip155:1:0xabc');
    const results = await Promise.all(Array.from({ length: 12 }, () => pool.take(nonce, ['eip155:1:0xabc'])));
    expect(results.sort()).toEqual(['taken', ...Array(11).fill('unknown')].sort());
  });

  it('leaves a nonce issued for another account outstanding for its own', async () => {
    const pool = createNoncePool(open.db, limits);
    const nonce = await issue(pool, '203.0.113.8', 'eip155:1:0xabc');
    expect(await pool.take(nonce, ['eip155:1:0xdef'])).toBe('other-account');
    expect(await pool.take(nonce, ['eip155:1:0xabc'])).toBe('taken');
  });

  it('a spent nonce frees its slot under the client limit; an expired one is unknown', async () => {
    let now = Date.now();
    const pool = createNoncePool(open.db, limits, () => now);
    const first = await issue(pool, '2001:db8:1:2::/64', 'a');
    await issue(pool, '2001:db8:1:2::/64', 'b');
    expect(await pool.issue('2001:db8:1:2::/64', 'c')).toMatchObject({ refused: { limit: 'client', retryAfterMs: limits.ttlMs } });
    expect(await pool.take(first, ['a'])).toBe('taken');
    const late = await issue(pool, '2001:db8:1:2::/64', 'c');
    now += limits.ttlMs;
    expect(await pool.take(late, ['c'])).toBe('unknown');
    expect(await pool.take('NeverIssued123', ['a'])).toBe('unknown');
  });

  it('counts a client over every pool on the database: two pools (two instances) give it its limit, not twice that', async () => {
    const a = createNoncePool(open.db, limits);
    const b = createNoncePool(open.db, limits);
    const answers = await Promise.all([a, b, a, b, a, b].map((pool, i) => pool.issue('198.51.100.9', `acct-${i}`)));
    expect(answers.filter((x) => 'nonce' in x)).toHaveLength(limits.maxPerClient);
  });
});
