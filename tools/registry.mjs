// A real npm registry on 127.0.0.1 for the tests (issue #19): Verdaccio, in a folder of its own,
// serving the @portico packages published to it and proxying everything else to the npm
// registry this machine uses, so a host outside the workspace installs exactly as from npm.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './services.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const VERDACCIO = join(ROOT, 'node_modules/verdaccio/bin/verdaccio');

/** The npm registry Verdaccio proxies to: the one npm is configured with here. */
function upstreamRegistry() {
  const result = spawnSync('npm', ['config', 'get', 'registry'], { encoding: 'utf8', cwd: ROOT });
  const url = result.stdout.trim();
  return /^https?:\/\//.test(url) ? url : 'https://registry.npmjs.org/';
}

/**
 * Starts Verdaccio on `port` (default: a free one) with its storage in a fresh temporary folder; `@portico/*` is
 * served only from what is published to it (never proxied), the rest proxied upstream. Resolves
 * `{ url, npmrc, dir, stop }` once it answers `/-/ping`; `npmrc` is a user config with the
 * registry and a publisher's token (a user made through the registry's own API).
 */
export async function startRegistry({ port: wanted } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'portico-registry-'));
  const port = wanted ?? (await freePort());
  const url = `http://127.0.0.1:${port}/`;
  mkdirSync(join(dir, 'storage'));
  const upstream = upstreamRegistry();
  writeFileSync(
    join(dir, 'config.yaml'),
    [
      `storage: ${join(dir, 'storage')}`,
      'auth:',
      '  htpasswd:',
      `    file: ${join(dir, 'htpasswd')}`,
      '    max_users: 10',
      'uplinks:',
      '  upstream:',
      `    url: ${upstream}`,
      '    timeout: 60s',
      '    max_fails: 5',
      'packages:',
      "  '@portico/*':",
      '    access: $all',
      '    publish: $authenticated',
      "  '**':",
      '    access: $all',
      '    publish: $authenticated',
      '    proxy: upstream',
      'log: { type: stdout, format: pretty, level: warn }',
      '',
    ].join('\n'),
  );
  const child = spawn(process.execPath, [VERDACCIO, '--config', join(dir, 'config.yaml'), '--listen', `127.0.0.1:${port}`], { stdio: ['ignore', 'pipe', 'pipe'], detached: false });
  let output = '';
  child.stdout.on('data', (chunk) => (output = (output + chunk).slice(-4000)));
  child.stderr.on('data', (chunk) => (output = (output + chunk).slice(-4000)));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`Verdaccio exited (${child.exitCode}):\n${output}`);
      const ok = await fetch(`${url}-/ping`).then((r) => r.ok, () => false);
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`Verdaccio did not answer on ${url} within 60 s:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // A publisher: Verdaccio's htpasswd plugin makes the user and answers a token (what `npm adduser` does).
    const user = 'portico-publisher';
    const response = await fetch(`${url}-/user/org.couchdb.user:${user}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ _id: `org.couchdb.user:${user}`, name: user, password: 'local-registry-only', type: 'user', roles: [], date: new Date().toISOString() }),
    });
    const { token } = await response.json();
    if (!response.ok || typeof token !== 'string') throw new Error(`Verdaccio did not make the publisher (HTTP ${response.status})`);
    const npmrc = join(dir, 'npmrc');
    writeFileSync(npmrc, `registry=${url}\n//127.0.0.1:${port}/:_authToken=${token}\nfund=false\naudit=false\nupdate-notifier=false\n`);
    return { url, upstream, npmrc, dir, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The environment for npm run against the registry: this process's, less npm's own `npm_*`
 * settings (under `npm test` they name the workspace as the prefix, its omit list, its config).
 */
const cleanEnv = (registry) => ({ ...Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key))), npm_config_userconfig: registry.npmrc });

/** `npm publish` of a staged package folder to the registry; throws with npm's words on failure. */
export function publishTo(registry, folder) {
  const result = spawnSync('npm', ['publish', folder, '--userconfig', registry.npmrc, '--registry', registry.url, '--access', 'public', '--ignore-scripts'], { encoding: 'utf8', cwd: registry.dir, env: cleanEnv(registry) });
  if (result.status !== 0) throw new Error(`npm publish ${folder} failed:\n${result.stdout}\n${result.stderr}`);
}

/**
 * `npm <args>` in `cwd` (install, view…) the way a host installs a package published to npm: `@portico/*` from the
 * registry, everything else from the npm registry this machine uses (npm's cache first), as a company's private scope
 * is set up. Verdaccio could proxy the rest too; doing so cost the registry test about 60 CPU-seconds in Verdaccio
 * for packages it only passed on. Throws with npm's words on failure.
 */
export function npmWith(registry, cwd, args) {
  const result = spawnSync('npm', [...args, '--userconfig', registry.npmrc, '--registry', registry.upstream, `--@portico:registry=${registry.url}`], { encoding: 'utf8', cwd, env: cleanEnv(registry) });
  if (result.status !== 0) throw new Error(`npm ${args.join(' ')} in ${cwd} failed:\n${result.stdout.slice(-3000)}\n${result.stderr.slice(-3000)}`);
  return result.stdout;
}
