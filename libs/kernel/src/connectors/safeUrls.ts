/** A checked URL, or why it was refused. */
export type UrlCheck = { ok: true; url: string } | { ok: false; reason: string };

/** Schemes that run code or smuggle content when opened; never followed, whatever the field. */
const DANGEROUS_SCHEMES = new Set(['javascript:', 'data:', 'vbscript:', 'file:', 'blob:', 'about:', 'filesystem:']);
const CUSTOM_SCHEME = /^[a-z][a-z0-9+.-]*:$/;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
const IMAGE_DATA_URL = /^data:image\/(png|jpeg|gif|webp|avif|svg\+xml)(;[-a-z0-9=.+]*)*,/i;
const INVISIBLE = /[\s\u200b-\u200f\u2028\u2029\ufeff]/;

/** C0/C1 control characters (the URL parser silently drops tabs and newlines: "java\nscript:"). */
function hasControlCharacters(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

function parse(value: string): URL | string {
  if (hasControlCharacters(value) || INVISIBLE.test(value)) return 'contains whitespace or control characters';
  if (!URL.canParse(value)) return 'is not a URL';
  return new URL(value);
}

/**
 * Checks a wallet link. `app` links (mobile/desktop deep links) may be https universal
 * links or custom schemes such as `wallet://`; `web` links (web app, homepage, stores)
 * must be https. Code-running schemes and anything unparsable are refused. The link is
 * returned as given (deep links are concatenated with paths later, so no normalising).
 */
export function checkLink(value: string, kind: 'app' | 'web'): UrlCheck {
  const url = parse(value);
  if (typeof url === 'string') return { ok: false, reason: url };
  const scheme = url.protocol.toLowerCase();
  if (DANGEROUS_SCHEMES.has(scheme)) return { ok: false, reason: `uses the ${scheme} scheme` };
  if (scheme === 'https:') return { ok: true, url: value };
  if (kind === 'app' && scheme !== 'http:' && CUSTOM_SCHEME.test(scheme)) return { ok: true, url: value };
  return { ok: false, reason: kind === 'app' ? `uses the ${scheme} scheme (https or an app scheme expected)` : `uses the ${scheme} scheme (https expected)` };
}

/** True for an `http:` URL on a loopback host (a local registry during development/tests). */
export function isLoopbackHttp(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

/**
 * Checks an image URL for `<img src>`: https, or a `data:image/…` URL; `http:` only on a
 * loopback host and only when `allowLoopbackHttp` (the registry itself is local).
 */
export function checkImageUrl(value: string, allowLoopbackHttp: boolean): UrlCheck {
  if (/^data:/i.test(value)) {
    return IMAGE_DATA_URL.test(value) && !hasControlCharacters(value) ? { ok: true, url: value } : { ok: false, reason: 'is a data: URL that is not an image' };
  }
  const url = parse(value);
  if (typeof url === 'string') return { ok: false, reason: url };
  if (url.protocol === 'https:') return { ok: true, url: url.href };
  if (allowLoopbackHttp && isLoopbackHttp(url.href)) return { ok: true, url: url.href };
  return { ok: false, reason: `uses the ${url.protocol} scheme (https or data:image expected)` };
}
