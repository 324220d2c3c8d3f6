/** Where the stand-in sends the browser back: the redirect URI with the answer in its query, or (form_post) the fields it posts there. */
export interface StandInAnswer {
  readonly url: URL;
  readonly method: 'GET' | 'POST';
  readonly form?: Readonly<Record<string, string>>;
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
/** An attribute's value with its character references read, as a browser reads them. */
const attr = (tag: string, name: string) =>
  new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1]?.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) =>
    ref[0] === '#' ? String.fromCodePoint(ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1))) : (NAMED[ref.toLowerCase()] ?? whole),
  );

/**
 * Goes through a stand-in's pages as a person in a browser would, without one: follows the
 * authorization URL's redirects (keeping cookies), types `login` (and any password) on the
 * login page, accepts the consent page, and stops when the stand-in sends the browser back to
 * the app, returning where and with what. For Node tests; the browser tests use Chromium.
 */
export async function signInAt(authorizationUrl: string, login: string): Promise<StandInAnswer> {
  const jar = new Map<string, string>();
  const origin = new URL(authorizationUrl).origin;
  let url = new URL(authorizationUrl);
  let init: RequestInit = {};
  for (let step = 0; step < 20; step++) {
    if (url.origin !== origin) return { url, method: 'GET' };
    const response = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string> | undefined), cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair!.indexOf('=');
      const [name, value] = [pair!.slice(0, at).trim(), pair!.slice(at + 1).trim()];
      if (/expires=Thu, 01 Jan 1970/i.test(cookie) || value === '') jar.delete(name);
      else jar.set(name, value);
    }
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      url = new URL(location, url);
      init = {};
      continue;
    }
    const html = await response.text();
    const form = /<form\b[^>]*>/i.exec(html)?.[0];
    if (!response.ok || !form) throw new Error(`The stand-in answered ${response.status} at ${url.pathname}: ${html.slice(0, 300)}`);
    const fields: Record<string, string> = {};
    for (const input of html.matchAll(/<input\b[^>]*>/gi)) {
      const name = attr(input[0], 'name');
      if (!name) continue;
      fields[name] = name === 'login' ? login : name === 'password' ? 'any password' : (attr(input[0], 'value') ?? '');
    }
    const action = new URL(attr(form, 'action') ?? url.href, url);
    if (action.origin !== origin) return { url: action, method: 'POST', form: fields };
    url = action;
    init = { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() };
  }
  throw new Error('The stand-in did not send the browser back within 20 steps');
}
