import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createPglite } from '@portico/service-kit/pglite';
import * as schema from './schema';

/** The server's database, whichever engine is under it. */
export type SiwxDatabase = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Where the data lives: PostgreSQL at `url` (every instance on the same one), or PGlite in `dataDir` (in memory without one). */
export interface SiwxDatabaseOptions {
  /** A PostgreSQL connection string (`DATABASE_URL`). */
  url?: string;
  /** PGlite's data folder (created when missing); omitted: memory only, gone when the process ends. */
  dataDir?: string;
}

/** An open database: `ping` answers whether it is reachable with the migrations applied (`/readyz`). */
export interface OpenSiwxDatabase {
  db: SiwxDatabase;
  engine: 'postgres' | 'pglite';
  ping(): Promise<void>;
  close(): Promise<void>;
}

const MIGRATIONS = fileURLToPath(new URL('../../drizzle', import.meta.url));
/** Its own migrations table: the auth service's drizzle migrations may share the database. */
const MIGRATIONS_TABLE = '__siwx_migrations';
/** One instance migrates at a time (drizzle's migrator takes no lock of its own). */
const MIGRATION_LOCK = 7_302_114_001;

/**
 * Opens the database and applies the migrations drizzle-kit generated, each once; PGlite by
 * default, PostgreSQL with `url`. Instances starting together on one PostgreSQL take turns under
 * an advisory lock, so none sees a half-made schema.
 */
export async function openSiwxDatabase(options: SiwxDatabaseOptions = {}): Promise<OpenSiwxDatabase> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // An idle connection the server ends (a restart, an admin) must not end the service: the pool reconnects.
    pool.on('error', (error) => console.warn(`siwx-server: a database connection ended: ${error.message}`));
    try {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS, migrationsTable: MIGRATIONS_TABLE });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
        client.release();
      }
      const db = drizzlePg(pool, { schema }) as unknown as SiwxDatabase;
      return { db, engine: 'postgres', ping: () => ping(db), close: () => pool.end() };
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw error;
    }
  }
  const client = await createPglite(options.dataDir);
  try {
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder: MIGRATIONS, migrationsTable: MIGRATIONS_TABLE });
    const typed = db as unknown as SiwxDatabase;
    return { db: typed, engine: 'pglite', ping: () => ping(typed), close: () => client.close() };
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
}

/** Reachable, and the newest table there. */
async function ping(db: SiwxDatabase): Promise<void> {
  await db.execute(sql`SELECT 1 FROM siwx_tokens LIMIT 1`);
}
