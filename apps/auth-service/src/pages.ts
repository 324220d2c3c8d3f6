import type { Context } from 'hono';

/** Text as HTML text: nothing in it becomes markup. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * The strict policy of every page the service serves (the device link, the social callback):
 * nothing loads, nothing frames it, no `<base>`, forms post only where `formAction` allows
 * (`'none'` unless the page has one), scripts only by `nonce`.
 */
export function pagePolicy(options: { formAction?: string; scriptNonce?: string } = {}) {
  return [
    "default-src 'none'",
    ...(options.scriptNonce ? [`script-src 'nonce-${options.scriptNonce}'`] : []),
    "style-src 'unsafe-inline'",
    `form-action ${options.formAction ?? "'none'"}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * A small page in the popup or the browser a mail link opened: `title` and `text` are text
 * (escaped here, whoever wrote them: a provider's `error_description` included); `body` is
 * markup the caller built from escaped parts.
 */
export function page(c: Context, status: 200 | 400, parts: { title: string; text: string; body?: string; formAction?: string; scriptNonce?: string }) {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer"><title>${escapeHtml(parts.title)}</title>`
    + '<style>body{font:16px/1.5 system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}button{font:inherit;padding:.6rem 1.2rem}</style></head>'
    + `<body><main><h1>${escapeHtml(parts.title)}</h1><p>${escapeHtml(parts.text)}</p>${parts.body ?? ''}</main></body></html>`;
  return c.html(html, status, {
    'content-security-policy': pagePolicy(parts),
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
}
