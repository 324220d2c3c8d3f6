import { createTelemetry, type Telemetry } from '@portico/service-kit';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { CONFIG_META, type FrameConfig } from '../frame/config';

/** Options of `startFrameServer`. */
export interface FrameServerOptions {
  /** The frame's build (`vite build`). */
  readonly distDir: string;
  readonly config: FrameConfig;
  /** The host origins that may embed the frame (CSP `frame-ancestors`). */
  readonly frameAncestors: readonly string[];
  readonly port?: number;
  /** Logs and metrics (`@portico/service-kit`); default: none logged, metrics kept but not served. */
  readonly telemetry?: Telemetry;
}

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html; charset=utf-8', '.svg': 'image/svg+xml', '.json': 'application/json' };
const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Serves the wallet frame on 127.0.0.1: its `index.html` with the configuration written into a
 * meta tag (the auth service, the RPC URLs: the frame's own, never the host's to choose) and a
 * strict CSP (scripts and styles from itself only, requests to itself, the auth service and
 * the RPC URLs, embedding only by `frameAncestors`), and the built assets.
 */
export async function startFrameServer(options: FrameServerOptions) {
  const dist = resolve(options.distDir);
  if (!existsSync(join(dist, 'index.html'))) throw new Error(`No frame build in ${dist}: run vite build in apps/wallet-frame first`);
  const connect = [...new Set([options.config.authUrl, ...Object.values(options.config.rpcUrls)].map((url) => new URL(url).origin))];
  const csp = [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    `connect-src 'self' ${connect.join(' ')}`,
    `frame-ancestors ${options.frameAncestors.length ? options.frameAncestors.join(' ') : "'none'"}`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  const index = readFileSync(join(dist, 'index.html'), 'utf8').replace(/(<meta charset="[^"]*" \/>)/i, `$1\n    <meta name="${CONFIG_META}" content="${attribute(JSON.stringify(options.config))}" />`);
  const headers = { 'content-security-policy': csp, 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer', 'cache-control': 'no-store' };
  const serve = (request: IncomingMessage, response: ServerResponse) => {
    request.resume();
    if (request.method !== 'GET' && request.method !== 'HEAD') return void response.writeHead(405, { ...headers, allow: 'GET, HEAD' }).end();
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    } catch {
      // A malformed URL (`/%E0%A4%A`) is the client's mistake: 400, and the server goes on.
      return void response.writeHead(400, headers).end();
    }
    const path = normalize(pathname).replace(/^(\.\.[/\\])+/, '');
    // For a load balancer: alive, and ready (the frame was built and read at start, so ready as soon as it listens).
    if (path === '/healthz' || path === '/readyz') return void response.writeHead(200, { ...headers, 'content-type': 'application/json' }).end(JSON.stringify({ status: path === '/healthz' ? 'ok' : 'ready' }));
    if (path === '/' || path === '/index.html') return void response.writeHead(200, { ...headers, 'content-type': TYPES['.html']! }).end(index);
    const file = join(dist, path);
    if (!file.startsWith(dist + sep) || !existsSync(file) || !statSync(file).isFile()) return void response.writeHead(404, headers).end();
    response.writeHead(200, { ...headers, 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file)
      .on('error', () => response.destroy())
      .pipe(response);
  };
  const telemetry = options.telemetry ?? createTelemetry({ service: 'wallet-frame', level: 'silent' });
  /** A route label: the frame's page, its assets, the health checks, or `other` (a raw path is never a label). */
  const routeOf = (_method: string, path: string) => (path === '/' || path === '/index.html' ? '/' : path.startsWith('/assets/') ? '/assets' : path === '/healthz' || path === '/readyz' ? path : 'other');
  const server = createServer(telemetry.instrument((request, response, reqId) => {
    try {
      serve(request, response);
    } catch (error) {
      // Nothing a request carries may end the process that serves every host's embedded wallet.
      telemetry.logger.error({ err: error, reqId }, 'unexpected error');
      if (!response.headersSent) response.writeHead(500, headers).end();
      else response.destroy();
    }
  }, routeOf));
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolveListen());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    /** Stops taking connections, lets responses in flight finish (at most `drainMs`, default 10 s), then cuts what is left. */
    close: async (drainMs = 10_000) => {
      const drained = new Promise<void>((done) => server.close(() => done()));
      server.closeIdleConnections();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([drained, new Promise<void>((done) => (timer = setTimeout(done, drainMs)))]);
      clearTimeout(timer);
      server.closeAllConnections();
    },
  };
}
