// Shared by the start, test and bench orchestrators: install what is missing, run
// commands, and keep track of child processes so every one is stopped by PID.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Environment for Nx on these machines: no cloud, no daemon, plain output. */
export const NX_ENV = { NX_NO_CLOUD: 'true', NX_DAEMON: 'false', NX_TUI: 'false' };

/** Runs a command to completion, inheriting stdio; returns its exit code. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: options.cwd ?? ROOT, stdio: 'inherit', env: { ...process.env, ...options.env }, shell: false });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

/**
 * Installs npm dependencies when node_modules is missing or older than the lockfile,
 * with `npm ci` so the committed lockfile is what gets installed.
 */
export function ensureInstalled() {
  const lock = join(ROOT, 'package-lock.json');
  const marker = join(ROOT, 'node_modules', '.package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  console.log('› Installing dependencies (npm ci)…');
  const code = run('npm', ['ci', '--no-audit', '--no-fund'], { env: { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' } });
  if (code !== 0) throw new Error(`npm ci failed with exit code ${code}`);
}

/** Writes `value` as JSON to `file` whole: under a temporary name first, then renamed, so a reader never sees half of it. */
export function writeJsonWhole(file, value) {
  writeFileSync(`${file}.tmp`, JSON.stringify(value));
  renameSync(`${file}.tmp`, file);
}

/** Waits for `file` to exist, looking every 250 ms; after `timeoutMs` throws, naming `what` did not come and the file. */
export async function waitForFile(file, timeoutMs, what) {
  for (const deadline = Date.now() + timeoutMs; !existsSync(file); ) {
    if (Date.now() > deadline) throw new Error(`${what}: not ready within ${Math.round(timeoutMs / 1000)} s (${file})`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Debian's Chromium: the browser a visitor has (the benchmarks measure it). */
export const CHROMIUM = '/usr/bin/chromium';
/**
 * Debian's Chromium headless shell (the same Blink, without the browser's own UI and its
 * renderer): what the tests drive. It is Playwright's own default for headless runs; here it
 * took a browser spec pair from 149 s to 123 s.
 */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** Installs Debian's Chromium and its headless shell when they are not there yet; returns Chromium's path. */
export function ensureChromium() {
  const missing = [
    [CHROMIUM, 'chromium'],
    [HEADLESS_SHELL, 'chromium-headless-shell'],
  ].filter(([path]) => !existsSync(path)).map(([, name]) => name);
  if (!missing.length) return CHROMIUM;
  console.log(`› Installing ${missing.join(' and ')} from Debian (apt-get)…`);
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (...args) => run(sudo[0] ?? 'apt-get', sudo.length ? ['apt-get', ...args] : args, { env: { DEBIAN_FRONTEND: 'noninteractive' } });
  if (apt('update', '-qq') !== 0 || apt('install', '-y', '-qq', '--no-install-recommends', ...missing) !== 0) {
    throw new Error(`Could not install ${missing.join(' and ')} with apt-get; install them and re-run`);
  }
  return CHROMIUM;
}

const children = new Set();

/** Starts a long-running child in its own process group and remembers it for `stopAll`. */
export function startChild(command, args, options = {}) {
  const child = spawn(command, args, {
    cwd: options.cwd ?? ROOT,
    env: { ...process.env, ...options.env },
    stdio: options.stdio ?? ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

/** Stops every child started here: SIGTERM to its process group, SIGKILL after a grace period. */
export async function stopAll(graceMs = 3000) {
  const alive = [...children].filter((c) => c.exitCode === null && c.signalCode === null);
  for (const child of alive) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
  await Promise.all(
    alive.map(
      (child) =>
        new Promise((done) => {
          const timer = setTimeout(() => {
            try {
              process.kill(-child.pid, 'SIGKILL');
            } catch {
              // Already gone.
            }
            done();
          }, graceMs);
          child.once('exit', () => {
            clearTimeout(timer);
            done();
          });
        }),
    ),
  );
}

/** Waits until an HTTP URL answers (any status), or throws after `timeoutMs`. */
export async function waitForHttp(url, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(1000) });
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 150));
    }
  }
}

/**
 * Lists `pid` in the run's PID registry (`PORTICO_PID_DIR`, set by `npm test`) so the run stops it
 * when a suite fails before stopping it; `group`: the PID leads its own process group (spawned
 * `detached`), stopped as a group. Returns the unlisting, to call when the process exits.
 */
export function listPid(pid, name, { group = false } = {}) {
  const dir = process.env.PORTICO_PID_DIR;
  if (!dir || pid === undefined) return () => undefined;
  const file = join(dir, String(pid));
  // Best effort: the registry is a safety net, its absence must not fail the service's start.
  try {
    writeFileSync(file, JSON.stringify({ name, group }));
  } catch {
    return () => undefined;
  }
  return () => rmSync(file, { force: true });
}

/**
 * Runs a command to completion in its own process group, passing on SIGINT/SIGTERM to it, and
 * resolves with its exit code once it has stopped (SIGTERM, SIGKILL after `graceMs`) whatever
 * the command left running in that group, naming it on stderr. `options.prefix`: each line the
 * command prints is printed whole with this prefix, so two commands run side by side stay readable.
 */
export async function runInGroup(command, args, options = {}, graceMs = 3000) {
  const child = spawnInGroup(command, args, options);
  // Its pipes close once the command and whatever it started have let go of them.
  const closed = new Promise((done) => child.once('close', done));
  const forward = (signal) => signalTarget(-child.pid, signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  try {
    const code = await new Promise((done, fail) => {
      child.once('error', fail);
      child.once('exit', (exitCode) => done(exitCode ?? 1));
    });
    const left = processes().filter((p) => p.pgid === child.pid);
    if (left.length) {
      console.warn(`${options.prefix ?? ''}⚠ stopping what ${command} left running in its process group: ${left.map(describeProcess).join(', ')}`);
      await stopTargets([-child.pid], graceMs);
    }
    // The last lines it printed (a process outside its group may hold a pipe open: not waited on for long).
    if (options.prefix !== undefined) await Promise.race([closed, new Promise((done) => setTimeout(done, graceMs).unref())]);
    return code;
  } finally {
    process.off('SIGINT', forward);
    process.off('SIGTERM', forward);
  }
}

/**
 * Starts a command in its own process group, its output prefixed line by line as runInGroup's, and
 * returns at once: `{ pid, exited, stop }`; `exited` resolves its exit code, `stop()` ends its whole
 * group (SIGTERM, then SIGKILL after `graceMs`).
 */
export function startInGroup(command, args, options = {}, graceMs = 3000) {
  const child = spawnInGroup(command, args, options);
  const exited = new Promise((done) => {
    child.once('error', () => done(1));
    child.once('exit', (code) => done(code ?? 1));
  });
  return { pid: child.pid, exited, stop: () => stopTargets([-child.pid], graceMs) };
}

/** `command` as the leader of a process group of its own; its output inherited, or printed a line at a time after `options.prefix`. */
function spawnInGroup(command, args, options) {
  const stdio = options.prefix === undefined ? 'inherit' : 'pipe';
  const child = spawn(command, args, { cwd: options.cwd ?? ROOT, env: { ...process.env, ...options.env }, stdio: ['ignore', stdio, stdio], detached: true });
  if (options.prefix !== undefined) {
    prefixLines(child.stdout, process.stdout, options.prefix);
    prefixLines(child.stderr, process.stderr, options.prefix);
  }
  return child;
}

/** Copies `from` to `to` a whole line at a time, each line after `prefix` (a last line without its newline too). */
function prefixLines(from, to, prefix) {
  let partial = '';
  from.setEncoding('utf8');
  from.on('data', (chunk) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop();
    if (lines.length) to.write(lines.map((line) => `${prefix}${line}\n`).join(''));
  });
  from.on('end', () => partial && to.write(`${prefix}${partial}\n`));
}

// Launchers list a PID right after spawning it, so its start precedes the listing by little.
const LISTING_SLACK_MS = 500;

/**
 * The PID registry of one `npm test` run: a fresh folder for `PORTICO_PID_DIR`, where launchers
 * list what they start (`listPid`). `sweep(sinceMs)` stops (SIGTERM, then SIGKILL after
 * `graceMs`) every process still listed that started since `sinceMs` and before its listing (so a
 * reused PID is left alone), and every process whose environment carries this registry (only
 * this run's processes inherit it); it returns their descriptions. Linux (`/proc`) only.
 */
export function createPidRegistry() {
  const dir = mkdtempSync(join(tmpdir(), 'portico-pids-'));
  return {
    dir,
    async sweep(sinceMs, graceMs = 3000) {
      const all = processes();
      const startMs = all.length ? startClock() : () => NaN;
      const byPid = new Map(all.map((p) => [p.pid, p]));
      const targets = new Map();
      for (const file of readdirSync(dir)) {
        const path = join(dir, file);
        const pid = Number(file);
        let entry = {};
        try {
          entry = JSON.parse(readFileSync(path, 'utf8'));
        } catch {
          // A half-written listing still names the PID.
        }
        const listedAt = statSync(path).mtimeMs;
        rmSync(path, { force: true });
        if (!Number.isInteger(pid) || pid <= 1) continue;
        const proc = byPid.get(pid);
        if (proc && startMs(proc.startTicks) >= sinceMs - LISTING_SLACK_MS && startMs(proc.startTicks) <= listedAt + LISTING_SLACK_MS) {
          targets.set(entry.group && proc.pgid === pid ? -pid : pid, `${entry.name ?? 'unnamed'} (PID ${pid}: ${proc.command})`);
        } else if (!proc && entry.group && all.some((p) => p.pgid === pid)) {
          // The leader is gone but its group is not: a PGID is never reused while its group lives.
          targets.set(-pid, `what is left of ${entry.name ?? 'unnamed'}'s process group ${pid}`);
        }
      }
      const marker = `PORTICO_PID_DIR=${dir}`;
      for (const p of all) {
        if (p.pid === process.pid || targets.has(p.pid) || targets.has(-p.pgid)) continue;
        if (environment(p.pid).includes(marker)) targets.set(p.pid, `PID ${p.pid}: ${p.command}`);
      }
      await stopTargets([...targets.keys()], graceMs);
      return [...targets.values()];
    },
    close() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The live (not zombie) processes: PID, process group, start (clock ticks after boot), command line. */
function processes() {
  const list = [];
  let names = [];
  try {
    names = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    // No /proc: nothing can be checked, so nothing is stopped.
  }
  for (const name of names) {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // The fields after "pid (comm) ": state ppid pgrp …; starttime is the 20th of them.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (fields[0] === 'Z') continue;
      const command = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ').slice(0, 200);
      list.push({ pid: Number(name), pgid: Number(fields[2]), startTicks: Number(fields[19]), command });
    } catch {
      // Gone meanwhile.
    }
  }
  return list;
}

/** Converts a process's start (clock ticks after boot) to epoch milliseconds. */
function startClock() {
  const ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  const bootMs = Date.now() - Number(readFileSync('/proc/uptime', 'utf8').split(' ')[0]) * 1000;
  return (ticks) => bootMs + (ticks / ticksPerSecond) * 1000;
}

function environment(pid) {
  try {
    return readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
  } catch {
    return [];
  }
}

const describeProcess = (p) => `PID ${p.pid} (${p.command})`;

function signalTarget(target, signal) {
  try {
    process.kill(target, signal);
  } catch {
    // Already gone.
  }
}

/** SIGTERM to each target (a PID, or a process group as -PGID), SIGKILL to what is left after `graceMs`. */
async function stopTargets(targets, graceMs) {
  if (!targets.length) return;
  for (const target of targets) signalTarget(target, 'SIGTERM');
  const alive = () => {
    const live = processes();
    return targets.filter((t) => live.some((p) => (t > 0 ? p.pid === t : p.pgid === -t)));
  };
  const deadline = Date.now() + graceMs;
  while (alive().length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  for (const target of alive()) signalTarget(target, 'SIGKILL');
}
