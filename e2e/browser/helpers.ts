import { expect, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

/** Opens the playground with empty storage (no remembered connection) at `path`. */
export async function freshPage(page: Page, path = '/'): Promise<void> {
  // Storage is cleared from a static page of the same origin (no app on it), so the app is
  // loaded once, already without anything remembered.
  await page.goto('/privacy.html');
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.goto(withFrame(path));
  await expect(page.getByTestId('host-status')).toHaveText('disconnected');
}

export const dialog = (page: Page): Locator => page.getByRole('dialog');

/**
 * The playground as `npm start` serves it has the local wallet frame, so e-mail login is on the
 * Connect view: a path gets the suite's frame (`?frame=`) unless it names one itself.
 */
export function withFrame(path: string): string {
  const frame = process.env.PORTICO_FRAME;
  if (!frame || /[?&]frame=/.test(path)) return path;
  return `${path}${path.includes('?') ? '&' : '?'}frame=${encodeURIComponent(frame)}`;
}

/** Query parameters that put every local service in the playground: the three chain families, the relay and the wallet registry. */
export const allServicesQuery = (): string =>
  `evm=${encodeURIComponent(process.env.PORTICO_EVM!)}&sol=${encodeURIComponent(process.env.PORTICO_SOLANA!)}&btc=${encodeURIComponent(process.env.PORTICO_BITCOIN!)}` +
  `&relay=${encodeURIComponent(process.env.PORTICO_RELAY!)}&registry=${encodeURIComponent(process.env.PORTICO_REGISTRY!)}&indexer=${encodeURIComponent(process.env.PORTICO_INDEXER!)}&indexerKey=${encodeURIComponent(process.env.PORTICO_INDEXER_KEY!)}`;

/**
 * Another client of the same API key using every call its rate allows: a request to `url` every
 * 20 ms from the test (Node), so that the page's own calls find the key's rate taken (as a site
 * whose other visitors, or a script, use the key meanwhile). `stop()` ends it and waits for the last.
 */
export function saturate(url: string, headers: Record<string, string> = {}): { stop(): Promise<void> } {
  const inFlight = new Set<Promise<unknown>>();
  const timer = setInterval(() => {
    const call = fetch(url, { headers }).then((r) => r.arrayBuffer()).catch(() => undefined);
    inFlight.add(call);
    void call.finally(() => inFlight.delete(call));
  }, 20);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(inFlight);
    },
  };
}

/** The playground's onramp query: the site's onramp server and the providers' widgets (the stand-in). */
export const onrampQuery = (): string => `onramp=${encodeURIComponent(process.env.PORTICO_ONRAMP!)}&onrampWidgets=${encodeURIComponent(process.env.PORTICO_ONRAMP_WIDGETS!)}`;

/** A JSON-RPC call to the local Solana node the suite started (`PORTICO_SOLANA`); its `result`. */
export async function solanaRpc<T>(method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(process.env.PORTICO_SOLANA!, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  return ((await response.json()) as { result: T }).result;
}
/**
 * The sessions the reference sign-in server (`PORTICO_SIWX_SERVER`) keeps for an account, read
 * with the bearer token the page stored at sign-in. Also checks the server refuses the same
 * read without the token (401).
 */
export async function serverSessions<T = unknown>(page: Page, chainId: string, address: string): Promise<T[]> {
  const server = process.env.PORTICO_SIWX_SERVER!;
  const target = `${server}/sessions?chainId=${chainId}&address=${address}`;
  expect((await fetch(target)).status).toBe(401);
  const token = await page.evaluate((key) => localStorage.getItem(key), `portico.siwx.token:${server}|${chainId}|${address.toLowerCase()}`);
  expect(token, 'the page keeps the token the server gave at sign-in').toMatch(/^[A-Za-z0-9_-]{43}$/);
  const response = await fetch(target, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { sessions: T[] }).sessions;
}

type DemoPage = { porticoDemo: Record<'sendSol' | 'sendBtc', (portico: unknown, to: string, amount: number) => Promise<string>>; portico: unknown };

/**
 * Sends through the playground's demo helpers (`window.porticoDemo`), signed in the connected
 * wallet: `sendSol` (lamports) resolves with the signature, `sendBtc` (satoshis) with the txid.
 */
export function demoSend(page: Page, kind: 'sendSol' | 'sendBtc', to: string, amount: number): Promise<string> {
  return page.evaluate(([k, recipient, value]) => {
    const w = window as unknown as DemoPage;
    return w.porticoDemo[k](w.portico, recipient, value);
  }, [kind, to, amount] as const);
}

export const connectButton = (page: Page): Locator => page.locator('button.portico-connect-button');

/** Opens the modal from the host's Connect Wallet button and waits for the Connect view. */
export async function openConnect(page: Page): Promise<Locator> {
  await connectButton(page).click();
  const d = dialog(page);
  await expect(d).toBeVisible();
  await expect(d).toHaveAttribute('data-view', 'Connect');
  await expect(d.getByRole('button', { name: 'Demo Wallet', exact: true })).toBeVisible();
  return d;
}

/** Opens the Connect view even when something is connected (the account button opens Account). */
export async function openConnectView(page: Page): Promise<Locator> {
  await page.evaluate(() => void (window as unknown as { portico: { open(v: string): Promise<void> } }).portico.open('Connect'));
  const d = dialog(page);
  await expect(d).toHaveAttribute('data-view', 'Connect');
  return d;
}

/**
 * Connects a wallet by its name from the host's Connect Wallet button, and waits until the host
 * shows it connected (`statusTestId`: the active namespace's status, or one namespace's) and the
 * modal has closed.
 */
export async function connectWallet(page: Page, name = 'Portico Test Wallet', statusTestId = 'host-status'): Promise<void> {
  await page.locator('button.portico-connect-button').click();
  await dialog(page).getByRole('button', { name, exact: true }).click();
  await expect(page.getByTestId(statusTestId)).toHaveText('connected');
  await expect(dialog(page)).toBeHidden();
}

/** Connects the always-accepting demo wallet through the modal. */
export async function connectDemoWallet(page: Page): Promise<void> {
  const d = await openConnect(page);
  await d.getByRole('button', { name: 'Demo Wallet', exact: true }).click();
  await expect(page.getByTestId('host-status')).toHaveText('connected');
  await expect(d).toBeHidden();
}

/** Opens the Account view from the host's account button. */
export async function openAccount(page: Page): Promise<Locator> {
  await page.locator('button.portico-account-button').click();
  const d = dialog(page);
  await expect(d).toHaveAttribute('data-view', 'Account');
  await expect(d.getByTestId('account-balance')).not.toHaveText('…');
  return d;
}

/** Whether the deepest focused element (through shadow roots) is inside the dialog. */
export function focusInsideDialog(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    const d = document.querySelector('[data-portico-modal]')?.shadowRoot?.querySelector('[role="dialog"]');
    return !!d && !!active && d.contains(active);
  });
}

/** Text of the deepest focused element (through shadow roots). */
export function focusedText(page: Page): Promise<string> {
  return page.evaluate(() => {
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return (active?.getAttribute('aria-label') ?? active?.textContent ?? '').trim();
  });
}

/** Runs axe on the modal and fails, listing them, on serious or critical violations. */
export async function expectNoSeriousA11yViolations(page: Page, label: string): Promise<void> {
  await expectA11y(page, label, (impact) => impact === 'serious' || impact === 'critical');
}

/** axe on the modal: no violation of any impact (minor and moderate included). */
export async function expectNoA11yViolations(page: Page, label: string): Promise<void> {
  await expectA11y(page, label, () => true);
}

async function expectA11y(page: Page, label: string, counts: (impact: string | null | undefined) => boolean): Promise<void> {
  // Let entry animations and transitions finish so colour-contrast sees the final colours:
  // a frame for what the last render started, then each finite animation's end (a spinner
  // runs for ever and is left running).
  await page.evaluate(async () => {
    await new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame)));
    const roots = [...document.querySelectorAll('[data-portico-modal]')].map((host) => host.shadowRoot ?? host.getRootNode());
    const running = roots.flatMap((root) => ('getAnimations' in root ? (root as ShadowRoot).getAnimations() : []));
    await Promise.all(running.filter((a) => a.effect?.getComputedTiming().endTime !== Infinity).map((a) => a.finished.catch(() => undefined)));
  });
  const results = await new AxeBuilder({ page }).include('[data-portico-modal]').analyze();
  expect(results.passes.length, `${label}: axe checked nothing inside the modal`).toBeGreaterThan(0);
  const found = results.violations.filter((v) => counts(v.impact));
  const report = found
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')} — ${n.failureSummary ?? ''}`).join('\n')}`)
    .join('\n');
  expect(found, `${label}: axe found violations:\n${report}`).toEqual([]);
}
