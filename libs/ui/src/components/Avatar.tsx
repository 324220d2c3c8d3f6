import { useEffect, useState } from 'react';
import { safeImageUrl } from './safeImageUrl';

/** The spec's image preload timeout. */
export const IMAGE_PRELOAD_TIMEOUT_MS = 2000;

/** Props of `Avatar`. */
export interface AvatarProps {
  /** Untrusted URL; only `data:image/…` and `https:` are shown. */
  src?: string | undefined;
  /** Used for the placeholder initial; the image itself is decorative. */
  name: string;
  size?: number;
}

/**
 * A wallet or token image with a placeholder (the name's initial) when the URL is unsafe,
 * fails to load, or takes longer than 2 s.
 */
export function Avatar({ src, name, size = 36 }: AvatarProps) {
  const url = safeImageUrl(src);
  // The outcome is stored with the URL it belongs to, so a new URL starts as loading.
  const [result, setResult] = useState<{ url: string; ok: boolean }>();
  const state = !url ? 'failed' : result?.url === url ? (result.ok ? 'ok' : 'failed') : 'loading';

  useEffect(() => {
    if (!url) return;
    const timer = setTimeout(() => setResult((r) => (r?.url === url ? r : { url, ok: false })), IMAGE_PRELOAD_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [url]);

  const initial = Array.from(name.trim())[0]?.toUpperCase() ?? '?';
  return (
    <span className="pt-avatar" style={{ width: size, height: size, fontSize: size * 0.42 }} aria-hidden="true">
      {url && state !== 'failed' ? (
        <img
          src={url}
          alt=""
          width={size}
          height={size}
          referrerPolicy="no-referrer"
          loading="lazy"
          onLoad={() => url && setResult({ url, ok: true })}
          onError={() => url && setResult({ url, ok: false })}
          style={state === 'loading' ? { opacity: 0 } : undefined}
        />
      ) : (
        initial
      )}
    </span>
  );
}
