import { classifyError } from '@portico/kernel/errors';
import { isEndpointUnreachable } from '@portico/kernel/http';

/** Why a read failed, in the terms the user is told: nobody answered, or the answer was an error. */
export type ReadFailureKind = 'unreachable' | 'failed';

/**
 * Sorts a failed read for the message the user sees (never the raw error): the network not
 * answering (every RPC URL down, a timeout, a refused connection, a node answering 5xx or 429)
 * or any other failure.
 */
export function readFailureKind(error: unknown): ReadFailureKind {
  return isEndpointUnreachable(error) || classifyError(error).kind === 'network' ? 'unreachable' : 'failed';
}
