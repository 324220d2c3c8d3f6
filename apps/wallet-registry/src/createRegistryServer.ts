import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createWalletFixture } from './fixture';
import { compareWallets, parseWalletQuery, QueryError, queryWallets, type WalletQuery } from './queryWallets';
import { walletImageSvg } from './walletImageSvg';
import type { WcWallet } from './WcWallet';

/** Options of `createRegistryServer`. */
export interface RegistryServerOptions {
  /** Interface to bind; loopback only by default. */
  host?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** The wallets to serve; default: the generated 1,200-wallet fixture. */
  wallets?: readonly WcWallet[];
  /** Delay before every answer, to show loading states. */
  latencyMs?: number;
  /**
   * Strict mode, as the hosted API checks the project: only these project ids are served (any
   * other gets 403, the hosted API's answer to an unknown or banned project id). Default: any
   * non-empty one.
   */
  projectIds?: readonly string[];
  /**
   * Strict mode, as a project's allowlist in the dashboard: a request whose `Origin` is not one
   * of these gets 403 (a request without `Origin`, such as an `<img>` or a server, is not
   * checked). Default: every origin.
   */
  allowedOrigins?: readonly string[];
}

/** A running registry server. */
export interface RegistryServer {
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

/** Headers a browser client sends (Reown/web3modal send the SDK ones). */
const ALLOWED_HEADERS = 'x-project-id, x-sdk-type, x-sdk-version, accept, content-type';
const IMAGE_PATH = /^\/getWalletImage\/([-_a-zA-Z0-9]{1,128})$/;

class HttpProblem extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

/**
 * A local stand-in for the wallet explorer API: `GET /getWallets` (1-based `page`,
 * `entries` ≤ 100, case-insensitive `search` over names, `include`/`exclude` id lists,
 * `chains` as CAIP-2 ids or bare namespaces, `rdns`; ordered by `order`) and
 * `GET /getWalletImage/:imageId` (SVG). Every request but a CORS preflight needs a project
 * id, as an `x-project-id` header (web3modal) or a `projectId` query parameter (newer
 * AppKit, and `<img>` tags, which cannot send headers); without one the answer is 401.
 */
export function createRegistryServer(options: RegistryServerOptions = {}): Promise<RegistryServer> {
  const { host = '127.0.0.1', port = 0, latencyMs = 0 } = options;
  const wallets = [...(options.wallets ?? createWalletFixture())].sort(compareWallets);
  const images = new Map(wallets.flatMap((w) => (w.image_id ? [[w.image_id, w.name] as const] : [])));
  const projects = options.projectIds ? new Set(options.projectIds) : undefined;
  const origins = options.allowedOrigins ? new Set(options.allowedOrigins) : undefined;

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    response.setHeader('access-control-allow-origin', '*');
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const imageMatch = IMAGE_PATH.exec(url.pathname);
    const known = url.pathname === '/getWallets' || imageMatch !== null;
    if (!known) throw new HttpProblem(404, `No route for ${url.pathname}`);
    if (request.method === 'OPTIONS') {
      response.writeHead(204, {
        'access-control-allow-methods': 'GET, OPTIONS',
        'access-control-allow-headers': ALLOWED_HEADERS,
        'access-control-max-age': '600',
      });
      return void response.end();
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') throw new HttpProblem(405, `Method ${request.method} not allowed`);
    const projectId = request.headers['x-project-id'] ?? url.searchParams.get('projectId');
    if (typeof projectId !== 'string' || projectId.trim() === '') throw new HttpProblem(401, 'Missing project id (x-project-id header or projectId parameter)');
    if (projects && !projects.has(projectId)) throw new HttpProblem(403, `Invalid project id ${JSON.stringify(projectId.slice(0, 64))}`);
    const origin = request.headers.origin;
    if (origins && origin !== undefined && !origins.has(origin)) throw new HttpProblem(403, `Origin ${JSON.stringify(origin.slice(0, 200))} is not on the project's allowlist`);
    if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));

    if (imageMatch) {
      const name = images.get(imageMatch[1]!);
      if (name === undefined) throw new HttpProblem(404, `No image ${imageMatch[1]}`);
      response.writeHead(200, {
        'content-type': 'image/svg+xml; charset=utf-8',
        'cache-control': 'public, max-age=86400, immutable',
        'x-content-type-options': 'nosniff',
        // Opened directly, an SVG is a document: forbid scripts in it.
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
      });
      return void response.end(request.method === 'HEAD' ? undefined : walletImageSvg(imageMatch[1]!, name));
    }
    let query: WalletQuery;
    try {
      query = parseWalletQuery(url.searchParams);
    } catch (error) {
      if (error instanceof QueryError) throw new HttpProblem(400, error.message);
      throw error;
    }
    const { count, data } = queryWallets(wallets, query);
    response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    response.end(request.method === 'HEAD' ? undefined : JSON.stringify({ count, data }));
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      const status = error instanceof HttpProblem ? error.status : 500;
      if (status === 500) console.error('wallet-registry:', error);
      if (!response.headersSent) {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: status === 500 ? 'Internal error' : (error as Error).message }));
      }
    });
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const { port: bound } = server.address() as AddressInfo;
      resolve({
        url: `http://${host.includes(':') ? `[${host}]` : host}:${bound}`,
        port: bound,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
