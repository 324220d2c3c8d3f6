import { fetchPublicJson } from './fetchPublicJson';

/** Largest JSON document `readJsonUri` reads (an NFT's metadata is a few KiB; images may be inlined). */
const MAX_BYTES = 512 * 1024;

/**
 * Reads a JSON document named by an untrusted URI (an NFT's metadata): a `data:application/json`
 * URI (plain or base64), or an `https:` URL fetched without the page's credentials, without a
 * referrer and without the host's client id or headers (it is not one of the host's services),
 * within `timeoutMs`, at most 512 KiB. Rejects with the reason for any other scheme, a failed or
 * oversized answer, or text that is not JSON.
 */
export async function readJsonUri(uri: string, timeoutMs: number): Promise<unknown> {
  const data = /^data:application\/json(;charset=[\w-]+)?(;base64)?,/i.exec(uri);
  if (data) {
    const payload = uri.slice(data[0].length);
    if (payload.length > MAX_BYTES * 2) throw new Error('the data: document is larger than 512 KiB');
    return JSON.parse(data[2] ? new TextDecoder().decode(Uint8Array.from(atob(payload), (c) => c.charCodeAt(0))) : decodeURIComponent(payload));
  }
  if (!/^https:\/\//i.test(uri) || !URL.canParse(uri)) throw new Error(`the URI is neither data: nor https: (${uri.slice(0, 40)})`);
  return fetchPublicJson(uri, { timeoutMs, maxBytes: MAX_BYTES });
}
