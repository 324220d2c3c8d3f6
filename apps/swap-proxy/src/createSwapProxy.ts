import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Options of `startSwapProxy`. */
export interface SwapProxyOptions {
  /** Where the API is: `https://api.1inch.dev` (or a local stand-in). Requests go to `${upstream}/swap/v6.0/…`. */
  upstream: string;
  /** The site's API key, sent upstream as `Authorization: Bearer …`; never to a browser. */
  apiKey: string;
  /** The site's origins (`https://shop.example`): CORS answers for these only; a browser request from another origin is refused. */
  allowedOrigins: readonly string[];
  /** The key's rate, in requests per second (1inch's free tier: 1). Default 1. */
  rps?: number;
  /** How long a request may wait for its turn before it is answered 429 (ms). Default 10 000. */
  maxWaitMs?: number;
  /** How many requests one client may have waiting at once; more are answered 429. Default 4. */
  maxQueuedPerClient?: number;
  /** How long the API may take to answer (ms); then 504. Default 15 000. */
  upstreamTimeoutMs?: number;
  /** Port on 127.0.0.1; a free one by default. */
  port?: number;
}

/** A running proxy; `stop()` closes it. */
export interface SwapProxy {
  /** Base URL to give the Swaps plugin as the 1inch provider's `url`. */
  url: string;
  /** Requests sent upstream so far. */
  readonly forwarded: number;
  stop(): Promise<void>;
}

/** The only paths forwarded: the Classic Swap endpoints the Swaps plugin calls. The proxy is not an open relay for the key. */
const PATH = /^\/swap\/v6\.0\/\d{1,10}\/(?:quote|swap|approve\/spender|approve\/allowance|approve\/transaction)$/;
const MAX_QUERY = 2_048;

/**
 * Starts the swap proxy: `GET /swap/v6.0/{chainId}/{quote|swap|approve/…}` from the site's own
 * origins, forwarded with the key to the API one at a time at the key's rate (a request whose
 * turn would come after `maxWaitMs`, or a client with too many waiting, gets `429` with
 * `Retry-After` at once), the API's status and body passed back. Errors use the API's shape
 * (`{ error, description, statusCode, requestId, meta }`).
 */
export async function startSwapProxy(options: SwapProxyOptions): Promise<SwapProxy> {
  const upstream = new URL(options.upstream);
  if (upstream.protocol !== 'https:' && !(upstream.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(upstream.hostname))) throw new Error('startSwapProxy: upstream must be an https URL (http only on loopback)');
  if (!options.apiKey) throw new Error('startSwapProxy: apiKey is required');
  for (const origin of options.allowedOrigins) if (!URL.canParse(origin) || new URL(origin).origin !== origin) throw new Error(`startSwapProxy: "${origin}" is not an origin (scheme://host[:port])`);
  const rps = options.rps ?? 1;
  if (!(rps > 0 && rps <= 1000)) throw new Error('startSwapProxy: rps must be above 0 and at most 1000');
  const spacingMs = 1000 / rps;
  const maxWaitMs = options.maxWaitMs ?? 10_000;
  const perClient = options.maxQueuedPerClient ?? 4;
  const base = options.upstream.replace(/\/+$/, '');
  const allowed = new Set(options.allowedOrigins);
  let nextSlot = 0;
  let forwarded = 0;
  const waiting = new Map<string, number>();

  const headersFor = (origin: string | undefined): Record<string, string> => ({ 'content-type': 'application/json', 'cache-control': 'no-store', vary: 'Origin', ...(origin ? { 'access-control-allow-origin': origin } : {}) });
  const fail = (res: ServerResponse, origin: string | undefined, status: number, error: string, description: string, extra: Record<string, string> = {}) => {
    res.writeHead(status, { ...headersFor(origin), ...extra });
    res.end(JSON.stringify({ error, description, statusCode: status, requestId: randomUUID(), meta: [] }));
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    const given = req.headers.origin;
    const origin = given !== undefined && allowed.has(given) ? given : undefined;
    if (given !== undefined && origin === undefined) return fail(res, undefined, 403, 'Forbidden', 'This origin may not use the swap proxy');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { ...headersFor(origin), 'access-control-allow-methods': 'GET', 'access-control-allow-headers': 'accept', 'access-control-max-age': '600' });
      return void res.end();
    }
    if (req.method !== 'GET') return fail(res, origin, 405, 'Method Not Allowed', 'Only GET is forwarded');
    const target = req.url ?? '/';
    const [path = '', query = ''] = target.split(/\?(.*)/s, 2);
    if (!PATH.test(path)) return fail(res, origin, 404, 'Not Found', `Cannot GET ${path.slice(0, 100)}`);
    if (query.length > MAX_QUERY) return fail(res, origin, 414, 'URI Too Long', `The query is longer than ${MAX_QUERY} characters`);

    // The request's turn: one request upstream per `spacingMs`, in arrival order.
    const now = Date.now();
    const slot = Math.max(now, nextSlot);
    const client = req.socket.remoteAddress ?? '';
    const queued = waiting.get(client) ?? 0;
    if (slot - now > maxWaitMs || queued >= perClient) {
      return fail(res, origin, 429, 'Too Many Requests', 'The swap service is busy: try again in a moment', { 'retry-after': String(Math.max(1, Math.ceil((slot - now) / 1000))) });
    }
    nextSlot = slot + spacingMs;
    waiting.set(client, queued + 1);
    let gone = false;
    res.once('close', () => (gone = true));
    setTimeout(() => {
      const left = (waiting.get(client) ?? 1) - 1;
      if (left > 0) waiting.set(client, left);
      else waiting.delete(client);
      if (gone) return;
      forwarded++;
      fetch(`${base}${path}${query ? `?${query}` : ''}`, { headers: { accept: 'application/json', authorization: `Bearer ${options.apiKey}` }, signal: AbortSignal.timeout(options.upstreamTimeoutMs ?? 15_000), redirect: 'error' }).then(
        async (answer) => {
          const body = await answer.text();
          const retryAfter = answer.headers.get('retry-after');
          res.writeHead(answer.status, { ...headersFor(origin), ...(retryAfter && /^\d{1,6}$/.test(retryAfter) ? { 'retry-after': retryAfter } : {}) });
          res.end(body);
        },
        (error: unknown) => {
          const timedOut = (error as { name?: unknown } | null)?.name === 'TimeoutError';
          fail(res, origin, timedOut ? 504 : 502, timedOut ? 'Gateway Timeout' : 'Bad Gateway', timedOut ? 'The swap API did not answer in time' : 'The swap API could not be reached');
        },
      );
    }, slot - now);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get forwarded() {
      return forwarded;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
