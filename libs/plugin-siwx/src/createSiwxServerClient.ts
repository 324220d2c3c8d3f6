import { HttpError, HttpResponseInvalidError } from '@portico/kernel/errors';
import type { SiwxServerConfig } from './api';
import { isSession } from './SiwxSessionStore';

/** Where the client keeps the server's bearer tokens (the shape of `localStorage`). */
export interface SiwxTokenStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Options of `createSiwxServerClient`. */
export interface SiwxServerClientOptions {
  /** The fetch to use (default the global one); e.g. one that adds credentials. */
  fetch?: typeof globalThis.fetch;
  /**
   * Where the bearer tokens from `POST /verify` are kept, so that sessions can be read and
   * revoked after a reload: `localStorage` by default when the page has it, else memory.
   * This is apart from the plugin's `storage` option: pass one here too to keep tokens
   * elsewhere (e.g. memory only).
   */
  tokenStorage?: SiwxTokenStorage;
}

const TOKEN = /^[A-Za-z0-9_-]{16,128}$/;

/** The page's `localStorage`, when it has one it may use. */
function pageStorage(): SiwxTokenStorage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined; // blocked: sandboxed frame, privacy mode
  }
}

/** Runs a storage call; a storage that refuses (quota, privacy mode) leaves the memory copy in charge. */
function tryStorage<T>(call: () => T): T | undefined {
  try {
    return call();
  } catch {
    return undefined;
  }
}

/**
 * A `SiwxServerConfig` for a server speaking the reference protocol of `apps/siwx-server`:
 * `GET /nonce` (for an account, or for any with no `address`), `POST /verify` (which hands out a bearer token for the account),
 * `GET /sessions` and `DELETE /sessions` (sent with that token; without a valid one the
 * account has no sessions here). Non-OK answers throw `HttpError` (`HTTP status code: N`);
 * malformed ones `HttpResponseInvalidError`.
 */
export function createSiwxServerClient(baseUrl: string, options: SiwxServerClientOptions = {}): SiwxServerConfig {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const storage = options.tokenStorage ?? pageStorage();
  const tokenKey = (chainId: string, address: string) => `portico.siwx.token:${baseUrl}|${chainId}|${address.toLowerCase()}`;
  /** This page's copy: it holds even when the storage refuses a write. */
  const memory = new Map<string, string>();
  const readToken = (chainId: string, address: string) => {
    const key = tokenKey(chainId, address);
    const token = tryStorage(() => storage?.getItem(key)) ?? memory.get(key);
    return token && TOKEN.test(token) ? token : undefined;
  };
  const remember = (chainId: string, address: string, token: string) => {
    const key = tokenKey(chainId, address);
    memory.set(key, token);
    tryStorage(() => storage?.setItem(key, token));
  };
  const forget = (chainId: string, address: string) => {
    const key = tokenKey(chainId, address);
    memory.delete(key);
    tryStorage(() => storage?.removeItem(key));
  };
  const url = (path: string, query: Record<string, string> = {}) => {
    const target = new URL(path, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
    for (const [key, value] of Object.entries(query)) target.searchParams.set(key, value);
    return target.toString();
  };
  const call = async (method: string, target: string, body?: unknown, token?: string): Promise<unknown> => {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    const response = await doFetch(target, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
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
      // Without an address: a nonce for whichever account signs in with it (one-click sign-in).
      const target = url('nonce', accountAddress === undefined ? { chainId } : { chainId, address: accountAddress });
      return field(await call('GET', target), 'nonce', (v): v is string => typeof v === 'string' && /^[A-Za-z0-9]{8,}$/.test(v), target);
    },
    async verify(session) {
      const target = url('verify');
      const answer = await call('POST', target, session);
      const valid = field(answer, 'valid', (v): v is boolean => typeof v === 'boolean', target);
      if (!valid) return false;
      const token = (answer as { token?: unknown }).token;
      if (token !== undefined && !(typeof token === 'string' && TOKEN.test(token))) throw new HttpResponseInvalidError(target, '"token" is malformed');
      if (token) remember(session.data.chainId, session.data.accountAddress, token);
      return true;
    },
    async getSessions(chainId, accountAddress) {
      const target = url('sessions', { chainId, address: accountAddress });
      const token = readToken(chainId, accountAddress);
      // No token of ours (never signed in here, or it expired): no sessions to read.
      if (!token) return [];
      try {
        // Elements without a session's shape are dropped here, never handed to the flow.
        return field(await call('GET', target, undefined, token), 'sessions', (v): v is unknown[] => Array.isArray(v), target).filter(isSession);
      } catch (error) {
        if (!(error instanceof HttpError && error.status === 401)) throw error;
        forget(chainId, accountAddress);
        return [];
      }
    },
    async revoke(chainId, accountAddress) {
      const token = readToken(chainId, accountAddress);
      if (!token) return;
      try {
        await call('DELETE', url('sessions', { chainId, address: accountAddress }), undefined, token);
      } catch (error) {
        // The server no longer knows the token: nothing left to revoke there.
        if (!(error instanceof HttpError && error.status === 401)) throw error;
      }
      forget(chainId, accountAddress);
    },
  };
}
