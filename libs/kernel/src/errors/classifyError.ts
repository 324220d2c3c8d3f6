import type { HttpError } from './httpErrors';
import { isPorticoError } from './PorticoError';

/**
 * What a failure means to the user, whatever threw it: a wallet (EIP-1193 / EIP-1474 codes, a
 * Wallet Standard error, a plain object, a string), the network, or Portico itself.
 */
export type ErrorKind =
  | 'user-rejected'
  | 'unauthorized'
  | 'unsupported-method'
  | 'disconnected'
  | 'chain-disconnected'
  | 'request-pending'
  | 'unknown-chain'
  | 'unsupported-chain'
  | 'wallet-internal'
  | 'network'
  | 'node-refused'
  | 'no-account'
  | 'not-allowed'
  | 'aborted'
  | 'cancelled'
  | 'unknown';

/** The result of `classifyError`. */
export interface ErrorClassification {
  readonly kind: ErrorKind;
  /** The code that decided it (EIP-1193 / JSON-RPC number, Wallet Standard number, Portico code), when there is one. */
  readonly code?: number | string;
  /**
   * A message fit to show as it is: a short, plain, one-line sentence from a wallet or a node.
   * Never Portico's own messages, a runtime error's (`TypeError`) or a library's.
   */
  readonly detail?: string;
}

/** Wallet Standard's `WALLET_STANDARD_ERROR__*` codes (`@wallet-standard/errors`) that say something to the user. */
const WALLET_STANDARD_USER_REJECTED = 4001000;
const WALLET_STANDARD_CHAIN_UNSUPPORTED = 6160000;
const WALLET_STANDARD_UNIMPLEMENTED = new Set([6160001, 6160002]);

/** EIP-1193 (4xxx), EIP-1474 (-32xxx) and EIP-3085 codes; -32603 and -32002 are decided apart. */
const NUMERIC: ReadonlyMap<number, ErrorKind> = new Map<number, ErrorKind>([
  [4001, 'user-rejected'],
  [WALLET_STANDARD_USER_REJECTED, 'user-rejected'],
  [4100, 'unauthorized'],
  [4200, 'unsupported-method'],
  [-32601, 'unsupported-method'],
  [4900, 'disconnected'],
  [4901, 'chain-disconnected'],
  [4902, 'unknown-chain'],
  [WALLET_STANDARD_CHAIN_UNSUPPORTED, 'unknown-chain'],
  ...[...WALLET_STANDARD_UNIMPLEMENTED].map((code): [number, ErrorKind] => [code, 'unsupported-method']),
]);

/** Portico's codes, and the string codes of common libraries (ethers, Node's network errors). */
const STRING: ReadonlyMap<string, ErrorKind> = new Map<string, ErrorKind>([
  ['kernel/user-rejected', 'user-rejected'],
  ['kernel/rpc-method-not-allowed', 'not-allowed'],
  ['kernel/request-aborted', 'aborted'],
  ['kernel/connect-cancelled', 'cancelled'],
  ['kernel/rpc-unavailable', 'network'],
  ['kernel/http-timeout', 'network'],
  ['kernel/no-active-caip-address', 'no-account'],
  ['kernel/chain-not-supported', 'unsupported-chain'],
  ['kernel/json-rpc-error', 'node-refused'],
  ['ACTION_REJECTED', 'user-rejected'],
  ['NETWORK_ERROR', 'network'],
  ['TIMEOUT', 'network'],
  ['ECONNREFUSED', 'network'],
  ['ECONNRESET', 'network'],
  ['ENOTFOUND', 'network'],
  ['ETIMEDOUT', 'network'],
]);

/** Names of errors that mean nobody answered (viem's transports, `AbortSignal.timeout`, DOMException `NetworkError`). */
const NETWORK_NAMES = new Set(['HttpRequestError', 'WebSocketRequestError', 'SocketClosedError', 'TimeoutError', 'NetworkError']);

/** `fetch`'s rejection when nothing answered, in Chromium, Firefox, Safari, Node and React Native. */
const FETCH_FAILED = /^(Failed to fetch|NetworkError when attempting to fetch resource|Load failed|fetch failed|Network request failed)/i;

/** The runtime's own errors: their messages are about code, never for users. */
const RUNTIME_ERRORS = new Set(['TypeError', 'ReferenceError', 'SyntaxError', 'RangeError', 'EvalError', 'URIError', 'InternalError']);

/** How many linked errors (causes, wrapped originals) are looked at; a cycle ends the walk earlier. */
const MAX_LINKS = 8;

type Node = Record<string, unknown>;

const isObject = (value: unknown): value is Node => typeof value === 'object' && value !== null;

/** The thrown value, then what it wraps (`cause`, MetaMask's `data.originalError`, wallet adapters' `error`), outermost first. */
function chain(error: unknown): unknown[] {
  const seen = new Set<unknown>();
  const out: unknown[] = [];
  const queue: unknown[] = [error];
  while (queue.length > 0 && out.length < MAX_LINKS) {
    const next = queue.shift();
    if (next === undefined || next === null || seen.has(next)) continue;
    seen.add(next);
    out.push(next);
    if (!isObject(next)) continue;
    const data = safeGet(next, 'data');
    const inner = safeGet(next, 'error');
    queue.push(safeGet(next, 'cause'), isObject(data) ? safeGet(data, 'originalError') : undefined, isObject(data) ? safeGet(data, 'cause') : undefined, isObject(inner) ? inner : undefined);
  }
  return out;
}

/** A property read that survives hostile getters and proxies. */
function safeGet(node: Node, key: string): unknown {
  try {
    return node[key];
  } catch {
    return undefined;
  }
}

function numericCode(node: unknown): number | undefined {
  if (!isObject(node)) return undefined;
  const code = safeGet(node, 'code');
  if (typeof code === 'number' && Number.isInteger(code)) return code;
  // Portico's kernel errors carry the EIP-1193 code apart from their string `code`.
  const rpcCode = safeGet(node, 'rpcCode');
  if (typeof rpcCode === 'number' && Number.isInteger(rpcCode)) return rpcCode;
  // Wallet Standard: `WalletStandardError` keeps its code in `context.__code`.
  const context = safeGet(node, 'context');
  const standard = isObject(context) ? safeGet(context, '__code') : undefined;
  return typeof standard === 'number' && Number.isInteger(standard) ? standard : undefined;
}

function stringCode(node: unknown): string | undefined {
  const code = isObject(node) ? safeGet(node, 'code') : undefined;
  return typeof code === 'string' ? code : undefined;
}

function messageOf(node: unknown): string | undefined {
  if (typeof node === 'string') return node;
  const message = isObject(node) ? safeGet(node, 'message') : undefined;
  return typeof message === 'string' ? message : undefined;
}

function nameOf(node: unknown): string | undefined {
  const name = isObject(node) ? safeGet(node, 'name') : undefined;
  return typeof name === 'string' ? name : undefined;
}

/** Portico's errors and libraries' structured errors (viem, Portico: `shortMessage`) speak to developers. */
const isLibraryError = (node: unknown) => isObject(node) && (typeof safeGet(node, 'shortMessage') === 'string' || /^[a-z0-9-]+\/[a-z0-9-]+$/.test(stringCode(node) ?? ''));


function kindOf(node: unknown): ErrorKind | undefined {
  // Portico's errors carry both: their own string code decides (a refused method is not "unsupported").
  const code = stringCode(node);
  const fromString = code === undefined ? undefined : STRING.get(code);
  if (fromString) return fromString;
  const numeric = numericCode(node);
  if (numeric !== undefined) {
    const known = NUMERIC.get(numeric);
    if (known) return known;
    // EIP-1474's -32002 is "resource unavailable": MetaMask answers it while its own prompt is
    // open. Solana's nodes use the same number for a failed simulation, so the message decides.
    if (numeric === -32002) {
      const message = messageOf(node);
      if (message === undefined || /pending|already|wait/i.test(message)) return 'request-pending';
    }
  }
  const name = nameOf(node);
  if (name && NETWORK_NAMES.has(name)) return 'network';
  if (name === 'AbortError') return 'cancelled';
  if (name === 'TypeError' && FETCH_FAILED.test(messageOf(node) ?? '')) return 'network';
  return undefined;
}

/**
 * Classifies anything thrown for the user's benefit: the first link of the error chain with a
 * meaning wins (a wallet's `-32603` that wraps a `4001` is a rejection); otherwise `-32603`
 * is the wallet's internal error, and everything else `unknown`. Never throws.
 */
export function classifyError(error: unknown): ErrorClassification {
  const links = chain(error);
  let firstCode: number | string | undefined;
  let internal = false;
  for (const node of links) {
    const numeric = numericCode(node);
    const code = stringCode(node) ?? numeric;
    firstCode ??= code;
    const kind = kindOf(node);
    if (kind === 'node-refused') {
      // A node's own answer ("insufficient funds for gas * price + value") is worth showing.
      const message = messageOf(node);
      return { kind, ...(code !== undefined ? { code } : {}), ...(message && isPlainMessage(message) ? { detail: message.trim() } : {}) };
    }
    if (kind) return { kind, ...(code !== undefined ? { code } : {}) };
    if (numeric === -32603) internal = true;
  }
  if (internal) return { kind: 'wallet-internal', code: -32603 };
  const detail = links
    .filter((node) => !isLibraryError(node) && !RUNTIME_ERRORS.has(nameOf(node) ?? ''))
    .map(messageOf)
    .find((message): message is string => message !== undefined && isPlainMessage(message));
  return { kind: 'unknown', ...(firstCode !== undefined ? { code: firstCode } : {}), ...(detail ? { detail: detail.trim() } : {}) };
}

const TRANSIENT_STATUS: ReadonlySet<number> = new Set([408, 429, 500, 502, 503, 504]);

/**
 * Whether a request failed because the endpoint did not answer: a refused or reset connection
 * (`fetch`'s TypeError), a timeout, a 408/429/5xx status, or no URL answering at all.
 */
export function isEndpointUnreachable(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  if (!isPorticoError(error)) return false;
  if (error.code === 'kernel/http-timeout' || error.code === 'kernel/rpc-unavailable') return true;
  // By code, as the others: the HTTP client's errors load with the client, not with this module.
  return error.code === 'kernel/http-status' && TRANSIENT_STATUS.has((error as HttpError).status);
}

/**
 * A short plain sentence: one line, at most 120 characters, no markup, braces, URLs, long hex
 * or stack frames; not a stringified object.
 */
export function isPlainMessage(text: string): boolean {
  const trimmed = text.trim();
  return (
    trimmed.length > 1 &&
    trimmed.length <= 120 &&
    !/[\r\n<>{}[\]`]/.test(trimmed) &&
    !/https?:\/\/|www\./i.test(trimmed) &&
    !/0x[0-9a-f]{16,}/i.test(trimmed) &&
    !/\bat \S+ \(|\.(ts|js|tsx|mjs):\d/.test(trimmed) &&
    !/^(undefined|null|NaN|true|false|\d+)$/.test(trimmed) &&
    /\p{L}/u.test(trimmed)
  );
}

/**
 * Anything thrown, as an Error for state typed `Error`: an Error stays as it is; anything else
 * (a wallet's plain `{ code, message }`, a string) becomes an Error with the value's own message
 * (never "[object Object]") and the value as `cause`, so `describeError` still reads its code.
 */
export function toError(value: unknown): Error {
  if (value instanceof Error) return value;
  let own: unknown;
  try {
    own = typeof value === 'string' ? value : (value as { message?: unknown } | null | undefined)?.message;
  } catch {
    own = undefined; // a hostile getter
  }
  const message = typeof own === 'string' && isPlainMessage(own) ? own.trim() : 'The wallet failed without saying why';
  return new Error(message, { cause: value });
}
