import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { expect, test } from '@playwright/test';
import { npmWith, type LocalRegistry } from '@portico/tools/registry';
import { HOSTS, prepareRegistryHosts, stageForRegistry, waitForPrepared } from '@portico/tools/registryHosts';
import { freePort } from '@portico/tools/services';
import { buildHost, INITIAL_JS_BUDGET_KIB, kib, measureSizes } from '@portico/tools/sizes';
import { verifyMessage, type Hex } from 'viem';
import { dialog } from './helpers';

/**
 * Issue #19: Portico as a host outside this repository gets it. Every library is built and
 * published to a local registry (Verdaccio); hosts in fresh folders outside the
 * workspace (Vite + React 19, the same on React 18.3, a page without React using
 * `mountPortico`, a Vite app that uses wagmi 3, Next.js) install `@portico/react`,
 * `@portico/chain-eip155` (and `@portico/wagmi`) from it (the rest through the registry's proxy,
 * as from npm), type-check with their own settings (no decorator options, skipLibCheck off for
 * Vite), build, and are driven in Chromium against anvil: connect, sign, reload → reconnected;
 * the wagmi app with its hooks. The React 19 host's first load is measured against the in-repo
 * bench host. The hosts are made by tools/registryHosts.mjs: here when this file runs alone,
 * beside the unit step under `npm test` (PORTICO_REGISTRY_HOSTS names what it made).
 */
/** Everything the hosts' tests look up by the host's name. */
type HostSpec = (typeof HOSTS)[number];

interface RunningHost {
  readonly spec: HostSpec;
  readonly folder: string;
  readonly url: string;
  /** What the host's server printed (Next.js: its server rendering's errors would be here). */
  readonly log: () => string;
  stop(): Promise<void>;
}

let registry: Pick<LocalRegistry, 'url' | 'upstream' | 'npmrc' | 'dir'> | undefined;
/** Stops the registry, when this file started it (not when `npm test` did, beside its unit step). */
let cleanUp: (() => Promise<void>) | undefined;
const hosts: RunningHost[] = [];
const published: string[] = [];

/** Serves a host made by prepareRegistryHosts: its test page by a static server (Vite), or `next start` (Next.js). */
async function serveHost(spec: HostSpec, folder: string): Promise<RunningHost> {
  if (spec.kind === 'next') return startNext(spec, folder);
  const root = join(folder, 'dist-test');
  const types: Record<string, string> = { '.js': 'text/javascript', '.html': 'text/html', '.css': 'text/css', '.svg': 'image/svg+xml' };
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    const file = join(root, path === '/' ? 'test.html' : path);
    if (!file.startsWith(root) || !existsSync(file)) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // Connections a page left open (keep-alive) would hold close() until they time out.
  const stop = () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve())));
  return { spec, folder, url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, log: () => '', stop };
}

/** `next start` (its build made with the host) on a free port of 127.0.0.1, stopped by its PID. */
async function startNext(spec: HostSpec, folder: string): Promise<RunningHost> {
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
  const next = join(folder, 'node_modules/next/dist/bin/next');
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [next, 'start', '-p', String(port), '-H', '127.0.0.1'], { cwd: folder, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  };
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 60_000; ; ) {
    if (child.exitCode !== null) throw new Error(`${spec.name}: next start exited:\n${output}`);
    if (await fetch(url).then((r) => r.ok, () => false)) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${spec.name}: next start did not answer within 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { spec, folder, url, log: () => output, stop };
}

test.beforeAll(async () => {
  test.setTimeout(1_200_000);
  // Under `npm test` the hosts were made beside the unit step (tools/beside.mjs), which also keeps the registry up
  // until the browser step ends; run alone, this file makes them.
  let made: { registry: NonNullable<typeof registry>; published: string[]; hosts: Array<{ name: string; folder: string }> };
  if (process.env.PORTICO_REGISTRY_HOSTS) made = await waitForPrepared(process.env.PORTICO_REGISTRY_HOSTS, 900_000);
  else {
    const own = await prepareRegistryHosts(await stageForRegistry());
    cleanUp = () => own.registry.stop();
    made = own;
  }
  registry = made.registry;
  published.push(...made.published);
  for (const { name, folder } of made.hosts) hosts.push(await serveHost(HOSTS.find((spec) => spec.name === name)!, folder));
});

test.afterAll(async () => {
  // Five hosts' node_modules (Next.js's among them) take longer to delete than a test's 30 s: the hosts stop and their
  // folders go side by side, within two minutes.
  test.setTimeout(120_000);
  await Promise.all(hosts.splice(0).map(async (host) => {
    await host.stop();
    await rm(host.folder, { recursive: true, force: true });
  }));
  await cleanUp?.();
});

const hostNamed = (name: string) => hosts.find((h) => h.spec.name === name)!;

test.describe('hosts install Portico from a registry (Verdaccio on 127.0.0.1)', () => {
  // One setup (minutes: build, publish, install four hosts) for them all: a failure ends the file, not a new setup.
  test.describe.configure({ mode: 'serial' });

  test('every library was published, and the registry answers them (not the upstream npm)', () => {
    expect(published.length).toBeGreaterThanOrEqual(19);
    const { folder } = hostNamed('Vite + React 19');
    const answer = JSON.parse(npmWith(registry!, folder, ['view', '@portico/react', 'name', 'version', 'peerDependencies', '--json'])) as { name: string; version: string; peerDependencies: Record<string, string> };
    expect(answer.name).toBe('@portico/react');
    expect(answer.peerDependencies['@portico/kernel']).toMatch(/^\^\d+\.\d+\.\d+$/);
    // Installed from the registry: built code, no TypeScript source.
    const installed = JSON.parse(readFileSync(join(folder, 'node_modules/@portico/react/package.json'), 'utf8')) as { exports: Record<string, { default: string }> };
    expect(installed.exports['.']!.default).toMatch(/^\.\/dist\/.+\.js$/);
    expect(existsSync(join(folder, 'node_modules/@portico/kernel/src'))).toBe(false);
    // Each @portico package came from the local registry, and the rest from the upstream one (the scope's registry only).
    const lock = JSON.parse(readFileSync(join(folder, 'package-lock.json'), 'utf8')) as { packages: Record<string, { resolved?: string }> };
    const resolved = Object.entries(lock.packages).filter(([path]) => path.includes('node_modules/'));
    const portico = resolved.filter(([path]) => /node_modules\/@portico\/[^/]+$/.test(path));
    expect(portico.length).toBeGreaterThanOrEqual(5);
    const fromLocal = ([, entry]: [string, { resolved?: string }]) => entry.resolved?.startsWith(registry!.url) === true;
    expect(portico.filter((row) => !fromLocal(row))).toEqual([]);
    expect(resolved.filter((row) => !row[0].includes('@portico/') && fromLocal(row))).toEqual([]);
  });

  for (const spec of HOSTS) {
    test(`${spec.name}, outside the workspace: the getting-started snippet connects the test wallet on anvil, signs, reconnects after a reload`, async ({ page }) => {
      const { url, folder } = hostNamed(spec.name);
      // The React it asked for is the one installed (18.3 for the peer range's lower end).
      const react = (JSON.parse(readFileSync(join(folder, 'node_modules/react/package.json'), 'utf8')) as { version: string }).version;
      expect(react).toBe(spec.dependencies({ '@portico/react': '0', '@portico/chain-eip155': '0' }).react);
      const evm = process.env.PORTICO_EVM!.split(',')[0]!;
      const problems: string[] = [];
      // (The hosts have no favicon: the browser's request for one is not the page's problem.)
      page.on('console', (message) => void (['error', 'warning'].includes(message.type()) && !message.location().url.endsWith('/favicon.ico') && problems.push(message.text())));
      page.on('pageerror', (error) => problems.push(error.message));
      await page.goto(`${url}/?evm=${encodeURIComponent(evm)}`);
      // Hydrated (Next.js) or started (Vite): the harness has put the instance on the page.
      await page.waitForFunction(() => 'portico' in window);
      await page.locator('button.portico-connect-button').click();
      await dialog(page).getByRole('button', { name: 'Registry Test Wallet', exact: true }).click();
      await expect(page.getByTestId('host-status')).toHaveText('connected', { timeout: 15_000 });
      const address = (await page.getByTestId('host-address').textContent()) as Hex;
      expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
      const message = `Hello from ${spec.name}, installed from a registry`;
      const signing = page.evaluate(
        ([from, text]) => (window as unknown as { portico: { adapter(ns: string): { getProvider(): { request(a: { method: string; params: unknown[] }): Promise<unknown> } } } }).portico.adapter('eip155').getProvider().request({ method: 'personal_sign', params: [text, from] }),
        [address, message] as const,
      );
      // A wallet without its own UI: Portico's approval view asks first.
      const approve = dialog(page).getByRole('button', { name: 'Approve' });
      if (await approve.isVisible({ timeout: 3_000 }).catch(() => false)) await approve.click();
      expect(await verifyMessage({ address, message, signature: (await signing) as Hex })).toBe(true);
      await page.reload();
      await expect(page.getByTestId('host-status')).toHaveText('connected', { timeout: 15_000 });
      await expect(page.getByTestId('host-address')).toHaveText(address);
      // No hydration mismatch, nothing thrown, nothing the page or the server complained of.
      expect(problems.filter((text) => !/Download the React DevTools/.test(text))).toEqual([]);
      expect(hostNamed(spec.name).log()).not.toMatch(/window is not defined|document is not defined|localStorage is not defined|⨯|Error:/);
    });
  }

  test("wagmi 3's hooks see the account Portico connected, and what they ask goes through Portico: sign, send, switch chain, a refused method, reload, disconnect and connect from wagmi; viem over useWalletProvider", async ({ page }) => {
    const { url, folder } = hostNamed('Vite + React 19 + wagmi 3');
    // One @wagmi/core in the host: npm deduplicated wagmi's and @portico/wagmi's peer.
    expect(existsSync(join(folder, 'node_modules/wagmi/node_modules/@wagmi/core'))).toBe(false);
    const [a, b] = process.env.PORTICO_EVM!.split(',');
    const problems: string[] = [];
    page.on('console', (message) => void (['error', 'warning'].includes(message.type()) && !message.location().url.endsWith('/favicon.ico') && problems.push(message.text())));
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`${url}/?evm=${encodeURIComponent(`${a},${b}`)}`);
    await page.waitForFunction(() => 'wagmiConfig' in window);
    await expect(page.getByTestId('wagmi-status')).toHaveText('disconnected');
    // Connected in Portico's own button: wagmi's useConnection has it.
    await page.locator('button.portico-connect-button').click();
    await dialog(page).getByRole('button', { name: 'Registry Test Wallet', exact: true }).click();
    await expect(page.getByTestId('host-status')).toHaveText('connected', { timeout: 15_000 });
    const address = (await page.getByTestId('host-address').textContent()) as Hex;
    await expect(page.getByTestId('wagmi-status')).toHaveText('connected');
    await expect(page.getByTestId('wagmi-address')).toHaveText(address);
    await expect(page.getByTestId('wagmi-chain')).toHaveText('31337');
    // useSignMessage: the test wallet signs; the signature is the account's.
    await page.getByRole('button', { name: 'Sign with wagmi' }).click();
    await expect(page.getByTestId('wagmi-signature')).toHaveText(/^0x[0-9a-f]{130}$/);
    expect(await verifyMessage({ address, message: 'Hello from wagmi', signature: (await page.getByTestId('wagmi-signature').textContent()) as Hex })).toBe(true);
    // useSendTransaction, and the receipt read through wagmi's transport.
    await page.getByRole('button', { name: 'Send with wagmi' }).click();
    await expect(page.getByTestId('wagmi-receipt')).toHaveText('success', { timeout: 15_000 });
    // useSwitchChain switches through Portico: the wallet, Portico's network and wagmi's chain.
    await page.getByRole('button', { name: 'Switch to Anvil B with wagmi' }).click();
    await expect(page.getByTestId('wagmi-chain')).toHaveText('31338');
    expect(await page.evaluate(() => (window as unknown as { portico: { kernel: { connection: { get(ns: string): { network?: string } } } } }).portico.kernel.connection.get('eip155').network)).toBe('eip155:31338');
    // The gate: a method Portico refuses (blind signing) is refused to wagmi's provider, and the modal says so.
    const refused = await page.evaluate(async (from) => {
      const config = (window as unknown as { wagmiConfig: { connectors: Array<{ getProvider(): Promise<{ request(a: { method: string; params: unknown[] }): Promise<unknown> }> }> } }).wagmiConfig;
      const provider = await config.connectors[0]!.getProvider();
      return provider.request({ method: 'eth_sign', params: [from, '0x68'] }).then(String, (error: Error) => error.message);
    }, address);
    expect(refused).toBe('Requested RPC call is not allowed');
    await expect(dialog(page).getByText('Action not allowed')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
    // viem over useWalletProvider (the README's example).
    await page.getByRole('button', { name: 'Sign with viem' }).click();
    await expect(page.getByTestId('viem-signature')).toHaveText(/^0x[0-9a-f]{130}$/);
    expect(await verifyMessage({ address, message: 'Hello from viem', signature: (await page.getByTestId('viem-signature').textContent()) as Hex })).toBe(true);
    // A reload: Portico restores the connection and wagmi reconnects to it.
    await page.reload();
    await expect(page.getByTestId('wagmi-status')).toHaveText('connected', { timeout: 15_000 });
    await expect(page.getByTestId('wagmi-address')).toHaveText(address);
    await expect(page.getByTestId('wagmi-chain')).toHaveText('31338');
    // Disconnected with wagmi: Portico too.
    await page.getByRole('button', { name: 'Disconnect with wagmi' }).click();
    await expect(page.getByTestId('host-status')).toHaveText('disconnected');
    await expect(page.getByTestId('wagmi-status')).toHaveText('disconnected');
    // Connected with wagmi's useConnect: Portico's modal asks which wallet.
    await page.getByRole('button', { name: 'Connect with wagmi' }).click();
    // Listed under Recent now (its button says so too).
    await dialog(page).getByRole('button', { name: /^Registry Test Wallet/ }).click();
    await expect(page.getByTestId('wagmi-status')).toHaveText('connected', { timeout: 15_000 });
    await expect(page.getByTestId('host-status')).toHaveText('connected');
    await expect(page.getByTestId('wagmi-error')).toHaveText('');
    expect(problems.filter((text) => !/Download the React DevTools/.test(text))).toEqual([]);
  });

  test('Next.js: the server renders the connect button (Portico imported on the server touches no window), and plain Node imports every entry', async () => {
    const { url, folder, log } = hostNamed('Next.js 16 (App Router, server rendering)');
    const html = await (await fetch(`${url}/`)).text();
    expect(html).toMatch(/<button[^>]*class="portico-connect-button"[^>]*>Connect Wallet<\/button>/);
    expect(log()).not.toMatch(/window is not defined|document is not defined|⨯/);
    // Node without a DOM: importing the libraries' entries must not touch one.
    const imported = spawnSync(process.execPath, ['--input-type=module', '-e', "for (const m of ['@portico/react', '@portico/chain-eip155', '@portico/kernel', '@portico/core', '@portico/ui']) await import(m); console.log('imported')"], { cwd: folder, encoding: 'utf8' });
    expect(`${imported.stdout}${imported.stderr}`.trim()).toBe('imported');
  });

  test('its first load is the in-repo minimal host\'s, within 0.25 KiB, and at most 100 KiB gzip', () => {
    const outside = kib(measureSizes(join(hostNamed('Vite + React 19').folder, 'dist')).initial.gzip);
    // Built beside the unit step under `npm test`, for the size budget.
    if (process.env.PORTICO_BENCH_HOST_BUILT !== '1') buildHost();
    const inRepo = kib(measureSizes().initial.gzip);
    // For the record (no budget: wagmi, viem and TanStack Query are the host's): the wagmi host's first load.
    const withWagmi = kib(measureSizes(join(hostNamed('Vite + React 19 + wagmi 3').folder, 'dist')).initial.gzip);
    console.log(`initial JS, gzip: the host from the registry ${outside.toFixed(2)} KiB; the in-repo bench host ${inRepo.toFixed(2)} KiB (its budget ${INITIAL_JS_BUDGET_KIB} KiB); the wagmi host ${withWagmi.toFixed(2)} KiB`);
    expect(outside).toBeLessThanOrEqual(100);
    expect(Math.abs(outside - inRepo)).toBeLessThanOrEqual(0.25);
  });
});
