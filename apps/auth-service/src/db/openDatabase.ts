import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createPglite } from '@portico/service-kit/pglite';
import * as schema from './schema';

/** The service's database, whichever engine is under it. */
export type AuthDatabase = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Where the data lives: PostgreSQL at `url`, or PGlite in `dataDir` (in memory without one). */
export interface DatabaseOptions {
  /** A PostgreSQL connection string (`DATABASE_URL`). */
  url?: string;
  /** PGlite's data folder (created when missing); omitted: memory only. */
  dataDir?: string;
}

const MIGRATIONS = fileURLToPath(new URL('../../drizzle', import.meta.url));
/** One instance migrates at a time (drizzle's migrator takes no lock of its own): instances started together on one PostgreSQL take turns. */
const MIGRATION_LOCK = 7_302_114_002;

/**
 * Opens the database and applies the migrations drizzle-kit generated (drizzle's migrator
 * records them in `drizzle.__drizzle_migrations`, so each runs once). PGlite by default: a data
 * folder and no set-up; PostgreSQL with `url`.
 */
export async function openDatabase(options: DatabaseOptions = {}): Promise<{ db: AuthDatabase; engine: 'postgres' | 'pglite'; close(): Promise<void> }> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // An idle connection the server ends (a restart, an admin) must not end the service: the pool reconnects.
    pool.on('error', (error) => console.warn(`auth-service: a database connection ended: ${error.message}`));
    try {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
        client.release();
      }
      const db = drizzlePg(pool, { schema });
      return { db: db as unknown as AuthDatabase, engine: 'postgres', close: () => pool.end() };
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw error;
    }
  }
  const client = await createPglite(options.dataDir);
  try {
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder: MIGRATIONS });
    return { db: db as unknown as AuthDatabase, engine: 'pglite', close: () => client.close() };
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
}
