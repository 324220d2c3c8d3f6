/** An error a JSON-RPC method throws to answer with a specific code (the Solana node's codes). */
export class JsonRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'JsonRpcError';
  }
}

/** A JSON-RPC method: positional params in, a JSON-serialisable result (bigints allowed) out. */
export type JsonRpcMethod = (params: readonly unknown[]) => unknown;

/** Largest batch answered; a longer one is refused whole with -32600. */
export const MAX_BATCH_LENGTH = 100;

type JsonRpcId = string | number | null;

const isId = (value: unknown): value is JsonRpcId => value === null || typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));

const failure = (id: JsonRpcId, code: number, message: string, data?: unknown) => ({ jsonrpc: '2.0', error: data === undefined ? { code, message } : { code, message, data }, id });

/**
 * Answers one JSON-RPC 2.0 payload (a request or a batch) with the response text, or
 * `undefined` when nothing is owed (only notifications). Never throws: every failure,
 * including a bug in a method, becomes a JSON-RPC error.
 */
export function answerJsonRpc(text: string, methods: ReadonlyMap<string, JsonRpcMethod>): string | undefined {
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    return stringifyJson(failure(null, -32700, 'Parse error: the body is not valid JSON'));
  }
  if (!Array.isArray(payload)) {
    const response = answerRequest(payload, methods);
    return response === undefined ? undefined : stringifyJson(response);
  }
  if (payload.length === 0) return stringifyJson(failure(null, -32600, 'Invalid request: empty batch'));
  if (payload.length > MAX_BATCH_LENGTH) return stringifyJson(failure(null, -32600, `Invalid request: a batch holds at most ${MAX_BATCH_LENGTH} requests`));
  const responses = payload.map((request) => answerRequest(request, methods)).filter((response) => response !== undefined);
  return responses.length === 0 ? undefined : stringifyJson(responses);
}

function answerRequest(request: unknown, methods: ReadonlyMap<string, JsonRpcMethod>): object | undefined {
  if (typeof request !== 'object' || request === null || Array.isArray(request)) return failure(null, -32600, 'Invalid request: expected a JSON-RPC request object');
  const { jsonrpc, id, method, params } = request as Record<string, unknown>;
  const notification = !('id' in request);
  if (!notification && !isId(id)) return failure(null, -32600, 'Invalid request: id must be a string, a number or null');
  const replyId = notification ? null : (id as JsonRpcId);
  if (jsonrpc !== '2.0') return failure(replyId, -32600, 'Invalid request: jsonrpc must be "2.0"');
  if (typeof method !== 'string') return failure(replyId, -32600, 'Invalid request: method must be a string');
  const handler = methods.get(method);
  let response: object;
  if (!handler) {
    response = failure(replyId, -32601, `Method not found: ${method.slice(0, 100)}`);
  } else if (params !== undefined && !Array.isArray(params)) {
    response = failure(replyId, -32602, 'Invalid params: expected an array of positional parameters');
  } else {
    try {
      response = { jsonrpc: '2.0', result: handler(params ?? []), id: replyId };
    } catch (error) {
      response = error instanceof JsonRpcError ? failure(replyId, error.code, error.message, error.data) : failure(replyId, -32603, `Internal error: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return notification ? undefined : response;
}

/**
 * `JSON.stringify` that writes bigints as plain JSON numbers, so u64 values (lamports,
 * `rentEpoch`) keep every digit for clients that parse them as bigints (@solana/kit).
 */
export function stringifyJson(value: unknown): string {
  if (typeof value === 'bigint') return value.toString();
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(stringifyJson).join(',')}]`;
  if (typeof value === 'object') {
    const members = Object.entries(value).filter(([, member]) => member !== undefined);
    return `{${members.map(([key, member]) => `${JSON.stringify(key)}:${stringifyJson(member)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
