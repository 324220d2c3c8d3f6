// The registry test's hosts (issue #19, e2e/browser/registry.spec.ts): fresh folders outside the
// workspace that install Portico from a local registry (Verdaccio), type-check with their own
// settings and build. Made here rather than in the spec, so that `npm test` can make them beside
// its unit step at the lowest CPU priority (tools/beside.mjs) and hand them to the spec, which,
// run alone, makes them itself. Serving them (a static server, `next start`) stays in the spec.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { libraries, stageLibrary, versionsOf } from './packages.mjs';
import { npmWith, publishTo, startRegistry } from './registry.mjs';
import { ROOT, waitForFile, writeJsonWhole } from './workspace.mjs';

const HOSTS_DIR = join(ROOT, 'e2e/hosts');
/** The workspace's own versions of what the hosts install besides Portico (so npm's cache serves them). */
const version = (name) => JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')).version;

/**
 * The hosts: a template (e2e/hosts/…), what its package.json asks for, Vite (type-checked with tsc,
 * built, its test page served statically) or Next.js (`next build`, `next start`), and
 * `foreignDeclarations`: others' declarations that fail the host's skipLibCheck-off check by
 * themselves (wagmi 3.7's and @wagmi/core's against @tanstack/query 5.108), printed, not failed
 * on. Every other file, Portico's declarations included, must type-check.
 */
export const HOSTS = [
  {
    name: 'Vite + React 19',
    template: 'vite-react',
    dependencies: (v) => ({ '@portico/react': `^${v['@portico/react']}`, '@portico/chain-eip155': `^${v['@portico/chain-eip155']}`, react: version('react'), 'react-dom': version('react-dom') }),
    devDependencies: () => ({ vite: version('vite'), '@vitejs/plugin-react': version('@vitejs/plugin-react'), typescript: version('typescript'), '@types/react': version('@types/react'), '@types/react-dom': version('@types/react-dom') }),
  },
  {
    // The peer range claims React 18.3: the same app on it, with its types.
    name: 'Vite + React 18.3',
    template: 'vite-react',
    dependencies: (v) => ({ '@portico/react': `^${v['@portico/react']}`, '@portico/chain-eip155': `^${v['@portico/chain-eip155']}`, react: '18.3.1', 'react-dom': '18.3.1' }),
    devDependencies: () => ({ vite: version('vite'), '@vitejs/plugin-react': version('@vitejs/plugin-react'), typescript: version('typescript'), '@types/react': '^18.3.0', '@types/react-dom': '^18.3.0' }),
  },
  {
    name: 'a page without React (mountPortico)',
    template: 'vanilla',
    dependencies: (v) => ({ '@portico/react': `^${v['@portico/react']}`, '@portico/chain-eip155': `^${v['@portico/chain-eip155']}`, react: version('react'), 'react-dom': version('react-dom') }),
    // @portico/react's declarations name React's types: a TypeScript page has them too.
    devDependencies: () => ({ vite: version('vite'), typescript: version('typescript'), '@types/react': version('@types/react'), '@types/react-dom': version('@types/react-dom') }),
  },
  {
    // A host that already uses wagmi: its hooks over the account Portico connects (@portico/wagmi), and viem over useWalletProvider.
    name: 'Vite + React 19 + wagmi 3',
    template: 'vite-wagmi',
    foreignDeclarations: /^node_modules\/(wagmi|@wagmi\/core)\//,
    dependencies: (v) => ({
      '@portico/react': `^${v['@portico/react']}`,
      '@portico/chain-eip155': `^${v['@portico/chain-eip155']}`,
      '@portico/wagmi': `^${v['@portico/wagmi']}`,
      wagmi: version('wagmi'),
      '@tanstack/react-query': version('@tanstack/react-query'),
      viem: version('viem'),
      react: version('react'),
      'react-dom': version('react-dom'),
    }),
    devDependencies: () => ({ vite: version('vite'), '@vitejs/plugin-react': version('@vitejs/plugin-react'), typescript: version('typescript'), '@types/react': version('@types/react'), '@types/react-dom': version('@types/react-dom') }),
  },
  {
    // App Router: the page a server component, Portico in a client component, server-rendered then hydrated.
    name: 'Next.js 16 (App Router, server rendering)',
    template: 'next',
    kind: 'next',
    dependencies: (v) => ({ '@portico/react': `^${v['@portico/react']}`, '@portico/chain-eip155': `^${v['@portico/chain-eip155']}`, next: '16.4.6', react: version('react'), 'react-dom': version('react-dom') }),
    devDependencies: () => ({ typescript: version('typescript'), '@types/react': version('@types/react'), '@types/react-dom': version('@types/react-dom'), '@types/node': version('@types/node') }),
  },
];

/** Where `npm test` stages the libraries for the registry: not `.pack/`, which the package checks stage into while the hosts are made. */
export const REGISTRY_STAGE_DIR = join(ROOT, '.pack/registry');

/** Every library built and staged as published, into `into`; `{ versions, staged: [{ name, version, folder }] }`. */
export async function stageForRegistry(into = REGISTRY_STAGE_DIR) {
  const libs = libraries();
  const versions = versionsOf(libs);
  const staged = [];
  for (const lib of libs) staged.push({ name: lib.pkg.name, version: lib.pkg.version, folder: await stageLibrary(lib, versions, into) });
  return { versions, staged };
}

/**
 * Starts Verdaccio, publishes the staged libraries to it and makes every host, one after the other:
 * `{ registry, published, hosts: [{ name, folder }] }`. On a failure nothing is left: the hosts made
 * so far are deleted and the registry stopped.
 */
export async function prepareRegistryHosts(stage) {
  const registry = await startRegistry();
  const hosts = [];
  try {
    for (const { folder } of stage.staged) publishTo(registry, folder);
    console.log(`published to ${registry.url}: ${stage.staged.map((s) => `${s.name}@${s.version}`).join(', ')}`);
    for (const spec of HOSTS) hosts.push({ name: spec.name, folder: await makeHost(registry, spec, stage.versions) });
    return { registry, published: stage.staged.map((s) => `${s.name}@${s.version}`), hosts };
  } catch (error) {
    for (const host of hosts) rmSync(host.folder, { recursive: true, force: true });
    await registry.stop();
    throw error;
  }
}

/** A host in a fresh folder outside the workspace: installed from the registry, type-checked, built (its page and the test's); its folder. */
async function makeHost(registry, spec, versions) {
  const folder = mkdtempSync(join(tmpdir(), `portico-host-${spec.template}-`));
  try {
    setUpHost(registry, spec, versions, folder);
    return folder;
  } catch (error) {
    // A host that failed to install or build leaves no folder behind (the others are removed after the tests).
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
}

function setUpHost(registry, spec, versions, folder) {
  cpSync(join(HOSTS_DIR, spec.template), folder, { recursive: true });
  // One harness for every host: a test wallet, the connection on the page, window.portico.
  if (spec.kind !== 'next' && !existsSync(join(folder, 'src/harness.ts'))) cpSync(join(HOSTS_DIR, 'vite-react/src/harness.ts'), join(folder, 'src/harness.ts'));
  const manifest = { name: `portico-host-${spec.template}`, private: true, type: 'module', dependencies: spec.dependencies(versions), devDependencies: spec.devDependencies() };
  writeFileSync(join(folder, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const install = () => npmWith(registry, folder, ['install', '--no-audit', '--no-fund', '--prefer-offline', '--include=dev', '--ignore-scripts']);
  const missing = () => Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).filter((name) => !existsSync(join(folder, 'node_modules', name, 'package.json')));
  let said = install();
  // npm said it installed; what it installed is checked (once, a CI run's first install through the registry's proxy lacked @types/react).
  if (missing().length) {
    console.log(`${spec.name}: npm install left out ${missing().join(', ')}; installing again.\n${said.slice(-2000)}`);
    said = install();
    if (missing().length) throw new Error(`${spec.name}: npm install left out ${missing().join(', ')}:\n${said.slice(-3000)}`);
  }
  if (spec.kind === 'next') {
    // `next build` type-checks too.
    const build = spawnSync(process.execPath, [join(folder, 'node_modules/next/dist/bin/next'), 'build'], { cwd: folder, encoding: 'utf8', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
    if (build.status !== 0) throw new Error(`${spec.name}: next build failed:\n${build.stdout.slice(-3000)}${build.stderr.slice(-3000)}`);
    return;
  }
  const tsc = spawnSync(process.execPath, [join(folder, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], { cwd: folder, encoding: 'utf8' });
  if (tsc.status !== 0) {
    const errors = `${tsc.stdout}${tsc.stderr}`.split('\n').filter((line) => /error TS\d+/.test(line));
    const ours = errors.filter((line) => !spec.foreignDeclarations?.test(line));
    if (ours.length || errors.length === 0) throw new Error(`${spec.name} does not type-check against the published declarations:\n${tsc.stdout}${tsc.stderr}`);
    console.log(`${spec.name}: ${errors.length} error(s) in others' declarations (not Portico's), left to them:\n${errors.join('\n')}`);
  }
  // The host's own build (index.html, measured for the first load), and the test's page apart.
  for (const args of [[], ['-c', 'vite.test.config.ts']]) {
    const vite = spawnSync(process.execPath, [join(folder, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error', ...args], { cwd: folder, encoding: 'utf8' });
    if (vite.status !== 0) throw new Error(`${spec.name}: the build failed:\n${vite.stdout}${vite.stderr}`);
  }
}

/**
 * Hands what prepareRegistryHosts made to a test in another process: written whole to `file`,
 * `{ ok: true, registry: { url, upstream, npmrc, dir }, published, hosts }`, or `{ ok: false, error }`
 * with why it could not be made (an Error or a sentence).
 */
export function writePrepared(file, outcome) {
  writeJsonWhole(
    file,
    outcome instanceof Error || typeof outcome === 'string'
      ? { ok: false, error: outcome instanceof Error ? (outcome.stack ?? outcome.message) : outcome }
      : { ok: true, registry: { url: outcome.registry.url, upstream: outcome.registry.upstream, npmrc: outcome.registry.npmrc, dir: outcome.registry.dir }, published: outcome.published, hosts: outcome.hosts },
  );
}

/**
 * Waits (up to `timeoutMs`) for what writePrepared wrote to `file`. Throws, saying which, when it does not come in
 * time, when it says the hosts could not be made, or when it is not what writePrepared writes.
 */
export async function waitForPrepared(file, timeoutMs) {
  await waitForFile(file, timeoutMs, "the registry's hosts");
  let prepared;
  try {
    prepared = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file} is not what writePrepared writes: ${error.message}`);
  }
  if (prepared?.ok === false && typeof prepared.error === 'string') throw new Error(`the registry's hosts could not be made:\n${prepared.error}`);
  const isText = (value) => typeof value === 'string' && value.length > 0;
  const registry = prepared?.registry;
  const wellFormed =
    prepared?.ok === true &&
    ['url', 'upstream', 'npmrc', 'dir'].every((key) => isText(registry?.[key])) &&
    Array.isArray(prepared.published) && prepared.published.every(isText) &&
    Array.isArray(prepared.hosts) && prepared.hosts.length === HOSTS.length &&
    prepared.hosts.every((host) => HOSTS.some((spec) => spec.name === host?.name) && isText(host.folder) && existsSync(host.folder));
  if (!wellFormed) throw new Error(`${file} is not what writePrepared writes (a registry, what was published, and a folder for each of the ${HOSTS.length} hosts)`);
  return prepared;
}
