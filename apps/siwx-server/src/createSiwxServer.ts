import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SiwxSession, SiwxVerifier } from '@portico/plugin-siwx';
import { z } from 'zod';
import { createNoncePool, type NonceRefusal } from './createNoncePool';
import { createSessionStore } from './createSessionStore';
import { openSiwxDatabase, type OpenSiwxDatabase, type SiwxDatabaseOptions } from './db/openSiwxDatabase';
import { SiwxServerConfigError } from './SiwxServerConfigError';
import { clientAddress, clientKey, createTelemetry, type Telemetry } from '@portico/service-kit';
import { accountQuerySchema, nonceQuerySchema, sessionSchema, siwxDomainSchema } from './siwxServerSchemas';

/** Options of `createSiwxServer`. */
export interface SiwxServerOptions {
  /**
   * The site's host (as its pages' `location.host`, e.g. `app.example.com` or
   * `127.0.0.1:5173`), or a list of them, that sessions must be bound to. Required: a session
   * for any other domain is refused here whatever its verifier says (give the verifiers the
   * same `domain` too).
   */
  domain: string | readonly string[];
  /** Verifiers by namespace (e.g. the eip155 one from `@portico/chain-eip155/siwx`). */
  verifiers: readonly SiwxVerifier[];
  /** How long an issued nonce can be used; default 10 minutes. */
  nonceTtlMs?: number;
  /** Outstanding nonces kept at most (expired ones are pruned first); default 10,000. */
  maxNonces?: number;
  /**
   * Outstanding nonces per client (its remote address; an IPv6 one by its /64); default 100. Past
   * it that client gets 429 until one is used or expires, while other clients still get theirs.
   */
  maxNoncesPerClient?: number;
  /** Outstanding nonces one client holds for one account (chain id and address); default 10. */
  maxNoncesPerClientAccount?: number;
  /**
   * How long the bearer token `POST /verify` hands out stays valid (never past the session's
   * own expirationTime); default 24 hours.
   */
  tokenTtlMs?: number;
  /** Live bearer tokens kept at most (the oldest go first); default 10,000. */
  maxTokens?: number;
  /** Sessions kept per account (the oldest goes first); default 10. */
  maxSessionsPerAccount?: number;
  /** Largest accepted request body; default 64 KiB. */
  maxBodyBytes?: number;
  /**
   * Browser origins allowed to call the server (CORS). A request carrying any other
   * `Origin` gets 403 "Origin not allowed"; requests without one (servers) are accepted.
   */
  allowedOrigins?: readonly string[];
  /**
   * Where nonces, sessions and tokens live: `{ url }` for PostgreSQL (every instance of the site
   * on the same database: a nonce issued by one is spent on another, limits count over all),
   * `{ dataDir }` for PGlite in a folder; default PGlite in memory (one process, nothing kept).
   */
  database?: SiwxDatabaseOptions;
  /** How long `close()` waits for requests in flight before cutting them; default 10 s. */
  drainMs?: number;
  /** Logs and metrics (`@portico/service-kit`); default: none logged, metrics kept but not served. */
  telemetry?: Telemetry;
  /**
   * Addresses of the proxies in front (`SIWX_TRUSTED_PROXIES`): only from them is
   * `X-Forwarded-For` read, its right-most address that is not one of them being the client. None
   * by default: the connection's peer is the client, and a client cannot choose how it is counted.
   */
  trustedProxies?: readonly string[];
}

/** A running reference server. */
export interface SiwxServerHandle {
  readonly url: string;
  readonly server: Server;
  /** Stops taking connections, lets requests in flight finish (at most `drainMs`), then closes the database. */
  close(): Promise<void>;
}

class BadRequest extends Error {
  constructor(readonly status: number, message: string, readonly headers: Record<string, string> = {}) {
    super(message);
  }
}

const keyOf = (chainId: string, address: string) => `${chainId}:${address.toLowerCase()}`;
/** The owner of a nonce asked for without an account (one-click sign-in: the wallet names it when it signs). */
const ANY_ACCOUNT = '*';

/**
 * True for `application/json` (any case, optionally with a UTF-8 charset). Anything else is
 * refused before the body is read: `text/plain` and form types are CORS-"simple", so a page
 * on any site could post them without a preflight.
 */
function isJsonContentType(header: string | undefined): boolean {
  const [type, ...parameters] = (header ?? '').split(';').map((part) => part.trim().toLowerCase());
  if (type !== 'application/json') return false;
  // RFC 8259: JSON between systems is UTF-8, and the body is decoded as such.
  return parameters.every((parameter) => !parameter.startsWith('charset') || /^charset\s*=\s*"?utf-?8"?$/.test(parameter));
}

/** The domains `option` allows; throws when there are none or one is not a host. */
function allowedDomains(option: string | readonly string[] | undefined): Set<string> {
  // An empty string is what an unset environment variable usually becomes: treat it as missing.
  const domains = typeof option === 'string' ? (option ? [option] : []) : [...(option ?? [])];
  if (domains.length === 0) {
    throw new SiwxServerConfigError("createSiwxServer needs the site's domain, e.g. { domain: '127.0.0.1:5173' } (or a list of them): without it a sign-in signed for any site would be accepted");
  }
  for (const domain of domains) {
    if (!siwxDomainSchema.safeParse(domain).success) throw new SiwxServerConfigError(`createSiwxServer: domain ${JSON.stringify(domain)} is not a host such as app.example.com or 127.0.0.1:5173 (no scheme, no path)`);
  }
  return new Set(domains);
}

const NONCE_REFUSALS: Record<NonceRefusal['limit'], string> = {
  'client-account': 'Too many outstanding nonces from this client for this account; use one or try again later',
  client: 'Too many outstanding nonces from this client; use one or try again later',
  pool: 'Too many outstanding nonces; try again later',
};

/** Why `POST /verify` answered `{ valid: false }`, sent with it as `error`. */
const VERIFY_REFUSALS = {
  domain: "Sign-in message is for another site's domain",
  namespace: 'No verifier for this chain namespace',
  unknown: 'Nonce unknown, expired or already used; ask for a new one',
  'other-account': 'Nonce was issued for another account; ask for a new one',
  signature: 'Signature does not verify; the nonce is used up, ask for a new one',
} as const;

async function readJson(request: IncomingMessage, limit: number): Promise<unknown> {
  if (!isJsonContentType(request.headers['content-type'])) throw new BadRequest(415, 'Content-Type must be application/json');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new BadRequest(413, `Body larger than ${limit} bytes`);
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new BadRequest(400, 'Body is not valid JSON');
  }
}

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new BadRequest(400, z.prettifyError(result.error));
  return result.data;
}

/**
 * The reference Sign in with X server: `GET /nonce` (CSPRNG, single use, expiring, limited per
 * client; for the account in the query, or without one for whichever account signs in with it,
 * as one-click sign-in needs), `POST /verify` (`application/json` only; the session's domain must be the site's;
 * its nonce is spent before the chain's verifier runs, so one nonce signs in once however many
 * posts race; stores the session and answers `{ valid: true, token }`, else
 * `{ valid: false, error }`), `GET /sessions` and `DELETE /sessions` (only with
 * `Authorization: Bearer <token>` of that account: 401 otherwise); `GET /healthz` (the process
 * answers) and `GET /readyz` (the database answers, its migrations applied: 503 otherwise). Input
 * is checked with zod: bad input is a 400 with the reason, never a crash. Nonces, sessions and
 * tokens are in the database (`database`), so any number of instances can share them. Throws
 * `SiwxServerConfigError` without a valid `domain`.
 */
export function createSiwxServer(options: SiwxServerOptions) {
  const domains = allowedDomains(options.domain);
  const verifiers = new Map(options.verifiers.map((v) => [v.namespace, v]));
  const maxBodyBytes = options.maxBodyBytes ?? 64 * 1024;
  const drainMs = options.drainMs ?? 10_000;
  const trustedProxies = new Set(options.trustedProxies ?? []);
  const telemetry = options.telemetry ?? createTelemetry({ service: 'siwx-server', level: 'silent' });
  const noncesIssued = telemetry.counter('siwx_nonces_issued_total', 'Nonces handed out');
  const noncesRefused = telemetry.counter('siwx_nonces_refused_total', 'Nonces refused, by the limit reached', ['limit']);
  const signIns = telemetry.counter('siwx_signins_total', 'POST /verify answers: valid, or why not', ['result']);
  // Opened at once; requests wait for it, and `listen` reports a database that cannot open.
  const opening = openSiwxDatabase(options.database);
  opening.catch(() => undefined);
  const stores = opening.then((open) => ({
    open,
    nonces: createNoncePool(open.db, {
      ttlMs: options.nonceTtlMs ?? 10 * 60 * 1000,
      max: options.maxNonces ?? 10_000,
      maxPerClient: options.maxNoncesPerClient ?? 100,
      maxPerClientAccount: options.maxNoncesPerClientAccount ?? 10,
    }),
    sessions: createSessionStore(open.db, {
      tokenTtlMs: options.tokenTtlMs ?? 24 * 60 * 60 * 1000,
      maxTokens: options.maxTokens ?? 10_000,
      maxSessionsPerAccount: options.maxSessionsPerAccount ?? 10,
    }),
  }));
  stores.catch(() => undefined);

  const verify = async (session: SiwxSession): Promise<{ valid: false; error: string } | { valid: true; token: string }> => {
    const { chainId, accountAddress, nonce, domain } = session.data;
    const key = keyOf(chainId, accountAddress);
    const refuse = (reason: keyof typeof VERIFY_REFUSALS) => (signIns.inc({ result: reason }), { valid: false as const, error: VERIFY_REFUSALS[reason] });
    if (!domains.has(domain)) return refuse('domain');
    const verifier = verifiers.get(chainId.split(':')[0]!);
    if (!verifier) return refuse('namespace');
    const { nonces, sessions } = await stores;
    // Spent (one DELETE … RETURNING) before the signature is checked: parallel posts of one
    // signed message, to any instances, would otherwise all pass the nonce check while their
    // signature checks (an RPC call for smart accounts) run.
    const taken = await nonces.take(nonce, [key, ANY_ACCOUNT]);
    if (taken !== 'taken') return refuse(taken);
    // A signature that fails leaves the nonce spent: retrying one nonce with other signatures
    // (each maybe an RPC call) gets nothing, and the wallet signs again with a new nonce.
    if (!(await verifier.verify(session))) return refuse('signature');
    const token = await sessions.add(key, session);
    signIns.inc({ result: 'valid' });
    return { valid: true, token };
  };

  /** The account key a request may read or revoke: its bearer token's, which must match. */
  const authorize = async (request: IncomingMessage, key: string) => {
    // The auth scheme is case-insensitive (RFC 7235); the token itself is not.
    const match = /^bearer ([A-Za-z0-9_-]{16,128})$/i.exec(request.headers.authorization ?? '');
    const owner = match ? await (await stores).sessions.accountOf(match[1]!) : undefined;
    if (owner !== key) throw new BadRequest(401, 'Sign-in token missing, expired or not for this account');
  };

  const allowed = new Set(options.allowedOrigins ?? []);

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (!allowed.has(origin)) throw new BadRequest(403, 'Origin not allowed');
      response.setHeader('access-control-allow-origin', origin);
      response.setHeader('vary', 'Origin');
      if (request.method === 'OPTIONS') {
        response.writeHead(204, { 'access-control-allow-methods': 'GET, POST, DELETE', 'access-control-allow-headers': 'content-type, accept, authorization', 'access-control-max-age': '600' });
        return void response.end();
      }
    }
    const query = () => parse(accountQuerySchema, Object.fromEntries(url.searchParams));
    const send = (status: number, body?: unknown) => {
      response.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' });
      response.end(body === undefined ? undefined : JSON.stringify(body));
    };
    const route = `${request.method} ${url.pathname}`;
    switch (route) {
      case 'GET /healthz':
        return send(200, { status: 'ok' });
      case 'GET /readyz': {
        try {
          await (await opening).ping();
        } catch (error) {
          telemetry.logger.error({ err: error }, 'not ready');
          return send(503, { status: 'unavailable', error: 'Database unreachable or not migrated' });
        }
        return send(200, { status: 'ready' });
      }
      case 'GET /nonce': {
        const { chainId, address } = parse(nonceQuerySchema, Object.fromEntries(url.searchParams));
        const client = clientKey(clientAddress(request.socket.remoteAddress, request.headers['x-forwarded-for'] as string | undefined, trustedProxies));
        const issued = await (await stores).nonces.issue(client, address === undefined ? ANY_ACCOUNT : keyOf(chainId, address));
        if ('refused' in issued) {
          const { limit, retryAfterMs } = issued.refused;
          noncesRefused.inc({ limit });
          throw new BadRequest(429, NONCE_REFUSALS[limit], { 'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) });
        }
        noncesIssued.inc();
        return send(200, { nonce: issued.nonce });
      }
      case 'POST /verify': {
        const session = parse(sessionSchema, await readJson(request, maxBodyBytes)) as SiwxSession;
        return send(200, await verify(session));
      }
      case 'GET /sessions': {
        const { chainId, address } = query();
        const key = keyOf(chainId, address);
        await authorize(request, key);
        return send(200, { sessions: await (await stores).sessions.list(key) });
      }
      case 'DELETE /sessions': {
        const { chainId, address } = query();
        const key = keyOf(chainId, address);
        await authorize(request, key);
        await (await stores).sessions.revoke(key);
        return send(204);
      }
      default:
        throw new BadRequest(['/nonce', '/verify', '/sessions', '/healthz', '/readyz'].includes(url.pathname) ? 405 : 404, `No route for ${route}`);
    }
  };

  telemetry.gauge('siwx_active_sessions', 'Sessions not past their expirationTime', async () => (await stores).sessions.countLive());
  const ROUTES = new Set(['/nonce', '/verify', '/sessions', '/healthz', '/readyz']);
  const server = createServer(telemetry.instrument((request, response, reqId) => {
    handle(request, response).catch((error: unknown) => {
      const status = error instanceof BadRequest ? error.status : 500;
      if (status === 500) telemetry.logger.error({ err: error, reqId }, 'unexpected error');
      if (!response.headersSent) {
        const headers = error instanceof BadRequest ? error.headers : {};
        response.writeHead(status, { 'content-type': 'application/json', ...headers, ...(status === 401 ? { 'www-authenticate': 'Bearer' } : {}) });
        response.end(JSON.stringify({ error: status === 500 ? 'Internal error' : (error as Error).message }));
      }
    });
  }, (_method, path) => (ROUTES.has(path) ? path : 'other')));

  let closing: Promise<void> | undefined;
  /** Stops taking connections, lets requests in flight finish (at most drainMs), then closes the database. */
  const close = () =>
    (closing ??= (async () => {
      const drained = new Promise<void>((done) => server.close(() => done()));
      // Keep-alive connections with no request in flight go now; busy ones finish their request first.
      server.closeIdleConnections();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([drained, new Promise<void>((done) => (timer = setTimeout(done, drainMs)))]);
      clearTimeout(timer);
      server.closeAllConnections();
      const open: OpenSiwxDatabase | undefined = await opening.catch(() => undefined);
      await open?.close();
    })());

  return {
    server,
    close,
    /** Opens the database, listens on 127.0.0.1 (port 0 = any free port) and resolves with the base URL. */
    async listen(port = 0): Promise<SiwxServerHandle> {
      await opening;
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => {
          const { port: bound } = server.address() as AddressInfo;
          resolve({ url: `http://127.0.0.1:${bound}`, server, close });
        });
      });
    },
  };
}
