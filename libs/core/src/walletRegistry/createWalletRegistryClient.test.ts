/**
 * The registry client against the real local registry (apps/wallet-registry), started as
 * its own process on 127.0.0.1 — the React layer may not import an app, so the server is
 * run through its CLI rather than imported.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCaipNetworkId } from '@portico/kernel/caip';
import { createHttpClient } from '@portico/kernel/http';
import { HttpError } from '@portico/kernel/errors';
import { createWalletRegistryClient, WALLET_REGISTRY_MAX_ENTRIES, type WalletRegistryClientOptions } from './createWalletRegistryClient';

const ROOT = join(import.meta.dirname, '..', '..', '..', '..');
const MAIN = join(ROOT, 'apps', 'wallet-registry', 'src', 'main.ts');
const HOSTILE_NAME = '<img src=x onerror=alert(1)>';
const BTC_MAINNET = 'bip122:000000000019d6689c085ae165831e93';

let registry: ChildProcess | undefined;
let baseUrl: string;

/** Starts the registry CLI on a free loopback port and resolves with its URL. */
function startRegistry(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, '--port', '0'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`wallet registry exited with ${code}: ${stderr}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /^wallet registry listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(line);
      if (match) resolve({ child, url: match[1]! });
    });
  });
}

beforeAll(async () => {
  const started = await startRegistry();
  registry = started.child;
  baseUrl = started.url;
}, 30_000);

afterAll(async () => {
  if (!registry || registry.exitCode !== null) return;
  const exited = new Promise((resolve) => registry!.once('exit', resolve));
  registry.kill('SIGTERM');
  await exited;
});

function makeClient(overrides: Partial<WalletRegistryClientOptions> = {}) {
  const reasons: string[] = [];
  const client = createWalletRegistryClient({ http: createHttpClient(), baseUrl, projectId: 'portico-test', onInvalid: (r) => reasons.push(r), ...overrides });
  return { client, reasons };
}

describe('createWalletRegistryClient against the local registry process', () => {
  it('lists the first page, normalised to camelCase RegistryWallets', async () => {
    const { client } = makeClient();
    const page = await client.list({ page: 1, entries: 40 });
    expect(page.count).toBeGreaterThanOrEqual(1000);
    expect(page.wallets).toHaveLength(40);
    const [first] = page.wallets;
    expect(first).toMatchObject({ name: 'MetaMask', rdns: 'io.metamask', order: 1 });
    expect(first!.id).toMatch(/^[0-9a-f]{64}$/);
    expect(first!.namespaces).toEqual(['eip155']);
    expect(first!.chains.every(isCaipNetworkId)).toBe(true);
    expect(first!.imageUrl).toBe(`${baseUrl}/getWalletImage/${first!.imageId}?projectId=portico-test&st=portico&sv=portico-kernel`);
    expect(Object.keys(first!.links).length).toBeGreaterThan(0);
    expect(first).not.toHaveProperty('image_id');
  });

  it('loads the image URL it hands out (as an <img> would: no headers)', async () => {
    const { client } = makeClient();
    const [wallet] = (await client.list({ page: 1, entries: 1 })).wallets;
    const url = client.imageUrl(wallet!);
    const response = await fetch(url!);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('image/svg+xml');
  });

  it('pages without overlap and passes search, chains, include and exclude through', async () => {
    const { client } = makeClient();
    const one = await client.list({ page: 1, entries: WALLET_REGISTRY_MAX_ENTRIES });
    const two = await client.list({ page: 2, entries: WALLET_REGISTRY_MAX_ENTRIES });
    expect(new Set([...one.wallets, ...two.wallets].map((w) => w.id)).size).toBe(200);

    const found = await client.list({ page: 1, entries: 10, search: '  TRUST wallet ' });
    expect(found.wallets.map((w) => w.name)).toEqual(['Trust Wallet']);
    expect(found.wallets[0]!.namespaces).toEqual(['bip122', 'eip155', 'solana']);

    const btc = await client.list({ page: 1, entries: 100, chains: [BTC_MAINNET] });
    expect(btc.count).toBeGreaterThan(0);
    expect(btc.count).toBeLessThan(one.count);
    expect(btc.wallets.every((w) => w.chains.includes(BTC_MAINNET) && w.namespaces.includes('bip122'))).toBe(true);

    const [a, b, c] = one.wallets;
    const included = await client.list({ page: 1, entries: 10, include: [a!.id, b!.id, c!.id], exclude: [b!.id] });
    expect(included.wallets.map((w) => w.id)).toEqual([a!.id, c!.id]);
    expect(included.count).toBe(2);
  });

  it('byIds returns wallets in the order asked, skipping unknown ids, across several pages', async () => {
    const { client } = makeClient();
    const everything = [...(await client.list({ page: 3, entries: 100 })).wallets, ...(await client.list({ page: 4, entries: 100 })).wallets];
    const wanted = [...everything.slice(0, 130).map((w) => w.id)].reverse();
    const result = await client.byIds([...wanted, 'f'.repeat(64), wanted[0]!]);
    expect(result.map((w) => w.id)).toEqual(wanted);
    expect(await client.byIds([])).toEqual([]);
  });

  it('keeps the hostile wallet’s name as text but drops its javascript: and data: links, and says so', async () => {
    const { client, reasons } = makeClient();
    const page = await client.list({ page: 1, entries: 5, search: 'onerror' });
    expect(page.wallets).toHaveLength(1);
    const [hostile] = page.wallets;
    expect(hostile!.name).toBe(HOSTILE_NAME);
    expect(hostile!.links.mobile).toBeUndefined();
    expect(hostile!.links.web).toBeUndefined();
    expect(reasons).toEqual([
      `wallet ${hostile!.id}: mobile_link ignored, it uses the javascript: scheme`,
      `wallet ${hostile!.id}: webapp_link ignored, it uses the data: scheme`,
    ]);
  });

  it('surfaces the server’s 400 and 401 as HttpError', async () => {
    const { client } = makeClient();
    const tooMany = client.list({ page: 1, entries: 101 });
    await expect(tooMany).rejects.toBeInstanceOf(HttpError);
    await expect(tooMany).rejects.toMatchObject({ status: 400 });
    const noPage = client.list({ page: 0, entries: 10 });
    await expect(noPage).rejects.toMatchObject({ status: 400, shortMessage: 'HTTP status code: 400' });
    // A client whose headers are dropped on the way (no project id reaches the server).
    const stripped = createWalletRegistryClient({
      http: createHttpClient({ fetch: (input, init) => fetch(input, { ...init, headers: {} }) }),
      baseUrl,
      projectId: 'portico-test',
    });
    await expect(stripped.list({ page: 1, entries: 1 })).rejects.toMatchObject({ status: 401 });
  });
});
