import { HttpError, HttpResponseInvalidError, HttpTimeoutError } from '../errors/httpErrors';

/** Query parameters; `undefined` values are left out. */
export type QueryParams = Readonly<Record<string, string | number | boolean | undefined>>;

/** Options of one request. */
export interface RequestOptions {
  params?: QueryParams;
  headers?: Readonly<Record<string, string>>;
  signal?: AbortSignal;
  /** Milliseconds before this request fails with `HttpTimeoutError`, in place of the client's `timeoutMs`. */
  timeoutMs?: number;
}

/** Options of a request with a JSON body. */
export interface BodyRequestOptions extends RequestOptions {
  body?: unknown;
}

/** A small JSON HTTP client; every method throws `HttpError` on a non-OK status. */
export interface HttpClient {
  get<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  post<T = unknown>(path: string, options?: BodyRequestOptions): Promise<T>;
  put<T = unknown>(path: string, options?: BodyRequestOptions): Promise<T>;
  delete<T = unknown>(path: string, options?: BodyRequestOptions): Promise<T>;
  getBlob(path: string, options?: RequestOptions): Promise<Blob>;
}

/** Configuration of `createHttpClient`. */
export interface HttpClientOptions {
  /** Base URL relative paths resolve against; absolute URLs are used as they are. */
  baseUrl?: string;
  /** Appended to every request as `clientId` (the spec's analytics/client id). */
  clientId?: string;
  headers?: Readonly<Record<string, string>>;
  /** Milliseconds before a request fails with `HttpTimeoutError` (default 30 s). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** Creates an HTTP client over `fetch`. */
export function createHttpClient(options: HttpClientOptions = {}): HttpClient {
  const { baseUrl, clientId } = options;

  function urlOf(path: string, params: QueryParams = {}): URL {
    const url = baseUrl ? new URL(path, baseUrl) : new URL(path);
    for (const [key, value] of Object.entries(params)) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    if (clientId) url.searchParams.set('clientId', clientId);
    return url;
  }

  /** Sends a request; `guard` maps our own timeout to HttpTimeoutError while the body is read too. */
  async function send(
    method: string,
    path: string,
    opts: BodyRequestOptions = {},
  ): Promise<{ response: Response; guard: <T>(reading: Promise<T>) => Promise<T> }> {
    const url = urlOf(path, opts.params);
    const timeoutMs = opts.timeoutMs ?? options.timeoutMs ?? 30_000;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers, ...opts.headers };
    let body: string | undefined;
    if (opts.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
    const guard = async <T>(reading: Promise<T>): Promise<T> => {
      try {
        return await reading;
      } catch (error) {
        if (timeout.aborted && !opts.signal?.aborted) throw new HttpTimeoutError(url.toString(), timeoutMs);
        throw error;
      }
    };
    const response = await guard((options.fetch ?? fetch)(url, { method, headers, body, signal }));
    if (!response.ok) {
      const text = await response.text().catch(() => '');
      throw new HttpError(response.status, url.toString(), text.slice(0, 500));
    }
    return { response, guard };
  }

  async function json<T>(method: string, path: string, opts?: BodyRequestOptions): Promise<T> {
    const { response, guard } = await send(method, path, opts);
    const text = await guard(response.text());
    if (text.length === 0) return undefined as T;
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new HttpResponseInvalidError(response.url || path, 'the body is not valid JSON');
    }
  }

  return {
    get: (path, opts) => json('GET', path, opts),
    post: (path, opts) => json('POST', path, opts),
    put: (path, opts) => json('PUT', path, opts),
    delete: (path, opts) => json('DELETE', path, opts),
    getBlob: async (path, opts) => {
      const { response, guard } = await send('GET', path, { ...opts, headers: { accept: '*/*', ...opts?.headers } });
      return guard(response.blob());
    },
  };
}
