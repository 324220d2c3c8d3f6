// The errors only the request gate's approval flow throws: with it, in its own chunk.
import { PorticoError } from './PorticoError';

/** The user declined a request on the approval view (EIP-1193 code 4001). */
export class UserRejectedRequestError extends PorticoError {
  override name = 'UserRejectedRequestError';
  readonly rpcCode = 4001;
  constructor(method: string) {
    super('User rejected the request', { code: 'kernel/user-rejected', details: method });
  }
}

/** `Request was aborted`: a pending request was cancelled (modal torn down, another request refused). */
export class RequestAbortedError extends PorticoError {
  override name = 'RequestAbortedError';
  constructor(method: string) {
    super('Request was aborted', { code: 'kernel/request-aborted', details: method });
  }
}
