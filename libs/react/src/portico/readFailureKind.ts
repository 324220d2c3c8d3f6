import { classifyError, isPorticoError } from '@portico/kernel';

/** Why a read failed, in the terms the user is told: nobody answered, or the answer was an error. */
export type ReadFailureKind = 'unreachable' | 'failed';

/** Status codes of a node that is down, overloaded or limiting us: it may answer later. */
const TRANSIENT_STATUS = new Set([408, 429, 500, 502, 503, 504]);

/**
 * Sorts a failed read for the message the user sees (never the raw error): the network not
 * answering (every RPC URL down, a timeout, a refused connection, a node answering 5xx or 429:
 * `classifyError`'s network kind) or any other failure.
 */
export function readFailureKind(error: unknown): ReadFailureKind {
  if (classifyError(error).kind === 'network') return 'unreachable';
  const transient = isPorticoError(error) && error.code === 'kernel/http-status' && TRANSIENT_STATUS.has((error as { status?: number }).status ?? 0);
  return transient ? 'unreachable' : 'failed';
}
