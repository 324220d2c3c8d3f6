import { bigint, index, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';

// The sign-in server's tables, shared by every instance on one database. Migrations in
// ../../drizzle are generated from this file by drizzle-kit (`npm run db:generate -w
// @portico/siwx-server`) and applied at start-up. Times are milliseconds since the epoch, given
// by the server (not the database's clock), so one clock decides every expiry.

/** An outstanding nonce: for one account (`chainId:address`, lower case) or `*` (one-click sign-in), asked for by one client. */
export const siwxNonces = pgTable(
  'siwx_nonces',
  {
    nonce: text('nonce').primaryKey(),
    account: text('account').notNull(),
    client: text('client').notNull(),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('siwx_nonces_client').on(t.client, t.account), index('siwx_nonces_expires').on(t.expiresAt)],
);

/** A verified session of an account, kept until its expirationTime (at most `maxSessionsPerAccount` an account). */
export const siwxSessions = pgTable(
  'siwx_sessions',
  {
    id: serial('id').primaryKey(),
    account: text('account').notNull(),
    nonce: text('nonce').notNull().unique(),
    session: jsonb('session').notNull(),
    /** The session's expirationTime; null when it has none. */
    expiresAt: bigint('expires_at', { mode: 'number' }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('siwx_sessions_account').on(t.account, t.createdAt)],
);

/** A bearer token, stored only as its SHA-256: a copy of the database hands nobody a live token. */
export const siwxTokens = pgTable(
  'siwx_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    /** Issue order (several tokens can share a millisecond). */
    seq: serial('seq').notNull(),
    account: text('account').notNull(),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('siwx_tokens_account').on(t.account), index('siwx_tokens_expires').on(t.expiresAt), index('siwx_tokens_seq').on(t.seq)],
);
