import { integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// The auth service's tables. Migrations in ../../drizzle are generated from this file by
// drizzle-kit (`npm run db:generate -w @portico/auth-service`) and applied at start-up.

/** A host project: its id (the `projectId` hosts pass) and the host origins allowed to use it. */
export const projects = pgTable('projects', {
  id: text('id').primaryKey(),
  allowedOrigins: text('allowed_origins').array().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A person, by the e-mail address they logged in with (stored lower case); none for an account
 * that only signs in with Farcaster, which has no e-mail address to give.
 */
export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A device a user confirmed through the e-mailed link: after that, login goes straight to the passcode. */
export const devices = pgTable(
  'devices',
  {
    email: text('email').notNull(),
    deviceId: text('device_id').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.email, t.deviceId] })],
);

/**
 * One e-mail flow: a login (`device` step while the device link is unconfirmed, then `otp`)
 * or an e-mail change (`primary` passcode to the current address, then `secondary` to the new
 * one). Passcodes and link tokens are stored only as keyed hashes.
 */
export const flows = pgTable('flows', {
  id: uuid('id').primaryKey().defaultRandom(),
  kind: text('kind', { enum: ['login', 'change'] }).notNull(),
  step: text('step', { enum: ['device', 'otp', 'primary', 'secondary', 'done'] }).notNull(),
  projectId: text('project_id').notNull(),
  email: text('email').notNull(),
  deviceId: text('device_id').notNull(),
  /** The e-mail change's new address; the user making it. */
  newEmail: text('new_email'),
  userId: uuid('user_id'),
  linkHash: text('link_hash').unique(),
  codeHash: text('code_hash'),
  attempts: integer('attempts').notNull().default(0),
  codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Mail sent per address, for the 30-second cooldown. */
export const mailSends = pgTable('mail_sends', {
  email: text('email').primaryKey(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
});

/** A login session; its JWT carries the id (`sid`), so logging out revokes it. */
export const sessions = pgTable('sessions', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id),
  projectId: text('project_id').notNull(),
  deviceId: text('device_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

/**
 * The auth share of a user's key (one of three Shamir shares, made in the wallet frame): given
 * back only to a live session. Alone it reveals nothing of the key (see the frame's threat model).
 */
export const keyShares = pgTable('key_shares', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  share: text('share').notNull(),
  /** The recovery share, sealed in the frame under the user's recovery factor: opaque here. */
  sealedRecovery: text('sealed_recovery'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One social login (issue #16): the OAuth 2 / OpenID Connect authorization-code flow the frame
 * started for a device, with its nonce, the `state` only as a keyed hash, and the PKCE challenge
 * of a verifier only that frame holds (issue #36: the flow is bound to the frame that started it;
 * the verifier reaches the service only with `complete`, with the code the provider gave the
 * browser the frame is in). A provider error at the callback moves it to `failed`; `complete`
 * exchanges the code and takes the session once (`used`). Farcaster's flow moves to `done` when
 * the relay's answer is verified, and is taken with the verifier the same way.
 */
export const socialFlows = pgTable('social_flows', {
  id: uuid('id').primaryKey().defaultRandom(),
  projectId: text('project_id').notNull(),
  provider: text('provider').notNull(),
  deviceId: text('device_id').notNull(),
  stateHash: text('state_hash').notNull().unique(),
  nonce: text('nonce').notNull(),
  /** base64url(SHA-256(verifier)) of the verifier the frame keeps (PKCE S256; Farcaster's binding too). */
  codeChallenge: text('code_challenge').notNull(),
  /** The host page's origin the flow was started for: the only window the callback page tells. */
  hostOrigin: text('host_origin').notNull(),
  /** Farcaster: the relay channel's token (the channel is the flow; no code, no verifier). */
  channelToken: text('channel_token'),
  /** Farcaster: the domain the sign-in message must name (the host page's). */
  domain: text('domain'),
  step: text('step', { enum: ['pending', 'done', 'failed', 'used'] }).notNull(),
  userId: uuid('user_id').references(() => users.id),
  /** The provider account's name, for the session's answer. */
  userName: text('user_name'),
  error: text('error'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A provider's account (its issuer's `sub`) linked to a user: the same identity always reaches the same wallet. */
export const identities = pgTable(
  'identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    email: text('email'),
    /** The account's name at the provider, as last seen (shown as the connected user's name). */
    name: text('name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] })],
);


/**
 * Counters over a fixed window, kept here so every instance of the service counts the same:
 * mails per client and per project a minute, wrong passcodes per address an hour. One row per
 * key; a window that has passed starts again at 1.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});
