import { HttpError, HttpResponseInvalidError } from '@portico/kernel';
import type { SiwxServerConfig } from './api';
import { isSession } from './SiwxSessionStore';

/** Options of `createSiwxServerClient`. */
export interface SiwxServerClientOptions {
  /** The fetch to use (default the global one); e.g. one that adds credentials. */
  fetch?: typeof globalThis.fetch;
}

/**
 * A `SiwxServerConfig` for a server speaking the reference protocol of `apps/siwx-server`:
 * `GET /nonce`, `POST /verify`, `GET /sessions`, `DELETE /sessions`. Non-OK answers throw
 * `HttpError` (`HTTP status code: N`); malformed ones `HttpResponseInvalidError`.
 */
export function createSiwxServerClient(baseUrl: string, options: SiwxServerClientOptions = {}): SiwxServerConfig {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const url = (path: string, query: Record<string, string> = {}) => {
    const target = new URL(path, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
    for (const [key, value] of Object.entries(query)) target.searchParams.set(key, value);
    return target.toString();
  };
  const call = async (method: string, target: string, body?: unknown): Promise<unknown> => {
    const response = await doFetch(target, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new HttpError(response.status, target, await response.text().catch(() => undefined));
    if (response.status === 204) return undefined;
    try {
      return await response.json();
    } catch {
      throw new HttpResponseInvalidError(target, 'not JSON');
    }
  };
  const field = <T>(value: unknown, key: string, check: (v: unknown) => v is T, target: string): T => {
    const found = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
    if (!check(found)) throw new HttpResponseInvalidError(target, `"${key}" is missing or malformed`);
    return found;
  };

  return {
    async getNonce({ accountAddress, chainId }) {
      const target = url('nonce', { chainId, address: accountAddress });
      return field(await call('GET', target), 'nonce', (v): v is string => typeof v === 'string' && /^[A-Za-z0-9]{8,}$/.test(v), target);
    },
    async verify(session) {
      const target = url('verify');
      return field(await call('POST', target, session), 'valid', (v): v is boolean => typeof v === 'boolean', target);
    },
    async getSessions(chainId, accountAddress) {
      const target = url('sessions', { chainId, address: accountAddress });
      // Elements without a session's shape are dropped here, never handed to the flow.
      return field(await call('GET', target), 'sessions', (v): v is unknown[] => Array.isArray(v), target).filter(isSession);
    },
    async revoke(chainId, accountAddress) {
      await call('DELETE', url('sessions', { chainId, address: accountAddress }));
    },
  };
}
