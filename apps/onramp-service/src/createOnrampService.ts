import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPublicClient, http, isAddress, numberToHex, parseUnits } from 'viem';

/** Options of `startOnrampService`. */
export interface OnrampServiceOptions {
  /** The local EVM node where a completed purchase credits the buyer (anvil: `anvil_setBalance`). */
  rpcUrl: string;
  /** The Meld public key the Meld stand-in accepts. */
  meldPublicKey?: string;
  port?: number;
  /** Origins allowed by CORS (quotes, session tokens); by default any http://127.0.0.1 or http://localhost origin. */
  allowedOrigins?: readonly string[];
}

/** A running service; `stop()` closes it. */
export interface OnrampService {
  url: string;
  /** Purchases completed: address and amount credited (in wei). */
  readonly completed: readonly { address: string; value: bigint; provider: string }[];
  stop(): Promise<void>;
}

/** Reference prices in US dollars, and what one unit of each fiat currency is worth in dollars. */
const PRICES_USD: Readonly<Record<string, number>> = { ETH: 3000, SOL: 150 };
const FIAT_USD: Readonly<Record<string, number>> = { USD: 1, EUR: 1.08, GBP: 1.27 };
/** Each provider's fee, within the spec's 1–2 % range. */
const FEES: Readonly<Record<string, number>> = { coinbase: 0.015, meld: 0.01 };

interface Order {
  provider: 'coinbase' | 'meld';
  address: string;
  asset: string;
  fiatAmount: string;
  fiatCurrency: string;
  redirectUrl: string | undefined;
}

/** What `amount` of `currency` buys of `asset` through `provider`, after its fee: `{ cryptoAmount, fee }` as decimal strings. */
export function referenceQuote(provider: string, amount: number, currency: string, asset: string): { cryptoAmount: string; fee: string } | undefined {
  const price = PRICES_USD[asset];
  const fiat = FIAT_USD[currency];
  const rate = FEES[provider];
  if (price === undefined || fiat === undefined || rate === undefined) return undefined;
  const fee = Math.round(amount * rate * 100) / 100;
  return { cryptoAmount: (((amount - fee) * fiat) / price).toFixed(6), fee: fee.toFixed(2) };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Starts the local onramp reference: `GET /quotes?amount&currency&asset&network&address`
 * (`{ quotes: [{ provider, cryptoAmount, fee }] }`), `POST /coinbase/token` (Coinbase's
 * session-token request and answer), and the widget stand-ins `GET /widget/coinbase` (Coinbase's
 * URL parameters, the token required) and `GET /widget/meld` (Meld's, the public key required):
 * an order page whose "Complete purchase" button credits the buyer on the local node.
 */
export async function startOnrampService(options: OnrampServiceOptions): Promise<OnrampService> {
  const client = createPublicClient({ transport: http(options.rpcUrl) });
  const tokens = new Map<string, { address: string; assets: string[] }>();
  const orders = new Map<string, Order>();
  const completed: { address: string; value: bigint; provider: string }[] = [];

  const corsOriginFor = (origin: string | undefined): string | undefined => {
    if (origin === undefined) return undefined;
    if (options.allowedOrigins) return options.allowedOrigins.includes(origin) ? origin : undefined;
    return /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/.test(origin) ? origin : undefined;
  };
  const json = (res: ServerResponse, status: number, body: unknown, origin: string | undefined) => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...(origin ? { 'access-control-allow-origin': origin } : {}), vary: 'Origin' });
    res.end(JSON.stringify(body));
  };
  const page = (res: ServerResponse, status: number, title: string, body: string) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'", 'cache-control': 'no-store' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>body{font:16px system-ui;margin:2rem;max-width:28rem}button{font:inherit;padding:.5rem 1rem}</style></head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`);
  };
  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      let text = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => {
        text += chunk;
        if (text.length > 10_000) {
          req.destroy();
          reject(new Error('body too large'));
        }
      });
      req.on('end', () => resolve(text));
      req.on('error', reject);
    });

  function orderPage(res: ServerResponse, order: Order) {
    // An amount the widget would refuse: a positive fiat amount with at most two decimals, up to 1,000,000.
    if (!/^\d{1,7}(\.\d{1,2})?$/.test(order.fiatAmount) || !(Number(order.fiatAmount) > 0) || Number(order.fiatAmount) > 1_000_000 || !(order.fiatCurrency in FIAT_USD)) {
      return page(res, 400, 'Invalid order', '<p>The amount must be a positive fiat amount (at most 1,000,000, two decimals) in USD, EUR or GBP.</p>');
    }
    const id = randomBytes(12).toString('hex');
    orders.set(id, order);
    const quote = referenceQuote(order.provider, Number(order.fiatAmount), order.fiatCurrency, order.asset);
    page(
      res,
      200,
      `${order.provider === 'coinbase' ? 'Coinbase' : 'Meld'} (local stand-in)`,
      `<p>Buy <strong data-testid="order-crypto">${escapeHtml(quote?.cryptoAmount ?? '?')} ${escapeHtml(order.asset)}</strong> for <strong>${escapeHtml(order.fiatAmount)} ${escapeHtml(order.fiatCurrency)}</strong></p>` +
        `<p>To <code data-testid="order-address">${escapeHtml(order.address)}</code></p>` +
        `<form method="post" action="/widget/complete"><input type="hidden" name="order" value="${id}"><button type="submit">Complete purchase</button></form>`,
    );
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const origin = corsOriginFor(req.headers.origin);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const api = url.pathname === '/quotes' || url.pathname === '/coinbase/token';
    if (api && req.headers.origin !== undefined && origin === undefined) return json(res, 403, { error: 'Origin not allowed' }, undefined);
    if (req.method === 'OPTIONS' && api) {
      res.writeHead(204, { ...(origin ? { 'access-control-allow-origin': origin } : {}), vary: 'Origin', 'access-control-allow-methods': 'GET, POST, OPTIONS', 'access-control-allow-headers': 'content-type, accept', 'access-control-max-age': '600' });
      return void res.end();
    }
    const q = url.searchParams;
    if (req.method === 'GET' && url.pathname === '/quotes') {
      const amount = Number(q.get('amount'));
      const currency = q.get('currency') ?? '';
      const asset = q.get('asset') ?? '';
      if (!(amount > 0) || !(currency in FIAT_USD) || !(asset in PRICES_USD)) return json(res, 400, { error: 'amount, currency (USD, EUR, GBP) and asset (ETH, SOL) are required' }, origin);
      return json(res, 200, { quotes: Object.keys(FEES).map((provider) => ({ provider, ...referenceQuote(provider, amount, currency, asset)! })) }, origin);
    }
    if (req.method === 'POST' && url.pathname === '/coinbase/token') {
      let body: { addresses?: { address?: unknown; blockchains?: unknown }[]; assets?: unknown } | undefined;
      try {
        body = JSON.parse(await readBody(req)) as typeof body;
      } catch {
        body = undefined;
      }
      const address = body?.addresses?.[0]?.address;
      if (typeof address !== 'string' || !Array.isArray(body?.assets) || !body.assets.every((a) => typeof a === 'string')) return json(res, 400, { code: 'INVALID_ARGUMENT', message: 'addresses[0].address and assets are required' }, origin);
      const token = randomBytes(24).toString('base64url');
      tokens.set(token, { address, assets: body.assets as string[] });
      return json(res, 200, { token, channel_id: '' }, origin);
    }
    if (req.method === 'GET' && url.pathname === '/widget/coinbase') {
      const session = tokens.get(q.get('sessionToken') ?? '');
      if (!session) return page(res, 401, 'Coinbase (local stand-in)', '<p>Invalid or expired session token.</p>');
      const asset = q.get('defaultAsset') ?? session.assets[0] ?? '';
      if (!session.assets.includes(asset)) return page(res, 400, 'Coinbase (local stand-in)', '<p>The asset is not in the session.</p>');
      return orderPage(res, { provider: 'coinbase', address: session.address, asset, fiatAmount: q.get('presetFiatAmount') ?? '0', fiatCurrency: q.get('fiatCurrency') ?? 'USD', redirectUrl: q.get('redirectUrl') ?? undefined });
    }
    if (req.method === 'GET' && url.pathname === '/widget/meld') {
      if (!options.meldPublicKey || q.get('publicKey') !== options.meldPublicKey) return page(res, 401, 'Meld (local stand-in)', '<p>Invalid public key.</p>');
      return orderPage(res, { provider: 'meld', address: q.get('walletAddress') ?? '', asset: q.get('destinationCurrencyCode') ?? '', fiatAmount: q.get('sourceAmount') ?? '0', fiatCurrency: q.get('sourceCurrencyCode') ?? 'USD', redirectUrl: q.get('redirectUrl') ?? undefined });
    }
    if (req.method === 'POST' && url.pathname === '/widget/complete') {
      const id = new URLSearchParams(await readBody(req)).get('order') ?? '';
      const order = orders.get(id);
      if (!order) return page(res, 404, 'Order not found', '<p>This order does not exist or was completed already.</p>');
      orders.delete(id);
      const quote = referenceQuote(order.provider, Number(order.fiatAmount), order.fiatCurrency, order.asset);
      if (!quote || order.asset !== 'ETH' || !isAddress(order.address, { strict: false })) return page(res, 400, 'Not delivered', '<p>The local stand-in delivers ETH to EVM addresses only.</p>');
      const value = parseUnits(quote.cryptoAmount, 18);
      const balance = await client.getBalance({ address: order.address });
      await client.request({ method: 'anvil_setBalance' as 'eth_chainId', params: [order.address, numberToHex(balance + value)] as never });
      completed.push({ address: order.address, value, provider: order.provider });
      const back = order.redirectUrl && /^https?:\/\//.test(order.redirectUrl) ? `<p><a href="${escapeHtml(order.redirectUrl)}">Back to the site</a></p>` : '';
      return page(res, 200, 'Purchase complete', `<p data-testid="order-complete">${escapeHtml(quote.cryptoAmount)} ETH are on their way to ${escapeHtml(order.address)}.</p>${back}`);
    }
    return json(res, 404, { error: 'Not found' }, origin);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => json(res, 500, { error: error instanceof Error ? error.message : String(error) }, undefined));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, completed, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
