import { PGlite } from '@electric-sql/pglite';

/** The first in-memory database of this process, as it was right after initdb (a tarball of its data folder). */
let template: Promise<Blob> | undefined;

/**
 * A new PGlite database (PostgreSQL in WebAssembly): in `dataDir` (created when missing), or in memory without one.
 *
 * PGlite makes every new database by running initdb, about 3 CPU-seconds on this machine kind. In memory, the first
 * database of the process is copied once initdb is done (`dumpDataDir`, 0.3 CPU-seconds), and each later one starts
 * from that copy (`loadDataDir`, 0.6 CPU-seconds): a fresh cluster all the same, with nothing of the first one's data,
 * which it was copied before holding. The unit tests open about sixty in-memory databases in a few processes. A data
 * folder is made by initdb as before (it is made once and kept). If the copy fails, databases are made by initdb.
 */
export async function createPglite(dataDir?: string): Promise<PGlite> {
  if (dataDir !== undefined) return new PGlite(dataDir);
  const copy = template?.catch(() => undefined);
  if (copy) {
    const tarball = await copy;
    return new PGlite(tarball ? { loadDataDir: tarball } : {});
  }
  const first = new PGlite();
  template = first.waitReady.then(() => first.dumpDataDir('none'));
  await template.catch(() => undefined);
  return first;
}
