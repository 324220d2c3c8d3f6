import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bitcoinAddressFromScript, InvalidBitcoinAddressError, parseBitcoinAddress } from '../bitcoin/addresses';
import { hex } from '@scure/base';
import { BIP122_NETWORK_IDS, type BitcoinAddressNetwork } from '../bitcoin/networks';
import { EsploraChain, TransactionRejectedError } from './esploraChain';
import { addressStats, statusOf, touchesScript, transactionView, unspentOutputs } from './esploraViews';

/** A running Esplora-compatible server over an in-memory chain. */
export interface EsploraServer {
  /** Base URL, e.g. `http://127.0.0.1:41234` (endpoints hang off it: `${url}/address/…`). */
  url: string;
  /** Pays `sats` to `address` from a coinbase-like transaction confirmed in a new block of its own. */
  fund(address: string, sats: bigint): { txid: string; vout: number };
  /** Mines blocks (default 1); the first confirms every mempool transaction. */
  mine(blocks?: number): void;
  /** Confirmed plus unconfirmed balance of an address: the sum of its unspent outputs. */
  balance(address: string): bigint;
  /** Closes the server and its connections. */
  stop(): Promise<void>;
}

/** Options of startEsploraServer. */
export interface EsploraServerOptions {
  /** Port on 127.0.0.1; a free one by default. */
  port?: number;
  /** Address network of the chain; regtest by default. */
  network?: BitcoinAddressNetwork;
  /** Origins allowed by CORS; by default any loopback http origin (127.0.0.1, localhost, [::1]). */
  allowedOrigins?: readonly string[];
}

const MAX_BODY_BYTES = 400 * 1024;
const MAX_DRAIN_BYTES = 16 * 1024 * 1024;
const FEE_TARGETS = [...Array.from({ length: 25 }, (_, i) => i + 1), 144, 504, 1008];
const CAIP_IDS: Record<BitcoinAddressNetwork, string> = { mainnet: BIP122_NETWORK_IDS.mainnet, testnet: BIP122_NETWORK_IDS.testnet, regtest: BIP122_NETWORK_IDS.regtest };

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

interface Reply {
  status: number;
  body: string;
  type: 'application/json' | 'text/plain';
}

const json = (value: unknown): Reply => ({ status: 200, body: JSON.stringify(value), type: 'application/json' });
const text = (value: string | number, status = 200): Reply => ({ status, body: String(value), type: 'text/plain' });

/**
 * Starts an Esplora-compatible HTTP server (Blockstream's REST API subset of STANDARDS.md §10) on
 * 127.0.0.1, over an in-memory UTXO set that validates and signature-checks broadcast transactions.
 * Its answers to what Portico asks are checked against tools/contracts/esplora (esplora.contract.test.ts).
 * Node only; for tests and local development.
 */
export async function startEsploraServer(options: EsploraServerOptions = {}): Promise<EsploraServer> {
  const network = options.network ?? 'regtest';
  const caipNetworkId = CAIP_IDS[network];
  const chain = new EsploraChain(caipNetworkId);

  const scriptOf = (address: string): Uint8Array => {
    try {
      return parseBitcoinAddress(address, caipNetworkId).script;
    } catch (error) {
      if (error instanceof InvalidBitcoinAddressError) throw new HttpError(400, error.message);
      throw error;
    }
  };
  const validTxid = (txid: string | undefined): string => {
    if (txid === undefined || !/^[0-9a-fA-F]{64}$/.test(txid)) throw new HttpError(400, 'Invalid transaction id: expected 64 hex characters');
    return txid.toLowerCase();
  };
  const transactionOf = (txid: string | undefined) => {
    const entry = chain.get(validTxid(txid));
    if (!entry) throw new HttpError(404, 'Transaction not found');
    return entry;
  };

  function addressRoute(address: string, rest: string[]): Reply {
    const script = scriptOf(address);
    const [section, scope, lastSeen] = rest;
    if (section === undefined) return json({ address: bitcoinAddressFromScript(script, network), ...addressStats(chain, script) });
    if (section === 'utxo' && scope === undefined) return json(unspentOutputs(chain, script));
    if (section !== 'txs') throw new HttpError(404, 'Not found');
    const history = chain.newestFirst().filter((entry) => touchesScript(entry, hex.encode(script)));
    const mempool = history.filter((entry) => !entry.block);
    const confirmed = history.filter((entry) => entry.block);
    let page: typeof history;
    if (scope === undefined) page = [...mempool.slice(0, 50), ...confirmed.slice(0, 25)];
    else if (scope === 'mempool' && lastSeen === undefined) page = mempool.slice(0, 50);
    else if (scope === 'chain' && lastSeen === undefined) page = confirmed.slice(0, 25);
    else if (scope === 'chain') {
      if (!/^[0-9a-fA-F]{64}$/.test(lastSeen!)) throw new HttpError(400, 'Invalid last_seen_txid: expected 64 hex characters');
      const index = confirmed.findIndex((entry) => entry.txid === lastSeen!.toLowerCase());
      page = index < 0 ? [] : confirmed.slice(index + 1, index + 26);
    } else throw new HttpError(404, 'Not found');
    return json(page.map((entry) => transactionView(entry, network)));
  }

  function transactionRoute(txid: string, rest: string[]): Reply {
    const [section, vout] = rest;
    // As electrs: a status is that of the confirming block, so a transaction it does not know is unconfirmed, not a 404.
    if (section === 'status' && vout === undefined) {
      const known = chain.get(validTxid(txid));
      return json(known ? statusOf(known) : { confirmed: false });
    }
    const entry = transactionOf(txid);
    if (section === undefined) return json(transactionView(entry, network));
    if (section === 'hex' && vout === undefined) return text(entry.tx.toHex());
    if (section === 'outspends' && vout === undefined) return json(entry.tx.outs.map((_, index) => outspend(entry.txid, index)));
    if (section === 'outspend' && vout !== undefined) {
      if (!/^\d{1,10}$/.test(vout)) throw new HttpError(400, 'Invalid output index');
      if (Number(vout) >= entry.tx.outs.length) throw new HttpError(404, 'Output not found');
      return json(outspend(entry.txid, Number(vout)));
    }
    throw new HttpError(404, 'Not found');
  }

  function outspend(txid: string, vout: number) {
    const spend = chain.spendOf(txid, vout);
    return spend ? { spent: true, txid: spend.txid, vin: spend.vin, status: statusOf(chain.get(spend.txid)!) } : { spent: false };
  }

  function broadcast(body: string): Reply {
    const hex = body.trim();
    if (hex.length === 0) throw new HttpError(400, 'Empty request body: expected a raw transaction in hex');
    if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]+$/.test(hex)) throw new HttpError(400, 'Invalid hex string: the body must be a raw transaction in hex');
    try {
      return text(chain.submit(hex));
    } catch (error) {
      if (error instanceof TransactionRejectedError) throw new HttpError(400, error.message);
      throw error;
    }
  }

  function route(method: string, path: string[], body: string): Reply {
    const [head, id, ...rest] = path;
    if (method === 'POST' && head === 'tx' && id === undefined) return broadcast(body);
    if (method !== 'GET') throw new HttpError(405, 'Method not allowed');
    if (head === 'address' && id !== undefined) return addressRoute(id, rest);
    if (head === 'tx' && id !== undefined) return transactionRoute(id, rest);
    if (head === 'fee-estimates' && id === undefined) return json(Object.fromEntries(FEE_TARGETS.map((t) => [String(t), feeRateFor(t)])));
    if (head === 'blocks' && id === 'tip' && rest.length === 1 && rest[0] === 'height') return text(chain.tip.height);
    if (head === 'blocks' && id === 'tip' && rest.length === 1 && rest[0] === 'hash') return text(chain.tip.hash);
    throw new HttpError(404, 'Not found');
  }

  const corsOriginFor = (origin: string | undefined): string | undefined => {
    if (origin === undefined) return undefined;
    if (options.allowedOrigins) return options.allowedOrigins.includes(origin) ? origin : undefined;
    return isLoopbackHttpOrigin(origin) ? origin : undefined;
  };

  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, text(`Internal error: ${error instanceof Error ? error.message : String(error)}`, 500), undefined);
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const allowedOrigin = corsOriginFor(req.headers.origin);
    if (req.method === 'OPTIONS') {
      req.resume();
      if (req.headers.origin !== undefined && allowedOrigin === undefined) return send(res, text('CORS origin not allowed', 403), undefined);
      res.writeHead(204, {
        ...corsHeaders(allowedOrigin),
        'access-control-allow-methods': 'GET, POST, OPTIONS',
        'access-control-allow-headers': 'content-type',
        'access-control-max-age': '600',
      });
      res.end();
      return;
    }
    const body = await readBody(req);
    let reply: Reply;
    try {
      if (body === undefined) throw new HttpError(413, `Request body exceeds ${MAX_BODY_BYTES / 1024} KB`);
      const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname.split('/').filter(Boolean).map((part) => {
        try {
          return decodeURIComponent(part);
        } catch {
          throw new HttpError(400, 'Malformed percent-encoding in the path');
        }
      });
      reply = route(req.method ?? 'GET', path, body);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      reply = text(error.message, error.status);
    }
    send(res, reply, allowedOrigin);
  }

  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\n\r\n');
    else socket.destroy();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    fund: (address, sats) => chain.fund(address, sats),
    mine: (blocks = 1) => chain.mine(blocks),
    balance: (address) => BigInt(unspentOutputs(chain, scriptOf(address)).reduce((sum, utxo) => sum + utxo.value, 0)),
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** Reads a request body as text; undefined when it exceeds the limit (the rest is drained so the 413 reaches the client). */
function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
      else if (size > MAX_DRAIN_BYTES) req.destroy();
    });
    req.on('end', () => resolve(size > MAX_BODY_BYTES ? undefined : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, reply: Reply, allowedOrigin: string | undefined): void {
  res.writeHead(reply.status, { ...corsHeaders(allowedOrigin), 'content-type': `${reply.type}; charset=utf-8`, 'content-length': Buffer.byteLength(reply.body) });
  res.end(reply.body);
}

function corsHeaders(allowedOrigin: string | undefined): Record<string, string> {
  return allowedOrigin === undefined ? { vary: 'Origin' } : { 'access-control-allow-origin': allowedOrigin, vary: 'Origin' };
}

/** An origin like `http://127.0.0.1:5173` or `http://localhost:3000`: http scheme, loopback host, nothing after the port. */
function isLoopbackHttpOrigin(origin: string): boolean {
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname) && url.origin === origin;
  } catch {
    return false;
  }
}

/** A plausible fee curve in sat/vB: fast targets pay more, never below 1. */
function feeRateFor(target: number): number {
  return Math.max(1, Math.round((20 / Math.sqrt(target)) * 1000) / 1000);
}
