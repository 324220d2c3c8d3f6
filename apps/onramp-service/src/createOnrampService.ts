import { randomBytes, randomUUID } from 'node:crypto';
import { importSPKI, jwtVerify, type CryptoKey } from 'jose';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { isIP, type AddressInfo } from 'node:net';
import { createPublicClient, http, isAddress, numberToHex, parseUnits } from 'viem';

/** Options of `startOnrampService`. */
export interface OnrampServiceOptions {
  /** The local EVM node where a completed purchase credits the buyer (anvil: `anvil_setBalance`). */
  rpcUrl: string;
  /**
   * Coinbase Developer Platform: the secret API key that signs the host's requests (its name, the
   * JWT's `kid` and `sub`, and its public key, SPKI PEM). Without it Coinbase's API answers 401.
   */
  coinbase?: { keyName: string; publicKey: string };
  /** Meld: the host's API key (server calls, `Authorization: BASIC <key>`) and public key (the widget). */
  meld?: { apiKey: string; publicKey: string };
  port?: number;
  /** How long a Coinbase session token lives; Coinbase's: 5 minutes. */
  sessionTokenTtlMs?: number;
  /** The clock tokens expire by (tests move it); `Date.now` by default. */
  now?: () => number;
}

/** A running service; `stop()` closes it. */
export interface OnrampService {
  url: string;
  /** Purchases completed: address and amount credited (in wei). */
  readonly completed: readonly { address: string; value: bigint; provider: string }[];
  stop(): Promise<void>;
}

/** Reference prices in US dollars, and what one unit of each fiat currency is worth in dollars. */
const PRICES_USD: Readonly<Record<string, number>> = { ETH: 3000, SOL: 150, POL: 0.25, AVAX: 30, BNB: 600, BTC: 90000 };
const FIAT_USD: Readonly<Record<string, number>> = { USD: 1, EUR: 1.08, GBP: 1.27 };
/** Each provider's fee, within the spec's 1–2 % range (Meld's: its best service provider's). */
const FEES: Readonly<Record<string, number>> = { coinbase: 0.015, meld: 0.01 };
/** Coinbase's network fee, part of its total fee. */
const COINBASE_NETWORK_FEE = 0.005;
/** The service providers behind Meld here, and their fees: Meld quotes each. */
const MELD_PROVIDERS: Readonly<Record<string, number>> = { TRANSAK: 0.01, MOONPAY: 0.014 };
/** The networks Coinbase's API names (`purchase_network`, `blockchains`). */
const COINBASE_NETWORKS = ['ethereum', 'base', 'optimism', 'arbitrum', 'polygon', 'avalanche-c-chain', 'solana', 'bitcoin'];

/**
 * Meld's crypto currency codes as its API lists them (`GET /service-providers/properties/crypto-currencies`):
 * the chain's own coin by its ticker, a coin on another chain as `TICKER_CHAIN`. A code not here
 * gets no quote, as at Meld.
 */
export const MELD_CRYPTO_CURRENCIES: readonly { currencyCode: string; name: string; chainCode: string; chainName: string; chainId: string; contractAddress: null }[] = [
  { currencyCode: 'ETH', name: 'Ethereum', chainCode: 'ETH', chainName: 'Ethereum', chainId: '1', contractAddress: null },
  { currencyCode: 'ETH_BASE', name: 'Ethereum (Base)', chainCode: 'BASE', chainName: 'Base', chainId: '8453', contractAddress: null },
  { currencyCode: 'ETH_OPTIMISM', name: 'Ethereum (Optimism)', chainCode: 'OPTIMISM', chainName: 'Optimism', chainId: '10', contractAddress: null },
  { currencyCode: 'ETH_ARBITRUM', name: 'Ethereum (Arbitrum)', chainCode: 'ARBITRUM', chainName: 'Arbitrum', chainId: '42161', contractAddress: null },
  { currencyCode: 'POL', name: 'Polygon', chainCode: 'POLYGON', chainName: 'Polygon', chainId: '137', contractAddress: null },
  { currencyCode: 'AVAX', name: 'Avalanche', chainCode: 'AVAXC', chainName: 'Avalanche C-Chain', chainId: '43114', contractAddress: null },
  { currencyCode: 'BNB', name: 'BNB', chainCode: 'BSC', chainName: 'BNB Smart Chain', chainId: '56', contractAddress: null },
  { currencyCode: 'SOL', name: 'Solana', chainCode: 'SOL', chainName: 'Solana', chainId: '101', contractAddress: null },
  { currencyCode: 'BTC', name: 'Bitcoin', chainCode: 'BTC', chainName: 'Bitcoin', chainId: 'bip122:000000000019d6689c085ae165831e93', contractAddress: null },
];

interface Order {
  provider: 'coinbase' | 'meld';
  address: string;
  asset: string;
  fiatAmount: string;
  fiatCurrency: string;
  redirectUrl: string | undefined;
}

/** What `amount` of `currency` buys of `asset` through `provider` (or a fee rate), after its fee: `{ cryptoAmount, fee }` as decimal strings. */
export function referenceQuote(provider: string, amount: number, currency: string, asset: string): { cryptoAmount: string; fee: string } | undefined {
  const price = PRICES_USD[asset];
  const fiat = FIAT_USD[currency];
  const rate = FEES[provider] ?? MELD_PROVIDERS[provider];
  if (price === undefined || fiat === undefined || rate === undefined) return undefined;
  const fee = Math.round(amount * rate * 100) / 100;
  return { cryptoAmount: (((amount - fee) * fiat) / price).toFixed(6), fee: fee.toFixed(2) };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** The asset a Meld code buys: its ticker. */
const meldAsset = (code: string) => code.split('_')[0]!;
/** The browser's address as the server sees it (IPv4 without its IPv6 mapping). */
const clientIpOf = (req: IncomingMessage) => (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');

/** google.rpc.Status, the shape of Coinbase Onramp's v1 errors, with its gRPC code for each HTTP status. */
const GRPC: Record<number, number> = { 400: 3, 401: 16, 403: 7, 404: 5, 429: 8 };

/**
 * Starts the local stand-in for both onramp providers, each at its real paths and in its real
 * shapes (see tools/contracts/coinbase-onramp and tools/contracts/meld). No CORS: both APIs are
 * called by the host's server with its secret key, never by a browser.
 *
 * - Coinbase Onramp (`api.developer.coinbase.com`): `POST /onramp/v1/token` and
 *   `POST /onramp/v1/buy/quote`, each with a CDP JWT (`Authorization: Bearer`, ES256, `iss`
 *   "cdp", `sub` and `kid` the key's name, at most 120 s, `uris` naming that request). A
 *   session token lives 5 minutes, opens the widget once, and only for the `clientIp` it was
 *   made for. The widget (`pay.coinbase.com`): `GET /buy/select-asset?sessionToken=…`.
 * - Meld (`api.meld.io`): `POST /payments/crypto/quote` (`Authorization: BASIC <key>`), one
 *   quote per service provider; `GET /service-providers/properties/crypto-currencies`, the
 *   codes it knows (anything else: no quote). The widget (`meldcrypto.com`):
 *   `GET /widget/meld?publicKey=…`.
 *
 * Either widget's "Complete purchase" credits the buyer on the local node.
 */
export async function startOnrampService(options: OnrampServiceOptions): Promise<OnrampService> {
  const client = createPublicClient({ transport: http(options.rpcUrl) });
  const tokens = new Map<string, { address: string; assets: string[]; clientIp: string; expiresAt: number }>();
  const orders = new Map<string, Order>();
  const completed: { address: string; value: bigint; provider: string }[] = [];
  const tokenTtlMs = options.sessionTokenTtlMs ?? 5 * 60_000;
  const now = options.now ?? Date.now;
  const cdpKey: CryptoKey | undefined = options.coinbase ? await importSPKI(options.coinbase.publicKey, 'ES256') : undefined;
  const meldPublicKey = options.meld?.publicKey;

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body));
  };
  const coinbaseError = (res: ServerResponse, status: number, message: string) => json(res, status, { code: GRPC[status] ?? 13, message, details: [] });
  const meldError = (res: ServerResponse, status: number, code: string, message: string, errors: string[] = []) => json(res, status, { code, message, errors, requestId: randomBytes(16).toString('hex'), timestamp: new Date().toISOString() });
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
  const readJson = async (req: IncomingMessage): Promise<Record<string, unknown> | undefined> => {
    try {
      const value = JSON.parse(await readBody(req)) as unknown;
      return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
    } catch {
      return undefined;
    }
  };

  /** Why Coinbase would refuse the request's CDP JWT, or undefined. */
  async function cdpRefusal(req: IncomingMessage, path: string): Promise<string | undefined> {
    if (!cdpKey || !options.coinbase) return 'This stand-in has no CDP API key registered';
    const token = /^Bearer ([\w-]+\.[\w-]+\.[\w-]+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!token) return 'Missing bearer token';
    try {
      const { payload, protectedHeader } = await jwtVerify(token, cdpKey, { algorithms: ['ES256'], issuer: 'cdp', subject: options.coinbase.keyName, requiredClaims: ['nbf', 'exp'] });
      if (protectedHeader.kid !== options.coinbase.keyName) return 'kid is not the key name';
      if (payload.exp! - payload.nbf! > 120) return 'The JWT lives longer than 120 seconds';
      const uris = Array.isArray(payload.uris) ? payload.uris : typeof payload.uri === 'string' ? [payload.uri] : [];
      if (!uris.includes(`${req.method} ${req.headers.host}${path}`)) return `The JWT is not for ${req.method} ${req.headers.host}${path}`;
    } catch (error) {
      return (error as Error).message;
    }
    return undefined;
  }

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

  async function coinbaseToken(req: IncomingMessage, res: ServerResponse) {
    const refused = await cdpRefusal(req, '/onramp/v1/token');
    if (refused) return coinbaseError(res, 401, `Unauthenticated: ${refused}`);
    const body = await readJson(req);
    const addresses = body?.addresses;
    if (!Array.isArray(addresses) || addresses.length === 0) return coinbaseError(res, 400, 'addresses is required');
    for (const entry of addresses as { address?: unknown; blockchains?: unknown }[]) {
      if (typeof entry?.address !== 'string' || !entry.address) return coinbaseError(res, 400, 'addresses[].address is required');
      if (!Array.isArray(entry.blockchains) || entry.blockchains.length === 0 || !entry.blockchains.every((b) => COINBASE_NETWORKS.includes(b as string))) return coinbaseError(res, 400, `addresses[].blockchains must name networks: ${COINBASE_NETWORKS.join(', ')}`);
    }
    const assets = body?.assets ?? [];
    if (!Array.isArray(assets) || !assets.every((a) => typeof a === 'string')) return coinbaseError(res, 400, 'assets must be a list of asset tickers');
    const clientIp = body?.clientIp;
    if (typeof clientIp !== 'string' || !isIP(clientIp)) return coinbaseError(res, 400, 'clientIp must be the end user’s IP address');
    const token = randomBytes(24).toString('base64url');
    tokens.set(token, { address: (addresses[0] as { address: string }).address, assets: assets as string[], clientIp, expiresAt: now() + tokenTtlMs });
    return json(res, 200, { token, channelId: '' });
  }

  async function coinbaseQuote(req: IncomingMessage, res: ServerResponse) {
    const refused = await cdpRefusal(req, '/onramp/v1/buy/quote');
    if (refused) return coinbaseError(res, 401, `Unauthenticated: ${refused}`);
    const body = await readJson(req);
    const missing = ['purchase_currency', 'payment_amount', 'payment_currency', 'payment_method', 'country'].filter((key) => typeof body?.[key] !== 'string' || body[key] === '');
    if (missing.length) return coinbaseError(res, 400, `Missing required fields: ${missing.join(', ')}`);
    const b = body as { purchase_currency: string; payment_amount: string; payment_currency: string; payment_method: string; country: string; subdivision?: string; purchase_network?: string };
    if (b.country === 'US' && !b.subdivision) return coinbaseError(res, 400, 'subdivision is required for the US');
    if (b.purchase_network !== undefined && !COINBASE_NETWORKS.includes(b.purchase_network)) return coinbaseError(res, 400, `Unsupported purchase_network ${b.purchase_network}`);
    if (!/^\d{1,7}(\.\d{1,2})?$/.test(b.payment_amount) || !(Number(b.payment_amount) > 0)) return coinbaseError(res, 400, 'payment_amount must be a positive amount with at most 2 decimals');
    const quote = referenceQuote('coinbase', Number(b.payment_amount), b.payment_currency, b.purchase_currency);
    if (!quote) return coinbaseError(res, 400, `Unsupported purchase_currency or payment_currency: ${b.purchase_currency}, ${b.payment_currency}`);
    const amount = Number(b.payment_amount);
    const networkFee = Math.round(amount * COINBASE_NETWORK_FEE * 100) / 100;
    const money = (value: number) => ({ value: value.toFixed(2), currency: b.payment_currency });
    return json(res, 200, {
      payment_total: money(amount),
      payment_subtotal: money(amount - Number(quote.fee)),
      purchase_amount: { value: quote.cryptoAmount, currency: b.purchase_currency },
      coinbase_fee: money(Number(quote.fee) - networkFee),
      network_fee: money(networkFee),
      quote_id: randomUUID(),
    });
  }

  async function meldQuote(req: IncomingMessage, res: ServerResponse) {
    if (!options.meld || req.headers.authorization !== `BASIC ${options.meld.apiKey}`) return meldError(res, 401, 'UNAUTHORIZED', 'Invalid credentials');
    const body = await readJson(req);
    const errors = [
      ...(typeof body?.countryCode === 'string' && /^[A-Z]{2}$/.test(body.countryCode) ? [] : ['[countryCode] must be an ISO 3166-1 alpha-2 code']),
      ...(typeof body?.sourceCurrencyCode === 'string' && body.sourceCurrencyCode ? [] : ['[sourceCurrencyCode] must not be blank']),
      ...(typeof body?.sourceAmount === 'number' && body.sourceAmount > 0 ? [] : ['[sourceAmount] must be a positive number']),
      ...(typeof body?.destinationCurrencyCode === 'string' && body.destinationCurrencyCode ? [] : ['[destinationCurrencyCode] must not be blank']),
    ];
    if (errors.length) return meldError(res, 400, 'BAD_REQUEST', 'Bad request', errors);
    const b = body as { countryCode: string; sourceCurrencyCode: string; sourceAmount: number; destinationCurrencyCode: string; paymentMethodType?: string };
    const known = MELD_CRYPTO_CURRENCIES.some((c) => c.currencyCode === b.destinationCurrencyCode);
    const quotes = known
      ? Object.keys(MELD_PROVIDERS).flatMap((provider) => {
          const quote = referenceQuote(provider, b.sourceAmount, b.sourceCurrencyCode, meldAsset(b.destinationCurrencyCode));
          if (!quote) return [];
          const fee = Number(quote.fee);
          return [
            {
              transactionType: 'CRYPTO_PURCHASE',
              sourceAmount: b.sourceAmount,
              sourceAmountWithoutFees: Math.round((b.sourceAmount - fee) * 100) / 100,
              fiatAmountWithoutFees: Math.round((b.sourceAmount - fee) * 100) / 100,
              destinationAmountWithoutFees: null,
              sourceCurrencyCode: b.sourceCurrencyCode,
              countryCode: b.countryCode,
              totalFee: fee,
              networkFee: null,
              transactionFee: fee,
              partnerFee: null,
              destinationAmount: Number(quote.cryptoAmount),
              destinationCurrencyCode: b.destinationCurrencyCode,
              exchangeRate: Math.round((b.sourceAmount - fee) / Number(quote.cryptoAmount)),
              paymentMethodType: b.paymentMethodType ?? 'CARD',
              customerScore: provider === 'TRANSAK' ? 20 : 12,
              serviceProvider: provider,
              institutionName: null,
              lowKyc: true,
            },
          ];
        })
      : [];
    if (quotes.length === 0) return meldError(res, 400, 'NO_VALID_QUOTES', `No valid quotes for ${b.sourceCurrencyCode} to ${b.destinationCurrencyCode}`, [`[destinationCurrencyCode] ${b.destinationCurrencyCode} has no quote`]);
    return json(res, 200, { quotes, message: null, error: null, timestamp: null });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const q = url.searchParams;
    if (req.method === 'POST' && url.pathname === '/onramp/v1/token') return coinbaseToken(req, res);
    if (req.method === 'POST' && url.pathname === '/onramp/v1/buy/quote') return coinbaseQuote(req, res);
    if (req.method === 'POST' && url.pathname === '/payments/crypto/quote') return meldQuote(req, res);
    if (req.method === 'GET' && url.pathname === '/service-providers/properties/crypto-currencies') {
      if (!options.meld || req.headers.authorization !== `BASIC ${options.meld.apiKey}`) return meldError(res, 401, 'UNAUTHORIZED', 'Invalid credentials');
      return json(res, 200, MELD_CRYPTO_CURRENCIES);
    }
    if (req.method === 'GET' && url.pathname === '/buy/select-asset') {
      const token = q.get('sessionToken') ?? '';
      const session = tokens.get(token);
      if (!session || session.expiresAt <= now()) return page(res, 401, 'Coinbase (local stand-in)', '<p>Invalid or expired session token.</p>');
      // Once, and only for the browser it was made for.
      tokens.delete(token);
      if (session.clientIp !== clientIpOf(req)) return page(res, 403, 'Coinbase (local stand-in)', '<p>This session token was made for another client.</p>');
      const asset = q.get('defaultAsset') ?? session.assets[0] ?? '';
      if (session.assets.length && !session.assets.includes(asset)) return page(res, 400, 'Coinbase (local stand-in)', '<p>The asset is not in the session.</p>');
      return orderPage(res, { provider: 'coinbase', address: session.address, asset, fiatAmount: q.get('presetFiatAmount') ?? '0', fiatCurrency: q.get('fiatCurrency') ?? 'USD', redirectUrl: q.get('redirectUrl') ?? undefined });
    }
    if (req.method === 'GET' && url.pathname === '/widget/meld') {
      if (!meldPublicKey || q.get('publicKey') !== meldPublicKey) return page(res, 401, 'Meld (local stand-in)', '<p>Invalid public key.</p>');
      const code = q.get('destinationCurrencyCode') ?? '';
      if (!MELD_CRYPTO_CURRENCIES.some((c) => c.currencyCode === code)) return page(res, 400, 'Meld (local stand-in)', `<p>${escapeHtml(code)} is not a currency Meld offers.</p>`);
      return orderPage(res, { provider: 'meld', address: q.get('walletAddress') ?? '', asset: meldAsset(code), fiatAmount: q.get('sourceAmount') ?? '0', fiatCurrency: q.get('sourceCurrencyCode') ?? 'USD', redirectUrl: q.get('redirectUrl') ?? undefined });
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
    return json(res, 404, { code: 5, message: 'Not found', details: [] });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => json(res, 500, { code: 13, message: error instanceof Error ? error.message : String(error), details: [] }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, completed, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
