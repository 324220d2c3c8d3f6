import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { type RawData, WebSocketServer } from 'ws';
import { base58 } from '@scure/base';
import { METADATA_PROGRAM, metadataAddress } from '../pda';
import { SOLANA_LOCALNET_GENESIS_HASH } from './localnet';
import { answerJsonRpc, stringifyJson } from './server/jsonRpc';
import { toAddress } from './server/rpcParams';
import { createSolanaLedger } from './server/solanaLedger';
import { createSolanaRpcMethods } from './server/solanaRpcMethods';
import { createSubscriptionSession } from './server/subscriptionSession';

export { SOLANA_LOCALNET_GENESIS_HASH };

/** Options of `startSolanaServer`. */
export interface SolanaServerOptions {
  /** HTTP port on 127.0.0.1; a free one by default. */
  port?: number;
  /** A separate WebSocket port; by default WebSockets share the HTTP port (upgrade). */
  wsPort?: number;
  /** Origins allowed by CORS; by default any http://127.0.0.1 or http://localhost origin. */
  allowedOrigins?: readonly string[];
}

/** A running local Solana node; `stop()` closes every socket. */
export interface SolanaServer {
  /** JSON-RPC over HTTP, e.g. `http://127.0.0.1:45123`. */
  url: string;
  /** PubSub over WebSocket; pass it as web3.js `Connection`'s `wsEndpoint`. */
  wsUrl: string;
  genesisHash: string;
  /** Sends lamports from the built-in faucet (a real, recorded transfer); resolves its signature. */
  airdrop(address: string, lamports: bigint): Promise<string>;
  balance(address: string): bigint;
  /** Test fixture: an SPL mint at `mint` with `amount` held by `owner`'s token account (its address is returned). */
  mintTokens(mint: string, owner: string, decimals: number, amount: bigint): string;
  /** Test fixture: an NFT (zero decimals, one held by `owner`) with Metaplex metadata (name, symbol, uri) at its metadata address. */
  mintNft(mint: string, owner: string, metadata: { name: string; symbol: string; uri: string }): Promise<void>;
  stop(): Promise<void>;
}

/** Metaplex's metadata account layout up to the uri: key 4 (MetadataV1), update authority, mint, then Borsh strings. */
function metaplexMetadata(mint: string, { name, symbol, uri }: { name: string; symbol: string; uri: string }): Uint8Array {
  const text = (value: string) => {
    const bytes = new TextEncoder().encode(value);
    const out = new Uint8Array(4 + bytes.length);
    new DataView(out.buffer).setUint32(0, bytes.length, true);
    out.set(bytes, 4);
    return [...out];
  };
  return Uint8Array.from([4, ...new Uint8Array(32), ...base58.decode(mint), ...text(name), ...text(symbol), ...text(uri), 0, 0]);
}

/** Largest HTTP body or WebSocket frame accepted. */
const MAX_BODY_BYTES = 1024 * 1024;
/** Past this, an oversized body is no longer drained but cut off. */
const MAX_DRAINED_BYTES = 64 * MAX_BODY_BYTES;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

function isOriginAllowed(origin: string, allowedOrigins: readonly string[] | undefined): boolean {
  if (allowedOrigins) return allowedOrigins.includes(origin);
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname) && url.origin === origin;
  } catch {
    return false;
  }
}

/** Reads a body up to the limit; an oversized one is drained (so the 413 reaches the client) but not kept. */
function readBody(request: IncomingMessage): Promise<{ body?: string; tooLarge?: boolean }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
      else chunks.length = 0;
      if (size > MAX_DRAINED_BYTES) request.destroy();
    });
    request.on('end', () => resolve(size > MAX_BODY_BYTES ? { tooLarge: true } : { body: Buffer.concat(chunks).toString('utf8') }));
    request.on('close', () => resolve({}));
  });
}

const rawText = (data: RawData) => (Array.isArray(data) ? Buffer.concat(data) : data instanceof ArrayBuffer ? Buffer.from(data) : data).toString('utf8');

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });

/**
 * Starts a local Solana JSON-RPC + WebSocket node on 127.0.0.1 backed by an in-process
 * LiteSVM (signatures verified, a blockhash valid for 150 blocks, a new block per landed
 * transaction). `@solana/web3.js` 1.x `Connection` and `@solana/kit` both work against it.
 */
export async function startSolanaServer(options: SolanaServerOptions = {}): Promise<SolanaServer> {
  const { allowedOrigins } = options;
  const ledger = createSolanaLedger();
  const methods = createSolanaRpcMethods(ledger, SOLANA_LOCALNET_GENESIS_HASH);
  let subscriptionCount = 0;
  const webSockets = new WebSocketServer({ noServer: true, maxPayload: MAX_BODY_BYTES });

  const respond = (response: ServerResponse, status: number, body: string, type = 'text/plain') => {
    response.writeHead(status, { 'content-type': type }).end(body);
  };

  const handleHttp = async (request: IncomingMessage, response: ServerResponse) => {
    const origin = request.headers.origin;
    response.setHeader('Vary', 'Origin');
    if (origin !== undefined) {
      if (!isOriginAllowed(origin, allowedOrigins)) {
        request.resume();
        return respond(response, 403, 'Origin not allowed');
      }
      response.setHeader('Access-Control-Allow-Origin', origin);
    }
    if (request.method === 'OPTIONS') {
      response.writeHead(204, { 'Access-Control-Allow-Methods': 'POST, OPTIONS', 'Access-Control-Allow-Headers': 'content-type, solana-client', 'Access-Control-Max-Age': '600' }).end();
      return;
    }
    if (request.method === 'GET' && request.url === '/health') return respond(response, 200, 'ok');
    if (request.method !== 'POST') {
      request.resume();
      response.setHeader('Allow', 'POST, OPTIONS');
      return respond(response, 405, 'Method not allowed: send JSON-RPC with POST');
    }
    const { body, tooLarge } = await readBody(request);
    if (tooLarge) return respond(response, 413, stringifyJson({ jsonrpc: '2.0', error: { code: -32600, message: `Request body exceeds ${MAX_BODY_BYTES} bytes` }, id: null }), 'application/json');
    if (body === undefined) return;
    respond(response, 200, answerJsonRpc(body, methods) ?? '', 'application/json');
  };

  const onRequest = (request: IncomingMessage, response: ServerResponse) => {
    handleHttp(request, response).catch(() => {
      if (!response.headersSent) respond(response, 500, 'Internal server error');
    });
  };

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const origin = request.headers.origin;
    if (origin !== undefined && !isOriginAllowed(origin, allowedOrigins)) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    webSockets.handleUpgrade(request, socket, head, (webSocket) => {
      const session = createSubscriptionSession(
        ledger,
        (text) => {
          if (webSocket.readyState === webSocket.OPEN) webSocket.send(text);
        },
        () => subscriptionCount++,
      );
      webSocket.on('message', (data) => session.handle(rawText(data)));
      webSocket.on('close', () => session.close());
      webSocket.on('error', () => webSocket.terminate());
    });
  };

  const server = createServer(onRequest).on('upgrade', onUpgrade);
  const servers = [server];
  const port = await listen(server, options.port ?? 0);
  let wsPort = port;
  if (options.wsPort !== undefined && options.wsPort !== port) {
    const wsServer = createServer((_request, response) => respond(response, 426, 'Upgrade to a WebSocket')).on('upgrade', onUpgrade);
    try {
      wsPort = await listen(wsServer, options.wsPort);
    } catch (error) {
      await close(server);
      throw error;
    }
    servers.push(wsServer);
  }

  let stopped: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${wsPort}`,
    genesisHash: SOLANA_LOCALNET_GENESIS_HASH,
    async airdrop(address, lamports) {
      if (lamports <= 0n) throw new RangeError('lamports must be positive');
      return ledger.airdrop(toAddress(address, 'address'), lamports).signature;
    },
    balance: (address) => ledger.balance(toAddress(address, 'address')),
    mintTokens: (mint, owner, decimals, amount) => ledger.mintTokens(toAddress(mint, 'mint'), toAddress(owner, 'owner'), decimals, amount),
    async mintNft(mint, owner, metadata) {
      ledger.mintTokens(toAddress(mint, 'mint'), toAddress(owner, 'owner'), 0, 1n);
      ledger.writeAccount(toAddress(await metadataAddress(mint), 'metadata'), METADATA_PROGRAM as never, metaplexMetadata(mint, metadata));
    },
    stop() {
      stopped ??= (async () => {
        for (const client of webSockets.clients) client.terminate();
        await new Promise<void>((resolve) => webSockets.close(() => resolve()));
        await Promise.all(servers.map(close));
      })();
      return stopped;
    },
  };
}
