import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { createPglite } from './pglite';

const opened: PGlite[] = [];
const open = async (dataDir?: string) => {
  const db = await createPglite(dataDir);
  opened.push(db);
  return db;
};
afterAll(async () => {
  await Promise.all(opened.map((db) => db.close()));
});

/** initdb picks a new system identifier for every cluster it makes: the same one means a copy. */
const systemId = async (db: PGlite) => (await db.query<{ id: string }>('SELECT system_identifier::text AS id FROM pg_control_system()')).rows[0]!.id;

// initdb and PGlite's first start in a process take seconds of CPU: more under a loaded CI run.
describe('createPglite', { timeout: 30_000 }, () => {
  it('starts later in-memory databases from a copy of the first as initdb left it: the same cluster, none of its data', async () => {
    const first = await open();
    await first.exec("CREATE TABLE kept (v text); INSERT INTO kept VALUES ('first')");
    // Two at once, as servers started side by side open theirs.
    const [second, third] = await Promise.all([open(), open()]);
    expect(await systemId(second)).toBe(await systemId(first));
    expect(await systemId(third)).toBe(await systemId(first));
    for (const db of [second, third]) {
      expect((await db.query("SELECT to_regclass('public.kept') AS t")).rows).toEqual([{ t: null }]);
      await db.exec("CREATE TABLE kept (v text); INSERT INTO kept VALUES ('own')");
    }
    // Each is a database of its own.
    expect((await first.query('SELECT v FROM kept')).rows).toEqual([{ v: 'first' }]);
    expect((await second.query('SELECT v FROM kept')).rows).toEqual([{ v: 'own' }]);
  });

  it('makes a data folder with initdb, and opens it again with what it holds', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'portico-pglite-'));
    try {
      const made = await createPglite(join(dir, 'db'));
      const memory = await open();
      expect(await systemId(made)).not.toBe(await systemId(memory));
      await made.exec("CREATE TABLE t (v text); INSERT INTO t VALUES ('kept')");
      const id = await systemId(made);
      await made.close();
      const again = await createPglite(join(dir, 'db'));
      expect(await systemId(again)).toBe(id);
      expect((await again.query('SELECT v FROM t')).rows).toEqual([{ v: 'kept' }]);
      await again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
