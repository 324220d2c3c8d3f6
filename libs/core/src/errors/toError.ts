import { isPlainMessage } from '@portico/kernel/errors';

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
