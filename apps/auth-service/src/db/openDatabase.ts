import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
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
      const db = drizzlePg(pool, { schema });
      await migratePg(db, { migrationsFolder: MIGRATIONS });
      return { db: db as unknown as AuthDatabase, engine: 'postgres', close: () => pool.end() };
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw error;
    }
  }
  const client = new PGlite(options.dataDir);
  try {
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder: MIGRATIONS });
    return { db: db as unknown as AuthDatabase, engine: 'pglite', close: () => client.close() };
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
}
