const DATA_IMAGE = /^data:image\/(png|jpe?g|gif|webp|avif|svg\+xml)(;[a-z0-9=.+-]+)*[;,]/i;

/**
 * Returns the URL when it is safe to show an image from a wallet or a page: a
 * `data:image/…` URL or an `https:` URL. Anything else (`javascript:`, `http:`, relative
 * paths, malformed) gives `undefined` and the caller shows a placeholder.
 */
export function safeImageUrl(url: unknown): string | undefined {
  if (typeof url !== 'string' || url.length === 0 || url.length > 200_000) return undefined;
  const trimmed = url.trim();
  if (DATA_IMAGE.test(trimmed)) return trimmed;
  try {
    return new URL(trimmed).protocol === 'https:' ? trimmed : undefined;
  } catch {
    return undefined;
  }
}
