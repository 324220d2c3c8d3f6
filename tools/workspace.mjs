// Shared by the start, test and bench orchestrators: install what is missing, run
// commands, and keep track of child processes so every one is stopped by PID.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
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

/** Installs Debian's Chromium for the browser tests when it is not there yet. */
export function ensureChromium() {
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  console.log('› Installing Chromium from Debian (apt-get)…');
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (...args) => run(sudo[0] ?? 'apt-get', sudo.length ? ['apt-get', ...args] : args, { env: { DEBIAN_FRONTEND: 'noninteractive' } });
  if (apt('update', '-qq') !== 0 || apt('install', '-y', '-qq', '--no-install-recommends', 'chromium') !== 0) {
    throw new Error('Could not install chromium with apt-get; install it and re-run');
  }
  return '/usr/bin/chromium';
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
