import { HttpError, HttpResponseInvalidError } from '../errors/httpErrors';

/** Options of `fetchPublicJson`. */
export interface PublicJsonRequest {
  /** `POST` when `body` is given, else `GET`. */
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
  /** 15 s by default. */
  readonly timeoutMs?: number;
  /** Largest answer read, in characters; 1 MiB by default. */
  readonly maxBytes?: number;
}

/**
 * A JSON request to a service that is not one of the host's own (a swap API, an onramp
 * endpoint, an NFT's metadata host): sent without the page's credentials, without a referrer and
 * without the host's client id or headers, within `timeoutMs`, its answer read up to `maxBytes`.
 * Rejects with `HttpError` for a non-2xx answer (`body`: its first 500 characters, for the
 * service's own message), `HttpResponseInvalidError` for an oversized answer or one that is not JSON.
 */
export async function fetchPublicJson(url: string, request: PublicJsonRequest = {}): Promise<unknown> {
  const { body, timeoutMs = 15_000, maxBytes = 1024 * 1024 } = request;
  const response = await fetch(url, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...request.headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    credentials: 'omit',
    referrerPolicy: 'no-referrer',
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await response.text();
  if (!response.ok) throw new HttpError(response.status, url, text.slice(0, 500));
  if (text.length > maxBytes) throw new HttpResponseInvalidError(url, `the answer is larger than ${Math.round(maxBytes / 1024)} KiB`);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpResponseInvalidError(url, 'the body is not valid JSON');
  }
}
