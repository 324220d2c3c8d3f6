import { PorticoError } from '../errors/PorticoError';
import type { HttpClient } from './createHttpClient';

/** A JSON-RPC error answer: the node answered, so no fallback is tried. */
export class JsonRpcError extends PorticoError {
  override name = 'JsonRpcError';
  /** `data` is the error object's optional `data` member (an EVM revert's encoded reason). */
  constructor(readonly rpcCode: number, message: string, readonly data?: unknown) {
    super(message, { code: 'kernel/json-rpc-error', details: String(rpcCode) });
  }
}

/** None of a network's RPC URLs answered. */
export class RpcUnavailableError extends PorticoError {
  override name = 'RpcUnavailableError';
  constructor(urls: readonly string[], cause: unknown) {
    super(`No RPC endpoint answered (${urls.length} tried)`, { code: 'kernel/rpc-unavailable', cause, details: urls.join(', ') });
  }
}

/**
 * How long one RPC URL gets to answer a read before the next URL is tried: viem's `http`
 * transport default. A healthy node answers a read in well under a second; 10 s leaves room for
 * a slow mobile link, while a dead endpoint costs a third of the HTTP client's 30 s. A refused
 * connection does not wait for it at all: `fetch` rejects at once and the next URL is tried.
 */
export const RPC_READ_TIMEOUT_MS = 10_000;

/** Options of `jsonRpcRequest`. */
export interface JsonRpcRequestOptions {
  /** Milliseconds each URL gets before the next is tried (default `RPC_READ_TIMEOUT_MS`). */
  timeoutMs?: number;
}

/**
 * Sends a JSON-RPC 2.0 request (any chain: EVM, Solana, …) to the first URL that answers, falling back to the next on a
 * network error, a timeout or an HTTP error; a JSON-RPC error is the node's answer. Every URL is tried, in order,
 * before `RpcUnavailableError`.
 */
export async function jsonRpcRequest<T>(
  http: HttpClient,
  urls: readonly string[],
  method: string,
  params: readonly unknown[] = [],
  options: JsonRpcRequestOptions = {},
): Promise<T> {
  const { timeoutMs = RPC_READ_TIMEOUT_MS } = options;
  // The node's own error is an answer; anything else (network, HTTP status, timeout, junk) tries the next URL.
  return firstAnsweringUrl(
    urls,
    async (url) => {
      const reply = await http.post<{ result?: T; error?: { code: number; message: string; data?: unknown } }>(url, {
        body: { jsonrpc: '2.0', id: 1, method, params },
        timeoutMs,
      });
      if (reply?.error) throw new JsonRpcError(reply.error.code, reply.error.message, reply.error.data);
      if (!reply || !('result' in reply)) throw new Error(`${url} sent no JSON-RPC result`);
      return reply.result as T;
    },
    (error) => error instanceof JsonRpcError,
  );
}

/** HTTP statuses of an endpoint that is down, overloaded or limiting us: it may answer later. */
/**
 * Runs `call` against each URL in order until one answers: an error `isAnswer` accepts is the
 * endpoint's own answer and is thrown as it is; any other tries the next URL. None answering:
 * `RpcUnavailableError` with the last failure as its cause.
 */
export async function firstAnsweringUrl<T>(urls: readonly string[], call: (url: string) => Promise<T>, isAnswer: (error: unknown) => boolean): Promise<T> {
  let lastError: unknown = new Error('no URL configured');
  for (const url of urls) {
    try {
      return await call(url);
    } catch (error) {
      if (isAnswer(error)) throw error;
      lastError = error;
    }
  }
  throw new RpcUnavailableError(urls, lastError);
}
