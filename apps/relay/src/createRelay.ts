import { createServer, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { createRelayHub, type RelayPeer, type RelayStats } from './createRelayHub';
import { formatError, type RawRpcId } from './jsonRpc';
import { MAX_TTL_SECONDS } from './relayParams';
import { verifyRelayAuth } from './verifyRelayAuth';

/** A request's id as the frame writes it (a number, or a string of digits), read from its first 200 bytes; null when there is none. */
function requestIdOf(data: unknown): RawRpcId | null {
  const head = (Array.isArray(data) ? Buffer.concat(data as Buffer[]) : Buffer.isBuffer(data) ? data : Buffer.from(data as ArrayBuffer)).subarray(0, 200).toString('utf8');
  const match = /"id"\s*:\s*("\d{1,20}"|\d{1,20})\s*[,}]/.exec(head);
  return match ? { text: match[1]! } : null;
}

/** Options of {@link createRelay}; every cap has a default sized for tests and `npm start`. */
export type RelayOptions = {
  /** Interface to bind; loopback only by design. Default `127.0.0.1`. */
  host?: string;
  /** Port; `0` (default) picks a free one. */
  port?: number;
  /** Largest WebSocket frame accepted; a larger one closes the socket with 1009. Default 256 KiB. */
  maxMessageBytes?: number;
  /** Messages one client keeps queued on one topic; publishing past it drops that client's oldest there. Default 200. */
  maxQueuedPerTopic?: number;
  /** Distinct topics with queued messages, and distinct subscribed topics. Default 10 000. */
  maxTopics?: number;
  /** Bytes of queued messages across all topics; publishing past it fails with -32006. Default 64 MiB. */
  maxTotalBytes?: number;
  /** Subscriptions one socket may hold; past it -32006. Default 1000. */
  maxSubscriptionsPerSocket?: number;
  /** Open sockets across all clients; past it the upgrade gets 503. Default 1000. */
  maxConnections?: number;
  // Per-client shares. A client is the verified JWT `iss` of its sockets: one share however many sockets
  // it opens, kept across reconnects. Past a share the request gets -32007 naming the limit.
  /** Distinct topics one client may be subscribed to across its sockets. Default 500. */
  maxTopicsPerClient?: number;
  /** Bytes of stored (unacknowledged, unexpired) messages one client has published. Default 4 MiB. */
  maxQueuedBytesPerClient?: number;
  /** Stored messages one client has published. Default 500. */
  maxQueuedMessagesPerClient?: number;
  /** Open sockets of one client; past it the upgrade gets 429. Default 10. */
  maxConnectionsPerClient?: number;
  /** Longest a message is stored, whatever TTL (≤ 30 days) it asks for. Default 1 day, sign-client's longest. */
  maxTtlSeconds?: number;
  /** Per-socket token bucket over all frames. Default 200/s with bursts of 400. */
  rateLimit?: { perSecond: number; burst: number };
  /** WebSocket ping period. Node clients drop the socket after 35 s without a ping or message. Default 15 s. */
  pingIntervalMs?: number;
  /** How often expired messages are dropped. Default 1 s. */
  pruneIntervalMs?: number;
  /**
   * The project ids this relay serves (strict mode, as the hosted relay checks the `projectId`
   * query parameter against the projects of its cloud). A socket with a missing or unknown one is
   * opened, then closed with code 3000 and reason `Unauthorized: invalid key`, the close sign-client
   * treats as fatal (its jsonrpc-provider turns close code 3000 into a socket error; the relayer
   * then stops reconnecting). Default: any project id, none required.
   */
  projectIds?: readonly string[];
};

/** The close the hosted relay gives an unknown project id, and sign-client's fatal close code. */
export const INVALID_PROJECT_CLOSE = { code: 3000, reason: 'Unauthorized: invalid key' } as const;

/** A running relay. */
export type RelayHandle = {
  /** `ws://HOST:PORT` — what to pass as sign-client's `relayUrl`. */
  readonly url: string;
  readonly port: number;
  stats(): RelayStats;
  /** Closes every socket, clears the timers and the mailbox, and stops listening. */
  close(): Promise<void>;
};

/** Refuses an upgrade with `status`; the text body is the reason phrase, then `detail` when there is one. */
function reject(socket: Duplex, status: number, reason: string, detail?: string) {
  const body = `${detail ? `${reason}: ${detail}` : reason}\n`;
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
}

/**
 * Starts a loopback WalletConnect v2 relay: a verified relay JWT (`auth`) required on upgrade,
 * the `irn_*` methods, `wc_proposeSession`/`wc_approveSession` fan-out and `irn_subscription` pushes.
 */
export async function createRelay(options: RelayOptions = {}): Promise<RelayHandle> {
  const host = options.host ?? '127.0.0.1';
  const maxConnections = options.maxConnections ?? 1000;
  const maxConnectionsPerClient = options.maxConnectionsPerClient ?? 10;
  const { perSecond, burst } = options.rateLimit ?? { perSecond: 200, burst: 400 };
  const maxBufferedBytes = 8 * 1024 * 1024;
  const hub = createRelayHub({
    maxTopics: options.maxTopics ?? 10_000,
    maxQueuedPerTopic: options.maxQueuedPerTopic ?? 200,
    maxTotalBytes: options.maxTotalBytes ?? 64 * 1024 * 1024,
    maxSubscriptionsPerSocket: options.maxSubscriptionsPerSocket ?? 1000,
    maxTopicsPerClient: options.maxTopicsPerClient ?? 500,
    maxQueuedBytesPerClient: options.maxQueuedBytesPerClient ?? 4 * 1024 * 1024,
    maxQueuedMessagesPerClient: options.maxQueuedMessagesPerClient ?? 500,
    maxTtlSeconds: Math.min(options.maxTtlSeconds ?? 24 * 60 * 60, MAX_TTL_SECONDS),
    maxInFlightPerSocket: 1000,
  });
  const wss = new WebSocketServer({ noServer: true, maxPayload: options.maxMessageBytes ?? 256 * 1024 });
  const alive = new WeakMap<WebSocket, boolean>();
  const projects = options.projectIds ? new Set(options.projectIds) : undefined;
  const socketsPerClient = new Map<string, number>();

  const server = createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/health') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(hub.stats()));
      return;
    }
    res.writeHead(426, { 'content-type': 'text/plain', upgrade: 'websocket' }).end('WebSocket upgrade required\n');
  });

  // The URLs a client may have been given for this relay; `aud` must be one of them exactly, as
  // the hosted relay compares it. Known once the port is.
  let audiences: ReadonlySet<string> = new Set();

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const requestUrl = new URL(req.url ?? '/', 'ws://relay.invalid');
    void verifyRelayAuth(requestUrl.searchParams.get('auth'), audiences).then((auth) => {
      if (!auth.ok) return reject(socket, 401, 'Unauthorized', auth.reason);
      // From here to onConnection's count nothing awaits, so two sockets of one client verified at
      // the same time cannot both pass the check.
      if (wss.clients.size >= maxConnections) return reject(socket, 503, 'Service Unavailable');
      if ((socketsPerClient.get(auth.claims.iss) ?? 0) >= maxConnectionsPerClient) return reject(socket, 429, 'Too Many Requests');
      const projectId = requestUrl.searchParams.get('projectId');
      if (projects && !(projectId && projects.has(projectId))) {
        return wss.handleUpgrade(req, socket, head, (ws) => ws.close(INVALID_PROJECT_CLOSE.code, INVALID_PROJECT_CLOSE.reason));
      }
      // Every share is keyed by the verified iss, never by anything the client did not sign.
      wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, auth.claims.iss));
    }).catch(() => socket.destroy());
  });

  function onConnection(ws: WebSocket, clientId: string) {
    let tokens = burst;
    let refilledAt = Date.now();
    let rejectedInARow = 0;
    const peer: RelayPeer = {
      clientId,
      send(text) {
        if (ws.readyState !== ws.OPEN) return;
        // A client that stops reading must not grow our memory without bound.
        if (ws.bufferedAmount > maxBufferedBytes) return void ws.terminate();
        ws.send(text);
      },
    };
    hub.attach(peer);
    socketsPerClient.set(clientId, (socketsPerClient.get(clientId) ?? 0) + 1);
    alive.set(ws, true);
    ws.on('pong', () => alive.set(ws, true));
    // `ws` has already begun the closing handshake with the error's code (1009 for a frame over
    // maxPayload). Terminating here would reset the connection while the peer is still sending
    // the oversized frame, and clients such as Chromium then report 1006 instead of 1009; `ws`
    // destroys the socket itself if the handshake does not finish within its close timeout.
    ws.on('error', () => undefined);
    ws.on('close', () => {
      hub.detach(peer);
      const left = (socketsPerClient.get(clientId) ?? 1) - 1;
      if (left > 0) socketsPerClient.set(clientId, left);
      else socketsPerClient.delete(clientId);
    });
    // Text and binary frames are both read as UTF-8 JSON.
    ws.on('message', (data) => {
      alive.set(ws, true);
      const at = Date.now();
      tokens = Math.min(burst, tokens + ((at - refilledAt) / 1000) * perSecond);
      refilledAt = at;
      if (tokens < 1) {
        rejectedInARow += 1;
        if (rejectedInARow > burst) return void ws.close(1008, 'rate limit exceeded');
        // Refused unread, but answered to the request it was, so that the client's call ends now,
        // not at its own timeout: the id is taken from the frame's start without parsing it.
        return peer.send(formatError(requestIdOf(data), 'tooManyRequests', 'Too many requests'));
      }
      tokens -= 1;
      rejectedInARow = 0;
      const text = Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.from(data).toString('utf8');
      try {
        hub.handleFrame(peer, text);
      } catch {
        // The hub does not throw on input; this guards the process against our own bugs.
        peer.send(formatError(null, 'internal', 'the request could not be handled'));
      }
    });
  }

  const pingTimer = setInterval(() => {
    for (const ws of wss.clients) {
      if (alive.get(ws) === false) {
        ws.terminate();
        continue;
      }
      alive.set(ws, false);
      ws.ping();
    }
  }, options.pingIntervalMs ?? 15_000);
  const pruneTimer = setInterval(() => hub.prune(Date.now()), options.pruneIntervalMs ?? 1000);
  pingTimer.unref();
  pruneTimer.unref();

  await new Promise<void>((resolve, rejectListen) => {
    server.once('error', rejectListen);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', rejectListen);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  // 127.0.0.1 is also reachable as localhost; a client told either URL signs that one.
  const url = `ws://${host}:${port}`;
  audiences = new Set([url, `ws://localhost:${port}`]);
  let closing: Promise<void> | undefined;

  return {
    url,
    port,
    stats: () => hub.stats(),
    close() {
      closing ??= new Promise<void>((resolve) => {
        clearInterval(pingTimer);
        clearInterval(pruneTimer);
        for (const ws of wss.clients) ws.terminate();
        wss.close();
        hub.clear();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
