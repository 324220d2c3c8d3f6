import { clientAddress, clientKey } from '@portico/service-kit';
import { createPrivateKey } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { isIP, type AddressInfo } from 'node:net';
import { z } from 'zod';
import { cdpJwt, fromCoinbaseQuote, fromMeldQuotes, OnrampProviderError, providerErrorMessage, type PorticoQuote } from './adapters';

/** Options of `startOnrampServer`. */
export interface OnrampServerOptions {
  /** Coinbase Onramp: the site's CDP secret API key (its name and its EC private key, PEM); `apiUrl` `https://api.developer.coinbase.com` by default. */
  coinbase?: { apiUrl?: string; keyName: string; privateKey: string };
  /** Meld: the site's API key (`Authorization: BASIC <key>`), `apiUrl` `https://api.meld.io` by default, `version` the `Meld-Version` it reads (2023-12-19). */
  meld?: { apiUrl?: string; apiKey: string; version?: string };
  /** The site's origins: CORS answers these only; a browser request from another origin is refused. */
  allowedOrigins: readonly string[];
  /** Where the visitors are (ISO 3166-1 alpha-2; both providers quote per country): `US` by default. */
  country?: string;
  /** The US state (ISO 3166-2 without the country, `NY`): Coinbase requires it for the US. `NY` by default there. */
  subdivision?: string;
  /**
   * The reverse proxies in front of this server (their IP addresses): a request from one of them is
   * the visitor's named by `X-Forwarded-For`, read from the right past every trusted hop. Coinbase
   * binds a session token to that address, so behind a proxy this must be set.
   */
  trustedProxies?: readonly string[];
  /** Requests one client (IP) may make a minute; past it 429 with `Retry-After`. 60 by default. */
  perClientPerMinute?: number;
  /** Requests being answered at once, all clients; past it 503. 32 by default. */
  maxInFlight?: number;
  /** How long a provider may take to answer (ms); 10 000 by default. */
  upstreamTimeoutMs?: number;
  /** Port on 127.0.0.1; a free one by default. */
  port?: number;
}

/** A running server; `stop()` closes it. */
export interface OnrampServer {
  /** Base URL: the plugin's `quoteUrl` is `${url}/quotes`, Coinbase's `sessionTokenUrl` `${url}/coinbase/token`. */
  url: string;
  stop(): Promise<void>;
}

const https = (value: string, name: string) => {
  const url = new URL(value);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname))) throw new Error(`startOnrampServer: ${name} must be an https URL (http only on loopback)`);
  return value.replace(/\/+$/, '');
};
const name = z.string().regex(/^[-_A-Za-z0-9]{1,40}$/);
const quoteQuery = z.object({
  amount: z.string().regex(/^\d{1,7}(\.\d{1,2})?$/, 'amount: a positive fiat amount, two decimals at most'),
  currency: z.string().regex(/^[A-Z]{3}$/, 'currency: an ISO 4217 code'),
  address: z.string().min(1).max(128),
  coinbaseAsset: z.optional(name),
  coinbaseNetwork: z.optional(name),
  meldCode: z.optional(name),
});
const TOO_LARGE = Symbol('too large');

/** The CDP secret API key: an ECDSA P-256 key (PEM), which signs ES256. */
function cdpKey(pem: string) {
  let key;
  try {
    key = createPrivateKey(pem);
  } catch {
    throw new Error('startOnrampServer: coinbase.privateKey must be the CDP secret API key as PEM (an ECDSA key; create one with the ECDSA signature algorithm in the CDP portal)');
  }
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    throw new Error(`startOnrampServer: coinbase.privateKey is ${key.asymmetricKeyType === 'ec' ? `an EC key on ${key.asymmetricKeyDetails?.namedCurve}` : `an ${String(key.asymmetricKeyType)} key`}; Coinbase's ECDSA keys are P-256 (ES256), and Ed25519 keys are not supported here`);
  }
  return key;
}

const tokenBody = z.object({
  addresses: z.array(z.object({ address: z.string().min(1).max(128), blockchains: z.array(name).min(1).max(10) })).min(1).max(10),
  assets: z.optional(z.array(name).max(20)),
});

/**
 * Starts the onramp server a host runs beside its site (both providers' APIs take secret keys, so
 * a browser never calls them; Coinbase's session tokens are also bound to the visitor's IP):
 *
 * - `GET /quotes?amount&currency&asset&network&address&coinbaseAsset&coinbaseNetwork&meldCode`
 *   (what the Onramp plugin sends): Coinbase's buy quote and Meld's quotes asked side by side, each
 *   turned into Portico's `{ provider, cryptoAmount, fee }` (`fromCoinbaseQuote`,
 *   `fromMeldQuotes`). Answers `{ quotes, errors? }`: a provider that failed is left out and named
 *   in `errors`; 502 when none answered.
 * - `POST /coinbase/token` `{ addresses, assets }` → `{ token }`: Coinbase's session token, made
 *   with the CDP key for the visitor's IP (`clientIp`).
 */
export async function startOnrampServer(options: OnrampServerOptions): Promise<OnrampServer> {
  if (!options.coinbase && !options.meld) throw new Error('startOnrampServer: configure coinbase, meld or both');
  for (const origin of options.allowedOrigins) if (!URL.canParse(origin) || new URL(origin).origin !== origin) throw new Error(`startOnrampServer: "${origin}" is not an origin (scheme://host[:port])`);
  const country = options.country ?? 'US';
  if (!/^[A-Z]{2}$/.test(country)) throw new Error('startOnrampServer: country must be an ISO 3166-1 alpha-2 code such as "US"');
  const subdivision = options.subdivision ?? (country === 'US' ? 'NY' : undefined);
  const coinbase = options.coinbase ? { apiUrl: https(options.coinbase.apiUrl ?? 'https://api.developer.coinbase.com', 'coinbase.apiUrl'), keyName: options.coinbase.keyName, privateKey: cdpKey(options.coinbase.privateKey) } : undefined;
  const meld = options.meld ? { apiUrl: https(options.meld.apiUrl ?? 'https://api.meld.io', 'meld.apiUrl'), apiKey: options.meld.apiKey, version: options.meld.version ?? '2023-12-19' } : undefined;
  const timeoutMs = options.upstreamTimeoutMs ?? 10_000;
  const allowed = new Set(options.allowedOrigins);
  const trusted = new Set(options.trustedProxies ?? []);
  for (const proxy of trusted) if (!isIP(proxy)) throw new Error(`startOnrampServer: trustedProxies: "${proxy}" is not an IP address`);
  const perMinute = options.perClientPerMinute ?? 60;
  const maxInFlight = options.maxInFlight ?? 32;
  /** Each client's requests in the current minute (a fixed window per client). */
  const recent = new Map<string, { start: number; count: number }>();
  let inFlight = 0;

  const send = (res: ServerResponse, origin: string | undefined, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', vary: 'Origin', ...(origin ? { 'access-control-allow-origin': origin } : {}) });
    res.end(JSON.stringify(body));
  };
  /** The visitor's address: the socket's, or behind trusted proxies the one they name. */
  const clientIp = (req: IncomingMessage) => clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'] as string | undefined, trusted) ?? '';
  const readJson = (req: IncomingMessage) =>
    new Promise<unknown>((resolve) => {
      let text = '';
      req.setEncoding('utf8');
      let tooLarge = false;
      req.on('data', (chunk: string) => {
        if (tooLarge) return;
        text += chunk;
        if (text.length > 20_000) tooLarge = true;
      });
      req.on('end', () => {
        if (tooLarge) return resolve(TOO_LARGE);
        try {
          resolve(JSON.parse(text));
        } catch {
          resolve(undefined);
        }
      });
      req.on('error', () => resolve(undefined));
    });

  /** A provider's JSON answer; its refusal (status ≥ 400) or silence as an `OnrampProviderError` in words. */
  async function call(provider: 'coinbase' | 'meld', url: string, init: RequestInit): Promise<unknown> {
    const who = provider === 'coinbase' ? 'Coinbase' : 'Meld';
    let answer: Response;
    try {
      answer = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
    } catch (error) {
      throw new OnrampProviderError(provider, (error as { name?: unknown }).name === 'TimeoutError' ? `${who} did not answer in time` : `${who} could not be reached`);
    }
    const body = (await answer.json().catch(() => undefined)) as unknown;
    if (!answer.ok) throw new OnrampProviderError(provider, `${who} answered ${answer.status}${providerErrorMessage(body) ? ` (${providerErrorMessage(body)})` : ''}`, answer.status);
    return body;
  }
  async function coinbaseCall(path: string, body: unknown) {
    const url = new URL(`${coinbase!.apiUrl}${path}`);
    return call('coinbase', url.href, { method: 'POST', headers: { authorization: `Bearer ${await cdpJwt(coinbase!, 'POST', url)}`, 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body) });
  }

  async function quotes(url: URL): Promise<{ status: number; body: unknown }> {
    const parsed = quoteQuery.safeParse(Object.fromEntries(url.searchParams));
    if (!parsed.success || !(Number(parsed.data.amount) > 0)) return { status: 400, body: { error: parsed.success ? 'amount: a positive fiat amount, two decimals at most' : parsed.error.issues.map((i) => i.message).join('; ') } };
    const q = parsed.data;
    const asks: Array<Promise<PorticoQuote>> = [];
    if (coinbase && q.coinbaseAsset) {
      const body = { purchase_currency: q.coinbaseAsset, ...(q.coinbaseNetwork ? { purchase_network: q.coinbaseNetwork } : {}), payment_amount: Number(q.amount).toFixed(2), payment_currency: q.currency, payment_method: 'CARD', country, ...(subdivision ? { subdivision } : {}) };
      asks.push(coinbaseCall('/onramp/v1/buy/quote', body).then((answer) => fromCoinbaseQuote(answer, q.currency, q.coinbaseAsset)));
    }
    if (meld && q.meldCode) {
      const body = { countryCode: country, sourceCurrencyCode: q.currency, sourceAmount: Number(q.amount), destinationCurrencyCode: q.meldCode, walletAddress: q.address, paymentMethodType: 'CARD' };
      asks.push(
        call('meld', `${meld.apiUrl}/payments/crypto/quote`, { method: 'POST', headers: { authorization: `BASIC ${meld.apiKey}`, 'meld-version': meld.version, 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body) }).then((answer) => {
          const { provider, cryptoAmount, fee } = fromMeldQuotes(answer, q.currency, q.meldCode);
          return { provider, cryptoAmount, fee };
        }),
      );
    }
    if (asks.length === 0) return { status: 400, body: { error: 'No provider is configured for this asset: give coinbaseAsset and/or meldCode' } };
    const settled = await Promise.allSettled(asks);
    const found = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    const errors = settled.flatMap((s) => (s.status === 'rejected' ? [{ provider: s.reason instanceof OnrampProviderError ? s.reason.provider : 'unknown', message: s.reason instanceof Error ? s.reason.message : String(s.reason) }] : []));
    if (found.length === 0) return { status: 502, body: { error: errors.map((e) => e.message).join('; '), errors } };
    return { status: 200, body: { quotes: found, ...(errors.length ? { errors } : {}) } };
  }

  async function token(req: IncomingMessage): Promise<{ status: number; body: unknown }> {
    if (!coinbase) return { status: 404, body: { error: 'Coinbase is not configured on this server' } };
    const body = await readJson(req);
    if (body === TOO_LARGE) return { status: 413, body: { error: 'The request body is larger than 20,000 characters' } };
    const parsed = tokenBody.safeParse(body);
    if (!parsed.success) return { status: 400, body: { error: `addresses [{ address, blockchains }] and assets: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}` } };
    try {
      const answer = (await coinbaseCall('/onramp/v1/token', { ...parsed.data, clientIp: clientIp(req) })) as { token?: unknown };
      if (typeof answer?.token !== 'string' || !answer.token) throw new OnrampProviderError('coinbase', 'Coinbase answered without a session token');
      return { status: 200, body: { token: answer.token } };
    } catch (error) {
      return { status: 502, body: { error: error instanceof Error ? error.message : String(error) } };
    }
  }

  const server = createServer((req, res) => {
    const given = req.headers.origin;
    const origin = given !== undefined && allowed.has(given) ? given : undefined;
    if (given !== undefined && origin === undefined) {
      req.resume();
      return send(res, undefined, 403, { error: 'This origin may not use the onramp server' });
    }
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method === 'OPTIONS') {
      req.resume();
      res.writeHead(204, { vary: 'Origin', ...(origin ? { 'access-control-allow-origin': origin } : {}), 'access-control-allow-methods': 'GET, POST', 'access-control-allow-headers': 'content-type, accept', 'access-control-max-age': '600' });
      return void res.end();
    }
    const known = (req.method === 'GET' && url.pathname === '/quotes') || (req.method === 'POST' && url.pathname === '/coinbase/token');
    if (!known) {
      req.resume();
      return send(res, origin, 404, { error: 'Not found: GET /quotes, POST /coinbase/token' });
    }
    // The site's keys and the providers' quotas are spent per request: each client gets its share, all of them a cap.
    // Counted as the other services count clients: an IPv6 visitor by its /64, which it could otherwise walk through.
    const client = clientKey(clientIp(req));
    const now = Date.now();
    const window = recent.get(client);
    const count = window && now - window.start < 60_000 ? window.count + 1 : 1;
    recent.set(client, count === 1 ? { start: now, count } : { start: window!.start, count });
    if (recent.size > 10_000) for (const [key, value] of recent) if (now - value.start >= 60_000) recent.delete(key);
    if (count > perMinute) {
      req.resume();
      res.setHeader('retry-after', String(Math.max(1, Math.ceil((recent.get(client)!.start + 60_000 - now) / 1000))));
      return send(res, origin, 429, { error: `Too many requests: at most ${perMinute} a minute` });
    }
    if (inFlight >= maxInFlight) {
      req.resume();
      res.setHeader('retry-after', '1');
      return send(res, origin, 503, { error: 'The onramp server is busy: try again in a moment' });
    }
    inFlight += 1;
    const route = url.pathname === '/quotes' ? quotes(url) : token(req);
    route
      .then(
        ({ status, body }) => send(res, origin, status, body),
        (error: unknown) => {
          // Logged here; the page gets no internals.
          console.error(`onramp server: ${error instanceof Error ? error.message : String(error)}`);
          send(res, origin, 500, { error: 'The onramp server failed to answer' });
        },
      )
      .finally(() => (inFlight -= 1));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
