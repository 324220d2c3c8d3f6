import { loadOnce } from '../scheduling/loadOnce';
import type { HttpClient, HttpClientOptions } from './createHttpClient';

/**
 * The kernel's HTTP client: `createHttpClient`'s, loaded with the first request (the wallet
 * registry when the modal opens, a chain plugin's RPC read), not with the page. A failed load
 * rejects that request; the next one tries again.
 */
export function lazyHttpClient(options: HttpClientOptions = {}): HttpClient {
  const load = loadOnce(() => import('./createHttpClient').then(({ createHttpClient }) => createHttpClient(options)));
  return {
    get: async (path, o) => (await load()).get(path, o),
    post: async (path, o) => (await load()).post(path, o),
    put: async (path, o) => (await load()).put(path, o),
    delete: async (path, o) => (await load()).delete(path, o),
    getBlob: async (path, o) => (await load()).getBlob(path, o),
  };
}
