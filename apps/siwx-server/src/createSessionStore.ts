import type { SiwxSession } from '@portico/plugin-siwx';
import { and, asc, desc, eq, gt, isNull, lte, notInArray, or, sql } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import type { SiwxDatabase } from './db/openSiwxDatabase';
import { siwxSessions, siwxTokens } from './db/schema';

/** Limits of the session store (see `SiwxServerOptions` for their defaults). */
export interface SessionStoreLimits {
  /** How long a bearer token stays valid (never past its session's expirationTime). */
  tokenTtlMs: number;
  /** Live bearer tokens kept at most (the oldest go first). */
  maxTokens: number;
  /** Sessions kept per account (the oldest go first). */
  maxSessionsPerAccount: number;
}

/** Sessions and bearer tokens in the database, shared by every instance; tokens stored only as hashes. */
export interface SessionStore {
  /** Keeps `session` for `account` (the oldest past the limit go) and hands out a new bearer token for it. */
  add(account: string, session: SiwxSession): Promise<string>;
  /** The account `token` was issued for, while it is live. */
  accountOf(token: string): Promise<string | undefined>;
  /** The account's sessions not past their expirationTime, oldest first. */
  list(account: string): Promise<SiwxSession[]>;
  /** Deletes the account's sessions and every token issued for it. */
  revoke(account: string): Promise<void>;
  /** Sessions not past their expirationTime, over every account (the `siwx_active_sessions` gauge). */
  countLive(): Promise<number>;
}

const hash = (token: string) => createHash('sha256').update(token).digest('base64url');

export function createSessionStore(db: SiwxDatabase, limits: SessionStoreLimits, now: () => number = Date.now): SessionStore {
  const live = (at: number) => or(isNull(siwxSessions.expiresAt), gt(siwxSessions.expiresAt, at));
  return {
    add(account, session) {
      return db.transaction(async (tx) => {
        const at = now();
        // One account's sign-ins on any instance are kept in order and capped together.
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`siwx-account:${account}`}))`);
        const sessionEnd = session.data.expirationTime ? Date.parse(session.data.expirationTime) : null;
        await tx.delete(siwxSessions).where(and(eq(siwxSessions.account, account), lte(siwxSessions.expiresAt, at)));
        await tx.insert(siwxSessions).values({ account, nonce: session.data.nonce, session, expiresAt: sessionEnd, createdAt: at });
        const keep = tx
          .select({ id: siwxSessions.id })
          .from(siwxSessions)
          .where(eq(siwxSessions.account, account))
          .orderBy(desc(siwxSessions.createdAt), desc(siwxSessions.id))
          .limit(limits.maxSessionsPerAccount);
        await tx.delete(siwxSessions).where(and(eq(siwxSessions.account, account), notInArray(siwxSessions.id, keep)));
        const token = randomBytes(32).toString('base64url');
        await tx.delete(siwxTokens).where(lte(siwxTokens.expiresAt, at));
        await tx.insert(siwxTokens).values({ tokenHash: hash(token), account, expiresAt: Math.min(at + limits.tokenTtlMs, sessionEnd ?? Number.MAX_SAFE_INTEGER), createdAt: at });
        // Still over the cap: the oldest tokens go.
        const newest = tx.select({ tokenHash: siwxTokens.tokenHash }).from(siwxTokens).orderBy(desc(siwxTokens.seq)).limit(limits.maxTokens);
        await tx.delete(siwxTokens).where(notInArray(siwxTokens.tokenHash, newest));
        return token;
      });
    },
    async accountOf(token) {
      const [row] = await db
        .select({ account: siwxTokens.account })
        .from(siwxTokens)
        .where(and(eq(siwxTokens.tokenHash, hash(token)), gt(siwxTokens.expiresAt, now())));
      return row?.account;
    },
    async list(account) {
      const rows = await db
        .select({ session: siwxSessions.session })
        .from(siwxSessions)
        .where(and(eq(siwxSessions.account, account), live(now())))
        .orderBy(asc(siwxSessions.createdAt), asc(siwxSessions.id));
      return rows.map((row) => row.session as SiwxSession);
    },
    async countLive() {
      const [row] = await db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(siwxSessions).where(live(now()));
      return row?.count ?? 0;
    },
    async revoke(account) {
      await db.transaction(async (tx) => {
        await tx.delete(siwxSessions).where(eq(siwxSessions.account, account));
        await tx.delete(siwxTokens).where(eq(siwxTokens.account, account));
      });
    },
  };
}
