import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPublicClient, encodeFunctionData, getAddress, http, isAddress, maxUint256, parseAbi, type Address } from 'viem';

/** Options of `startSwapAggregator`. */
export interface SwapAggregatorOptions {
  /** The EVM node the router is on (JSON-RPC over HTTP). */
  rpcUrl: string;
  /** The Uniswap V2 router the routes go through (it is also the spender to approve). */
  router: string;
  /** The router's WETH: the native currency's routes pass through it. */
  weth: string;
  /** Port on 127.0.0.1; a free one by default. */
  port?: number;
  /** Origins allowed by CORS; by default any http://127.0.0.1 or http://localhost origin. */
  allowedOrigins?: readonly string[];
  /** When set, every request needs `Authorization: Bearer <apiKey>`, as 1inch's API does. */
  apiKey?: string;
  /**
   * Behave as the real API does where a lenient stand-in would hide a production failure: no
   * CORS headers at all (1inch's API does not answer browsers: a site proxies it, see
   * apps/swap-proxy) and `429 Too Many Requests` past `rps` requests per second for the key.
   */
  strict?: boolean;
  /** The key's rate in strict mode (requests per second; 1inch's free tier: 1). Default 1. */
  rps?: number;
}

/** A running aggregator; `stop()` closes it. */
export interface SwapAggregator {
  /** Base URL, e.g. `http://127.0.0.1:4123` (the API is under `/swap/v6.0/{chainId}/`). */
  url: string;
  /** How many requests each endpoint answered (tests check the adapter's calls), and under `'429'` how many were refused over the rate. */
  readonly calls: Readonly<Record<string, number>>;
  stop(): Promise<void>;
}

const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';
const ROUTER = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
]);
const ERC20 = parseAbi(['function allowance(address owner, address spender) view returns (uint256)', 'function approve(address spender, uint256 value) returns (bool)']);

const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 405: 'Method Not Allowed', 429: 'Too Many Requests' };

/** A request the API refuses, with 1inch's error body. */
class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly description: string,
  ) {
    super(description);
  }
}

/**
 * Starts a local stand-in for the 1inch Swap API v6.0 (Classic swap) over a Uniswap V2 router:
 * `GET /swap/v6.0/{chainId}/quote?src&dst&amount`, `/approve/spender`,
 * `/approve/allowance?tokenAddress&walletAddress`, `/approve/transaction?tokenAddress[&amount]`
 * and `/swap?src&dst&amount&from&origin&slippage`, with the API's response and error shapes
 * (`{ error, description, statusCode, requestId, meta }`). Routes go direct or through WETH,
 * whichever gives more; the swap transaction calls the router with the minimum out that the
 * slippage (percent) leaves.
 */
export async function startSwapAggregator(options: SwapAggregatorOptions): Promise<SwapAggregator> {
  const client = createPublicClient({ transport: http(options.rpcUrl) });
  const chainId = await client.getChainId();
  const router = getAddress(options.router);
  const weth = getAddress(options.weth);
  const calls: Record<string, number> = {};

  const address = (query: URLSearchParams, name: string): Address => {
    const value = query.get(name) ?? '';
    if (!isAddress(value, { strict: false })) throw new ApiError(400, `${name} is not a valid address`);
    return getAddress(value);
  };
  const units = (query: URLSearchParams, name: string, optional = false): bigint | undefined => {
    const value = query.get(name);
    if (value === null && optional) return undefined;
    if (!value || !/^\d{1,78}$/.test(value) || BigInt(value) === 0n) throw new ApiError(400, `${name} must be a positive integer in base units`);
    return BigInt(value);
  };
  const pathTo = (src: Address, dst: Address, via?: Address): Address[] => {
    const a = src.toLowerCase() === NATIVE ? weth : src;
    const b = dst.toLowerCase() === NATIVE ? weth : dst;
    return via ? [a, via, b] : [a, b];
  };
  const route = async (src: Address, dst: Address, amount: bigint): Promise<{ path: Address[]; out: bigint }> => {
    if (src.toLowerCase() === dst.toLowerCase()) throw new ApiError(400, 'src and dst tokens must be different');
    const candidates = [pathTo(src, dst)];
    if (candidates[0]![0] !== weth && candidates[0]![1] !== weth) candidates.push(pathTo(src, dst, weth));
    let best: { path: Address[]; out: bigint } | undefined;
    for (const path of candidates) {
      const amounts = await client.readContract({ address: router, abi: ROUTER, functionName: 'getAmountsOut', args: [amount, path] }).catch(() => undefined);
      const out = amounts?.[amounts.length - 1];
      if (out !== undefined && out > 0n && (!best || out > best.out)) best = { path, out };
    }
    if (!best) throw new ApiError(400, 'insufficient liquidity');
    return best;
  };

  async function api(endpoint: string, query: URLSearchParams): Promise<unknown> {
    switch (endpoint) {
      case 'quote': {
        const src = address(query, 'src');
        const dst = address(query, 'dst');
        const { out } = await route(src, dst, units(query, 'amount')!);
        return { dstAmount: out.toString() };
      }
      case 'approve/spender':
        return { address: router };
      case 'approve/allowance': {
        const token = address(query, 'tokenAddress');
        if (token.toLowerCase() === NATIVE) return { allowance: maxUint256.toString() };
        const allowance = await client.readContract({ address: token, abi: ERC20, functionName: 'allowance', args: [address(query, 'walletAddress'), router] });
        return { allowance: allowance.toString() };
      }
      case 'approve/transaction': {
        const token = address(query, 'tokenAddress');
        const amount = units(query, 'amount', true) ?? maxUint256;
        const gasPrice = await client.getGasPrice();
        return { data: encodeFunctionData({ abi: ERC20, functionName: 'approve', args: [router, amount] }), gasPrice: gasPrice.toString(), to: token, value: '0' };
      }
      case 'swap': {
        const src = address(query, 'src');
        const dst = address(query, 'dst');
        const amount = units(query, 'amount')!;
        const from = address(query, 'from');
        const slippage = Number(query.get('slippage'));
        if (!query.get('slippage') || !Number.isFinite(slippage) || slippage < 0 || slippage > 50) throw new ApiError(400, 'slippage must be a number from 0 to 50');
        const { path, out } = await route(src, dst, amount);
        const min = (out * BigInt(Math.round((100 - slippage) * 100))) / 10_000n;
        const deadline = BigInt(Math.floor(Date.now() / 1000) + 1200);
        const data =
          src.toLowerCase() === NATIVE
            ? encodeFunctionData({ abi: ROUTER, functionName: 'swapExactETHForTokens', args: [min, path, from, deadline] })
            : encodeFunctionData({ abi: ROUTER, functionName: dst.toLowerCase() === NATIVE ? 'swapExactTokensForETH' : 'swapExactTokensForTokens', args: [amount, min, path, from, deadline] });
        const gasPrice = await client.getGasPrice();
        return { dstAmount: out.toString(), tx: { from, to: router, data, value: src.toLowerCase() === NATIVE ? amount.toString() : '0', gas: 0, gasPrice: gasPrice.toString() } };
      }
      default:
        throw new ApiError(404, `Cannot GET ${endpoint}`);
    }
  }

  const corsOriginFor = (origin: string | undefined): string | undefined => {
    if (origin === undefined || options.strict) return undefined;
    if (options.allowedOrigins) return options.allowedOrigins.includes(origin) ? origin : undefined;
    return /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/.test(origin) ? origin : undefined;
  };
  const reply = (res: ServerResponse, status: number, body: unknown, origin: string | undefined) => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...(origin ? { 'access-control-allow-origin': origin } : {}), vary: 'Origin' });
    res.end(JSON.stringify(body));
  };
  const failure = (status: number, description: string) => ({ error: STATUS_TEXT[status] ?? 'Internal Server Error', description, statusCode: status, requestId: randomUUID(), meta: [] });
  // Strict mode's rate: one request per `1000 / rps` ms for the key, no burst (the next slot is when it may come).
  const spacingMs = 1000 / (options.rps ?? 1);
  let nextSlot = 0;
  const overRate = (): number | undefined => {
    if (!options.strict) return undefined;
    const now = Date.now();
    if (now < nextSlot) return Math.ceil((nextSlot - now) / 1000);
    nextSlot = now + spacingMs;
    return undefined;
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    const origin = corsOriginFor(req.headers.origin);
    // The real API refuses no origin: it sends no CORS headers, so a browser cannot read its answers.
    if (!options.strict && req.headers.origin !== undefined && origin === undefined) return reply(res, 403, failure(403, 'Origin not allowed'), undefined);
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { ...(origin ? { 'access-control-allow-origin': origin } : {}), vary: 'Origin', 'access-control-allow-methods': 'GET, OPTIONS', 'access-control-allow-headers': 'authorization, accept', 'access-control-max-age': '600' });
      return void res.end();
    }
    if (req.method !== 'GET') return reply(res, 405, failure(405, 'Method not allowed'), origin);
    if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) return reply(res, 401, failure(401, 'Invalid or missing API key'), origin);
    const wait = overRate();
    if (wait !== undefined) {
      calls['429'] = (calls['429'] ?? 0) + 1;
      res.setHeader('retry-after', String(wait));
      return reply(res, 429, failure(429, 'Too many requests for this API key'), origin);
    }
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const match = /^\/swap\/v6\.0\/(\d+)\/(quote|swap|approve\/spender|approve\/allowance|approve\/transaction)\/?$/.exec(url.pathname);
    if (!match) return reply(res, 404, failure(404, `Cannot GET ${url.pathname}`), origin);
    if (Number(match[1]) !== chainId) return reply(res, 400, failure(400, `chain ${match[1]} is not supported`), origin);
    const endpoint = match[2]!;
    calls[endpoint] = (calls[endpoint] ?? 0) + 1;
    api(endpoint, url.searchParams).then(
      (body) => reply(res, 200, body, origin),
      (error: unknown) => (error instanceof ApiError ? reply(res, error.status, failure(error.status, error.description), origin) : reply(res, 500, failure(500, error instanceof Error ? error.message : String(error)), origin)),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
