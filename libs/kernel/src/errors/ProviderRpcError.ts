import { classifyError, type ErrorKind } from './classifyError';

/**
 * The error a provider hands the host (EIP-1193's `ProviderRpcError`): a numeric `code`, a
 * clear `message`, the wallet's `data` and the original error as `cause`. Not a PorticoError:
 * EIP-1193 needs `code` to be the number libraries such as viem and ethers switch on.
 */
export class ProviderRpcError extends Error {
  override name = 'ProviderRpcError';
  readonly code: number;
  readonly data?: unknown;

  constructor(code: number, message: string, options: { data?: unknown; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    if (options.data !== undefined) this.data = options.data;
  }
}

/** The message of the host's error when the network's RPC endpoint failed (any wrapping). */
export const RPC_ENDPOINT_DOWN_MESSAGE = "The network's RPC endpoint did not answer";

/** The code a failure of each kind gets when the wallet gave none (EIP-1193, EIP-1474, EIP-3085). */
const CODE_OF_KIND: Partial<Record<ErrorKind, number>> = {
  'user-rejected': 4001,
  // The user closed the modal, or a refused request ended it: the request was not carried out.
  aborted: 4001,
  cancelled: 4001,
  unauthorized: 4100,
  'no-account': 4100,
  'unsupported-method': 4200,
  'not-allowed': 4200,
  disconnected: 4900,
  'chain-disconnected': 4901,
  'unknown-chain': 4902,
  'request-pending': -32002,
};

/** EIP-1193's descriptions, for errors that came without a message. */
const DEFAULT_MESSAGES: Readonly<Record<number, string>> = {
  4001: 'User rejected the request.',
  4100: 'The requested method and/or account has not been authorized by the user.',
  4200: 'The Provider does not support the requested method.',
  4900: 'The Provider is disconnected from all chains.',
  4901: 'The Provider is not connected to the requested chain.',
  4902: 'Unrecognized chain ID.',
  [-32002]: 'A request is already pending in the wallet.',
};

const read = (value: unknown, key: string): unknown => {
  try {
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  } catch {
    return undefined;
  }
};

/** A JSON-RPC / EIP-1193 code, as opposed to Wallet Standard's seven-digit ones. */
const isRpcCode = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= -32768 && value <= 32767;

/** The first line of the error's own message (a library's `shortMessage` first), when it has one. */
function messageOf(error: unknown): string | undefined {
  const text = typeof error === 'string' ? error : [read(error, 'shortMessage'), read(error, 'message')].find((m) => typeof m === 'string' && m.trim() !== '');
  if (typeof text !== 'string') return undefined;
  const line = text.trim().split('\n')[0]!.trim();
  return line === '' || line.startsWith('[object ') ? undefined : line;
}

/**
 * Turns anything a request threw into the host's `ProviderRpcError`: the wallet's numeric code
 * and message kept, Portico's own errors given their EIP-1193 code, a network failure (however
 * wrapped) `-32603` with "The network's RPC endpoint did not answer", and an error without a
 * message a clear one. The original is always the `cause`.
 */
export function toProviderRpcError(error: unknown): ProviderRpcError {
  if (error instanceof ProviderRpcError) return error;
  const { kind } = classifyError(error);
  const data = read(error, 'data');
  const extra = { cause: error, ...(data !== undefined ? { data } : {}) };
  if (kind === 'network') return new ProviderRpcError(-32603, RPC_ENDPOINT_DOWN_MESSAGE, extra);
  const given = [read(error, 'code'), read(error, 'rpcCode')].find(isRpcCode);
  const code = given ?? CODE_OF_KIND[kind] ?? -32603;
  return new ProviderRpcError(code, messageOf(error) ?? DEFAULT_MESSAGES[code] ?? 'The wallet request failed without saying why.', extra);
}
