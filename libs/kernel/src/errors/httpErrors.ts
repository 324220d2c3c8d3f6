// The HTTP client's errors, apart from the kernel's others: the client is loaded on demand, and
// so are these (a page that only shows a connect button carries none of them).
import { PorticoError } from './PorticoError';

/** `HTTP status code: N` — a non-OK HTTP response. */
export class HttpError extends PorticoError {
  override name = 'HttpError';
  constructor(readonly status: number, readonly url: string, readonly body?: string) {
    super(`HTTP status code: ${status}`, { code: 'kernel/http-status', details: body ? `${url}: ${body}` : url });
  }
}

/** A response that is not what its schema says (not JSON, wrong shape). */
export class HttpResponseInvalidError extends PorticoError {
  override name = 'HttpResponseInvalidError';
  constructor(readonly url: string, problem: string) {
    super(`Invalid response from ${url}: ${problem}`, { code: 'kernel/http-response-invalid' });
  }
}

/** No response within the client's timeout. */
export class HttpTimeoutError extends PorticoError {
  override name = 'HttpTimeoutError';
  constructor(readonly url: string, timeoutMs: number) {
    super(`Request to ${url} timed out after ${timeoutMs} ms`, { code: 'kernel/http-timeout' });
  }
}
