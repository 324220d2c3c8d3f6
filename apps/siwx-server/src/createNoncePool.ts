import { createSiwxNonce } from '@portico/plugin-siwx';
import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { SiwxDatabase } from './db/openSiwxDatabase';
import { siwxNonces } from './db/schema';

/** Limits of a nonce pool (see `SiwxServerOptions` for their defaults). */
export interface NoncePoolLimits {
  /** How long an issued nonce can be used. */
  ttlMs: number;
  /** Outstanding nonces in all. */
  max: number;
  /** Outstanding nonces per client (the key `clientKeyOf` gives its remote address). */
  maxPerClient: number;
  /** Outstanding nonces one client holds for one account. */
  maxPerClientAccount: number;
}

/** Why `issue` refused: the limit reached, and how long until a slot under it frees. */
export interface NonceRefusal {
  limit: 'pool' | 'client' | 'client-account';
  retryAfterMs: number;
}

/** Single-use, expiring nonces in the database, counted per client so one client cannot use up the pool. */
export interface NoncePool {
  /** A new nonce for `account`, asked for by `client`, unless a limit is reached. */
  issue(client: string, account: string): Promise<{ nonce: string } | { refused: NonceRefusal }>;
  /**
   * Spends `nonce` if it is outstanding and was issued for one of `accounts`, in one statement
   * (a DELETE … RETURNING), so of any number of concurrent requests with one nonce, on any
   * number of instances, only one gets `taken`. A spent nonce frees its slot under every limit
   * and never comes back. An unknown, expired or used nonce is `unknown`; one issued for
   * another account is `other-account` and stays outstanding for its own account.
   */
  take(nonce: string, accounts: readonly string[]): Promise<'taken' | 'unknown' | 'other-account'>;
}

/**
 * A nonce pool with three limits: outstanding nonces in all, per client, and per client and
 * account, counted in the database, so they hold across every instance that shares it: a
 * client's issues are serialised by a transaction-scoped advisory lock on the client, then
 * counted and inserted. (The pool-wide limit is checked in the same transaction but under the
 * client's lock only: clients issuing at the same instant on different connections can pass it
 * by one each; it bounds storage, the per-client limits bound abuse.) Expired nonces are deleted
 * before each issue. The account limit is counted per client on purpose: the account is
 * whatever the caller names, so a limit per account alone would let anyone lock a victim's
 * account out, and would not stop one client spreading its requests over made-up accounts.
 */
export function createNoncePool(db: SiwxDatabase, limits: NoncePoolLimits, now: () => number = Date.now): NoncePool {
  return {
    issue(client, account) {
      return db.transaction(async (tx) => {
        const at = now();
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`siwx-nonce:${client}`}))`);
        await tx.delete(siwxNonces).where(lte(siwxNonces.expiresAt, at));
        const [held] = await tx
          .select({
            clientAccount: sql<number>`count(*) FILTER (WHERE ${siwxNonces.client} = ${client} AND ${siwxNonces.account} = ${account})`.mapWith(Number),
            clientAccountOldest: sql<number | null>`min(${siwxNonces.expiresAt}) FILTER (WHERE ${siwxNonces.client} = ${client} AND ${siwxNonces.account} = ${account})`.mapWith(Number),
            client: sql<number>`count(*) FILTER (WHERE ${siwxNonces.client} = ${client})`.mapWith(Number),
            clientOldest: sql<number | null>`min(${siwxNonces.expiresAt}) FILTER (WHERE ${siwxNonces.client} = ${client})`.mapWith(Number),
            all: sql<number>`count(*)`.mapWith(Number),
            oldest: sql<number | null>`min(${siwxNonces.expiresAt})`.mapWith(Number),
          })
          .from(siwxNonces);
        const refusal = (limit: NonceRefusal['limit'], oldest: number | null | undefined) => ({ refused: { limit, retryAfterMs: Math.max(0, (oldest || at) - at) } });
        if (held!.clientAccount >= limits.maxPerClientAccount) return refusal('client-account', held!.clientAccountOldest);
        if (held!.client >= limits.maxPerClient) return refusal('client', held!.clientOldest);
        if (held!.all >= limits.max) return refusal('pool', held!.oldest);
        const nonce = createSiwxNonce();
        await tx.insert(siwxNonces).values({ nonce, account, client, expiresAt: at + limits.ttlMs });
        return { nonce };
      });
    },
    async take(nonce, accounts) {
      const at = now();
      const taken = await db
        .delete(siwxNonces)
        .where(and(eq(siwxNonces.nonce, nonce), gt(siwxNonces.expiresAt, at), inArray(siwxNonces.account, [...accounts])))
        .returning({ nonce: siwxNonces.nonce });
      if (taken.length > 0) return 'taken';
      const outstanding = await db.select({ nonce: siwxNonces.nonce }).from(siwxNonces).where(and(eq(siwxNonces.nonce, nonce), gt(siwxNonces.expiresAt, at)));
      return outstanding.length > 0 ? 'other-account' : 'unknown';
    },
  };
}
