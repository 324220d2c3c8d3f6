/**
 * The hosted relay's errors, as its shared types (`relay_rpc`, rpc/error.rs) map them: a code,
 * the case's name in `data`, and a message that starts with the kind ("Invalid payload: …",
 * "Request handler error: …"). Vendored with its sources: tools/contracts/walletconnect-relay.
 */
export const RELAY_ERRORS = {
  /** Not JSON, or not a request this relay can read (answered with id 0). */
  serialization: { code: -32600, data: 'Serialization' },
  invalidJsonRpcVersion: { code: -32600, data: 'InvalidJsonRpcVersion' },
  invalidRequestId: { code: -32600, data: 'InvalidRequestId' },
  /** A method the relay does not have (relay_rpc has no separate -32601). */
  invalidMethod: { code: -32600, data: 'InvalidMethod' },
  invalidParams: { code: -32600, data: 'InvalidParams' },
  invalidTopic: { code: -32600, data: 'InvalidTopic' },
  batchEmpty: { code: -32600, data: 'BatchEmpty' },
  batchLimitExceeded: { code: -32600, data: 'BatchLimitExceeded' },
  ttlTooShort: { code: -32000, data: 'TtlTooShort' },
  ttlTooLong: { code: -32000, data: 'TtlTooLong' },
  /** A topic's (or a client's) stored messages would exceed what the relay keeps. */
  mailboxLimitExceeded: { code: -32000, data: 'MailboxLimitExceeded' },
  /** A socket's, the relay's or a client's subscriptions would exceed their limit. */
  subscriberLimitExceeded: { code: -32000, data: 'SubscriberLimitExceeded' },
  /** The socket sent more than its rate allows; the request was dropped unprocessed. */
  tooManyRequests: { code: 3001, data: 'TooManyRequests' },
  internal: { code: -32603, data: 'Unknown' },
} as const;
export type RelayErrorKind = keyof typeof RELAY_ERRORS;

/** How relay_rpc's message starts for each code: its kind of error. */
const MESSAGE_KIND: Readonly<Record<number, string>> = { [-32600]: 'Invalid payload: ', [-32000]: 'Request handler error: ', [-32603]: 'Internal error: ' };

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
  | { kind: 'invalid'; id: RawRpcId | null; error: RelayErrorKind; message: string };

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
    return { kind: 'invalid', id: null, error: 'serialization', message: 'Failed to deserialize request' };
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    return { kind: 'invalid', id: null, error: 'serialization', message: 'Failed to deserialize request: expected a JSON-RPC 2.0 object' };
  }
  const record = payload as Record<string, unknown>;
  const id = 'id' in record ? rawId(record.id, frame) : null;
  if (record.jsonrpc !== '2.0') {
    return { kind: 'invalid', id, error: 'invalidJsonRpcVersion', message: 'Invalid JSON RPC version: jsonrpc must be "2.0"' };
  }
  if ('method' in record) {
    if (typeof record.method !== 'string' || record.method.length === 0) {
      return { kind: 'invalid', id, error: 'invalidMethod', message: 'Invalid request method: method must be a string' };
    }
    if (!('id' in record)) return { kind: 'notification', method: record.method, params: record.params };
    if (id === null) return { kind: 'invalid', id: null, error: 'invalidRequestId', message: 'Invalid request ID: id must be a string or an integer' };
    return { kind: 'request', id, method: record.method, params: record.params };
  }
  if (id !== null && ('result' in record || 'error' in record)) return { kind: 'response', id, ok: 'result' in record };
  return { kind: 'invalid', id, error: 'serialization', message: 'Failed to deserialize request: neither a request nor a response' };
}

/** Serialises a result response, echoing the id's source text. */
export function formatResult(id: RawRpcId, result: unknown): string {
  return `{"id":${id.text},"jsonrpc":"2.0","result":${JSON.stringify(result)}}`;
}

/**
 * Serialises an error response in the hosted relay's form (`{ code, message, data }`, see
 * `RELAY_ERRORS`); `id` is `null` when the request's id could not be read, sent as 0 as relay_rpc does.
 */
export function formatError(id: RawRpcId | null, kind: RelayErrorKind, detail: string): string {
  const { code, data } = RELAY_ERRORS[kind];
  return `{"id":${id === null ? '0' : id.text},"jsonrpc":"2.0","error":${JSON.stringify({ code, message: `${MESSAGE_KIND[code] ?? ''}${detail}`, data })}}`;
}

/** Serialises a request the relay sends to a client (the `irn_subscription` push). */
export function formatRequest(id: number, method: string, params: unknown): string {
  return JSON.stringify({ id, jsonrpc: '2.0', method, params });
}
