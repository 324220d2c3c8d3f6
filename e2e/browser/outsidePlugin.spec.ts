import { cpSync, createReadStream, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { build } from 'vite';

/**
 * The playground loads a plugin from outside the repository by configuration
 * (`PORTICO_PLUGINS=<module>`): docs/plugins.md's Tron chain plugin, copied to a folder
 * outside the workspace with a module of its own that brings a Tron network and a wallet,
 * built into a playground of its own and driven in Chromium; in French, the names its own
 * catalogue gives (a module fetched only when French is in use).
 */
const PLAYGROUND = fileURLToPath(new URL('../../apps/playground/', import.meta.url));
const WALKTHROUGH = fileURLToPath(new URL('../spec/walkthrough/', import.meta.url));

const ENTRY = `import { createTronPlugin } from './tronPlugin';

const TRON = { caipNetworkId: 'tron:0x2b6653dc', name: 'Tron', nativeCurrency: { name: 'Tronix', symbol: 'TRX', decimals: 6 } };
const account = { address: 'TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW', publicKey: new Uint8Array(33), chains: [TRON.caipNetworkId], features: ['tron:signMessage'] };
const wallet = {
  version: '1.0.0',
  name: 'Tron Outside Wallet',
  icon: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg"/%3E',
  chains: [TRON.caipNetworkId],
  accounts: [],
  features: {
    'standard:connect': { version: '1.0.0', connect: async () => ({ accounts: [account] }) },
    'standard:events': { version: '1.0.0', on: () => () => undefined },
    'tron:signMessage': { version: '1.0.0', signMessage: async () => ({ signature: '0x00' }) },
  },
};
export default { plugins: [createTronPlugin({ wallets: { get: () => [wallet], on: () => () => undefined } })], networks: [TRON] };
`;

let folder: string;
let server: Server;
let url: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  folder = mkdtempSync(join(tmpdir(), 'portico-outside-'));
  mkdirSync(join(folder, 'locales'));
  for (const file of ['tronPlugin.ts', 'tronSessionWallet.ts', 'locales/tron.fr.ts']) cpSync(join(WALKTHROUGH, file), join(folder, file));
  writeFileSync(join(folder, 'entry.ts'), ENTRY);
  process.env['PORTICO_PLUGINS'] = join(folder, 'entry.ts');
  try {
    await build({ root: PLAYGROUND, configFile: join(PLAYGROUND, 'vite.config.ts'), logLevel: 'error', build: { outDir: join(folder, 'dist'), emptyOutDir: true } });
  } finally {
    delete process.env['PORTICO_PLUGINS'];
  }
  const root = join(folder, 'dist');
  const types: Record<string, string> = { '.js': 'text/javascript', '.html': 'text/html', '.css': 'text/css', '.svg': 'image/svg+xml' };
  server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    const file = join(root, path === '/' ? 'index.html' : path);
    if (!file.startsWith(root) || !existsSync(file)) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
});

test.afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  if (folder) rmSync(folder, { recursive: true, force: true });
});

test('a chain plugin from outside the repository, named in PORTICO_PLUGINS, loads, lists its wallet and connects', async ({ page }) => {
  await page.goto(url);
  await expect(page.locator('li', { has: page.locator('code', { hasText: /^chain-tron$/ }) })).toContainText('active');
  await page.locator('button.portico-connect-button').click();
  const modal = page.getByRole('dialog');
  await modal.getByRole('button', { name: 'Tron Outside Wallet', exact: true }).click();
  await expect(page.getByTestId('host-status')).toHaveText('connected');
  await expect(page.getByTestId('host-address')).toHaveText('TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW');
  // The network button names the outside plugin's network.
  await expect(page.getByRole('button', { name: 'Tron', exact: true })).toBeVisible();
});

test('in French, the modal names the outside plugin\'s network from its own catalogue, a module of its own fetched once French is in use', async ({ page }) => {
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  await page.goto(`${url}?locale=fr`);
  await expect(page.locator('li', { has: page.locator('code', { hasText: /^chain-tron$/ }) })).toContainText('active');
  await page.locator('button.portico-connect-button').click();
  const modal = page.getByRole('dialog');
  await modal.getByRole('button', { name: 'Tron Outside Wallet', exact: true }).click();
  await expect(page.getByTestId('host-address')).toHaveText('TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW');
  await page.getByRole('button', { name: 'Open networks' }).click();
  // The modal's own words are French, and so is the name the plugin's catalogue gives its network.
  await expect(modal.getByRole('heading', { level: 2 })).toHaveText('Choisir un réseau');
  await expect(modal.getByRole('button', { name: /^Tron \(réseau principal\)/ })).toBeVisible();
  expect(fetched.some((path) => /\/tron\.fr-[^/]*\.js$/.test(path))).toBe(true);
});

test('in English, the plugin\'s French is never fetched', async ({ page }) => {
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  await page.goto(url);
  await page.locator('button.portico-connect-button').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Tron Outside Wallet', exact: true }).click();
  await page.getByRole('button', { name: 'Open networks' }).click();
  await expect(page.getByRole('dialog').getByRole('button', { name: /^Tron/ }).first()).toBeVisible();
  expect(fetched.filter((path) => /\.fr-[^/]*\.js$/.test(path))).toEqual([]);
});
