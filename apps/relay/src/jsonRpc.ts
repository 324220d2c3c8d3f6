/** JSON-RPC 2.0 error codes the relay answers with (the standard ones plus three server codes). */
export const RELAY_ERROR_CODES = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  /** The socket sent more than its rate allows; the request was dropped unprocessed. */
  rateLimited: -32005,
  /** A relay-wide or per-socket cap (topics, total queued bytes, subscriptions per socket) would be exceeded. */
  capacityExceeded: -32006,
  /** The client (JWT `iss`, across all its sockets) would exceed its own share; the message names the limit. */
  clientQuotaExceeded: -32007,
} as const;

/**
 * A request id exactly as the client wrote it. WalletConnect ids are 19-digit integers, past
 * `Number.MAX_SAFE_INTEGER`, so the relay echoes the source text instead of a parsed number.
 */
export type RawRpcId = { readonly text: string };

/** One frame from a client, classified. */
export type IncomingFrame =
  | { kind: 'request'; id: RawRpcId; method: string; params: unknown }
  | { kind: 'notification'; method: string; params: unknown }
  | { kind: 'response'; id: RawRpcId; ok: boolean }
  | { kind: 'invalid'; id: RawRpcId | null; code: number; message: string };

const BIG_ID = /"id"\s*:\s*(-?\d{16,})\s*[,}]/;

function rawId(value: unknown, frame: string): RawRpcId | null {
  if (typeof value === 'string') return { text: JSON.stringify(value) };
  if (typeof value === 'number' && Number.isInteger(value)) {
    // A parsed number past 2^53 has lost digits; take the digits from the frame itself.
    const big = Number.isSafeInteger(value) ? undefined : BIG_ID.exec(frame)?.[1];
    return { text: big !== undefined && Number(big) === value ? big : String(value) };
  }
  return null;
}

/** Parses and classifies one text frame; never throws. */
export function parseFrame(frame: string): IncomingFrame {
  let payload: unknown;
  try {
    payload = JSON.parse(frame);
  } catch {
    return { kind: 'invalid', id: null, code: RELAY_ERROR_CODES.parseError, message: 'Parse error' };
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    return { kind: 'invalid', id: null, code: RELAY_ERROR_CODES.invalidRequest, message: 'Invalid request: expected a JSON-RPC 2.0 object' };
  }
  const record = payload as Record<string, unknown>;
  const id = 'id' in record ? rawId(record.id, frame) : null;
  if (record.jsonrpc !== '2.0') {
    return { kind: 'invalid', id, code: RELAY_ERROR_CODES.invalidRequest, message: 'Invalid request: jsonrpc must be "2.0"' };
  }
  if ('method' in record) {
    if (typeof record.method !== 'string' || record.method.length === 0) {
      return { kind: 'invalid', id, code: RELAY_ERROR_CODES.invalidRequest, message: 'Invalid request: method must be a string' };
    }
    if (!('id' in record)) return { kind: 'notification', method: record.method, params: record.params };
    if (id === null) return { kind: 'invalid', id: null, code: RELAY_ERROR_CODES.invalidRequest, message: 'Invalid request: id must be a string or an integer' };
    return { kind: 'request', id, method: record.method, params: record.params };
  }
  if (id !== null && ('result' in record || 'error' in record)) return { kind: 'response', id, ok: 'result' in record };
  return { kind: 'invalid', id, code: RELAY_ERROR_CODES.invalidRequest, message: 'Invalid request: neither a request nor a response' };
}

/** Serialises a result response, echoing the id's source text. */
export function formatResult(id: RawRpcId, result: unknown): string {
  return `{"id":${id.text},"jsonrpc":"2.0","result":${JSON.stringify(result)}}`;
}

/** Serialises an error response; `id` is `null` when the request's id could not be read. */
export function formatError(id: RawRpcId | null, code: number, message: string): string {
  return `{"id":${id === null ? 'null' : id.text},"jsonrpc":"2.0","error":${JSON.stringify({ code, message })}}`;
}

/** Serialises a request the relay sends to a client (the `irn_subscription` push). */
export function formatRequest(id: number, method: string, params: unknown): string {
  return JSON.stringify({ id, jsonrpc: '2.0', method, params });
}
