export { clientAddress, clientKey } from './clientAddress';
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino, type Logger, type LevelWithSilent } from 'pino';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** A request id a caller (a proxy) may pass on: letters, digits, `.`, `_`, `-`, 8 to 128 of them. Anything else is replaced. */
const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** The request's id: the `X-Request-Id` it came with when that is a plain token, else a new UUID. */
export function requestIdOf(header: string | string[] | undefined): string {
  const given = Array.isArray(header) ? header[0] : header;
  return given && REQUEST_ID.test(given) ? given : randomUUID();
}

/** Options of `createTelemetry`. */
export interface TelemetryOptions {
  /** The service's name, on every log line and metric (`service` label). */
  readonly service: string;
  /** pino's level (`LOG_LEVEL`); default `info`. `silent` for none. */
  readonly level?: LevelWithSilent | undefined;
  /** Where log lines go; default stdout. */
  readonly destination?: NodeJS.WritableStream | undefined;
}

/** One finished request, as logged and counted. */
export interface RequestRecord {
  readonly id: string;
  readonly method: string;
  /** The route it matched (a pattern such as `/v1/email/otp`, never the raw path: a metric label must have few values). */
  readonly route: string;
  readonly status: number;
  readonly ms: number;
}

/**
 * A service's logs and metrics (issue #40): pino JSON lines (`service`, `reqId`, `method`,
 * `route`, `status`, `ms` for each request), and a prom-client registry with the request count
 * and latency by route, method and status, the process's default metrics, and whatever counters
 * and gauges the service adds. `serveMetrics(port)` exposes `GET /metrics` on 127.0.0.1, on a
 * port of its own (never the public one).
 */
export function createTelemetry(options: TelemetryOptions) {
  const logger: Logger = pino({ level: options.level ?? 'info', base: { service: options.service } }, (options.destination ?? process.stdout) as never);
  const registry = new Registry();
  registry.setDefaultLabels({ service: options.service });
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered, by route, method and status', labelNames: ['route', 'method', 'status'] as const, registers: [registry] });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request to its answer, by route, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });

  const record = (entry: RequestRecord) => {
    const labels = { route: entry.route, method: entry.method, status: String(entry.status) };
    requests.inc(labels);
    latency.observe(labels, entry.ms / 1000);
    logger[entry.status >= 500 ? 'error' : 'info']({ reqId: entry.id, method: entry.method, route: entry.route, status: entry.status, ms: Math.round(entry.ms * 10) / 10 }, 'request');
  };

  return {
    logger,
    registry,
    record,
    counter: <L extends string>(name: string, help: string, labelNames: readonly L[] = []) => new Counter({ name, help, labelNames, registers: [registry] }),
    /** A gauge read when scraped (`collect`: e.g. a count from the database). */
    gauge: (name: string, help: string, collect?: () => Promise<number> | number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        ...(collect
          ? {
              async collect(this: Gauge) {
                try {
                  this.set(await collect());
                } catch (error) {
                  logger.warn({ err: error, metric: name }, 'metric not read');
                }
              },
            }
          : {}),
      }),
    /**
     * Wraps a Node request handler: a request id (given or new) on the request and in the answer's
     * `X-Request-Id`, and, when the answer is finished, its log line and metrics. `routeOf` names
     * the route from the method and path (unknown paths: `other`).
     */
    instrument(handler: (request: IncomingMessage, response: ServerResponse, id: string) => void, routeOf: (method: string, path: string) => string) {
      return (request: IncomingMessage, response: ServerResponse) => {
        const started = performance.now();
        const id = requestIdOf(request.headers['x-request-id']);
        response.setHeader('x-request-id', id);
        response.once('finish', () => {
          let path = '/';
          try {
            path = new URL(request.url ?? '/', 'http://x').pathname;
          } catch {
            path = 'malformed';
          }
          record({ id, method: request.method ?? 'GET', route: routeOf(request.method ?? 'GET', path), status: response.statusCode, ms: performance.now() - started });
        });
        handler(request, response, id);
      };
    },
    /** `GET /metrics` (Prometheus text format) on 127.0.0.1:`port` (0: any free port); resolves with its URL and how to stop it. */
    async serveMetrics(port = 0): Promise<{ url: string; close(): Promise<void> }> {
      const server: Server = createServer((request, response) => {
        if (request.method !== 'GET' || new URL(request.url ?? '/', 'http://x').pathname !== '/metrics') return void response.writeHead(404).end();
        registry.metrics().then(
          (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
          (error: unknown) => {
            logger.error({ err: error }, 'metrics not read');
            response.writeHead(500).end();
          },
        );
      });
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => resolve());
      });
      return {
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`,
        close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
      };
    },
  };
}

export type Telemetry = ReturnType<typeof createTelemetry>;

/** `LOG_LEVEL` read from an environment: one of pino's levels, else undefined (the default). */
export function logLevelOf(value: string | undefined): LevelWithSilent | undefined {
  const levels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
  return levels.find((level) => level === value?.trim().toLowerCase());
}
